/**
 * Small-screen menu: the toggle opens the panel, the Services button opens
 * its submenu. Choosing a link, Escape or a click outside closes both.
 */
import { closeOnOutsideClick, controlledElement, isExpanded, setExpanded } from './disclosure.ts';

export function enhance(root: ParentNode = document): void {
  for (const menu of root.querySelectorAll<HTMLElement>('[data-mobile-menu]')) {
    const toggle = menu.querySelector<HTMLButtonElement>('[data-mobile-menu-toggle]');
    const panel = toggle && controlledElement(toggle);
    if (!toggle || !panel) continue;
    const subToggles = [...menu.querySelectorAll<HTMLButtonElement>('[data-mobile-submenu-toggle]')];
    const close = (): void => {
      setExpanded(toggle, false);
      for (const sub of subToggles) setExpanded(sub, false);
    };
    close();
    toggle.addEventListener('click', () => (isExpanded(toggle) ? close() : setExpanded(toggle, true)));
    for (const sub of subToggles) sub.addEventListener('click', () => setExpanded(sub, !isExpanded(sub)));
    panel.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) close();
    });
    menu.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !isExpanded(toggle)) return;
      close();
      toggle.focus();
    });
    closeOnOutsideClick(menu, close);
    menu.dataset.enhanced = '';
  }
}
