/**
 * Small-screen menu: the toggle opens the panel, the Services button opens
 * its submenu. Choosing a link, Escape (focus goes back to the toggle), a
 * click outside and keyboard focus leaving the menu close both. While it is
 * open the page behind does not scroll ([data-menu-open] on <html>).
 */
import { closeOnOutsideClick, controlledElement, isExpanded, setExpanded } from './disclosure.ts';

export function enhance(root: ParentNode = document): void {
  for (const menu of root.querySelectorAll<HTMLElement>('[data-mobile-menu]')) {
    const toggle = menu.querySelector<HTMLButtonElement>('[data-mobile-menu-toggle]');
    const panel = toggle && controlledElement(toggle);
    if (!toggle || !panel) continue;
    const subToggles = [...menu.querySelectorAll<HTMLButtonElement>('[data-mobile-submenu-toggle]')];
    const open = (): void => {
      setExpanded(toggle, true);
      document.documentElement.dataset.menuOpen = '';
    };
    const close = (): void => {
      setExpanded(toggle, false);
      for (const sub of subToggles) setExpanded(sub, false);
      delete document.documentElement.dataset.menuOpen;
    };
    close();
    toggle.addEventListener('click', () => (isExpanded(toggle) ? close() : open()));
    for (const sub of subToggles) sub.addEventListener('click', () => setExpanded(sub, !isExpanded(sub)));
    panel.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) close();
    });
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !isExpanded(toggle)) return;
      close();
      toggle.focus();
    });
    // Tabbing out of the menu closes it, so no focused element is left hidden under the panel.
    // (No relatedTarget: focus left the window or went to nothing; the outside-click handler covers clicks.)
    menu.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !menu.contains(next) && isExpanded(toggle)) close();
    });
    closeOnOutsideClick(menu, close);
    menu.dataset.enhanced = '';
  }
}
