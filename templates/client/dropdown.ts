/**
 * Desktop Services menu (APG disclosure navigation): the button toggles the
 * panel; Escape closes it and returns focus to the button; it also closes on
 * an outside click, when focus leaves it and once a link is chosen.
 */
import { closeOnOutsideClick, controlledElement, setExpanded, isExpanded } from './disclosure.ts';

export function enhance(root: ParentNode = document): void {
  for (const dropdown of root.querySelectorAll<HTMLElement>('[data-dropdown]')) {
    const toggle = dropdown.querySelector<HTMLButtonElement>('[data-dropdown-toggle]');
    const panel = toggle && controlledElement(toggle);
    if (!toggle || !panel) continue;
    const close = (): void => setExpanded(toggle, false);
    setExpanded(toggle, false);
    toggle.addEventListener('click', () => setExpanded(toggle, !isExpanded(toggle)));
    dropdown.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !isExpanded(toggle)) return;
      close();
      toggle.focus();
    });
    // A null relatedTarget is a click on something unfocusable; the outside-click handler decides then.
    dropdown.addEventListener('focusout', (event) => {
      if (event.relatedTarget instanceof Node && !dropdown.contains(event.relatedTarget)) close();
    });
    panel.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) close();
    });
    closeOnOutsideClick(dropdown, close);
    dropdown.dataset.enhanced = '';
  }
}
