/**
 * Services tabs (APG tabs, automatic activation): shows the tab list, gives
 * tabs and panels their roles, and shows one panel at a time. Left/Right
 * wrap around, Home/End jump to the first/last tab; only the selected tab is
 * in the Tab order (roving tabindex).
 */
import { controlledElement } from './disclosure.ts';

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function enhance(root: ParentNode = document): void {
  for (const widget of root.querySelectorAll<HTMLElement>('[data-tabs]')) {
    const list = widget.querySelector<HTMLElement>('[data-tabs-list]');
    const tabs = list ? [...list.querySelectorAll<HTMLButtonElement>('[data-tab]')] : [];
    if (!list || tabs.length === 0) continue;

    const select = (selected: HTMLButtonElement, focus: boolean): void => {
      for (const tab of tabs) {
        const active = tab === selected;
        tab.setAttribute('aria-selected', String(active));
        tab.tabIndex = active ? 0 : -1;
        const panel = controlledElement(tab);
        if (panel) panel.hidden = !active;
      }
      if (focus) selected.focus();
    };

    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-label', list.dataset.label ?? '');
    for (const tab of tabs) {
      tab.setAttribute('role', 'tab');
      const panel = controlledElement(tab);
      panel?.setAttribute('role', 'tabpanel');
      panel?.setAttribute('aria-labelledby', tab.id);
      if (panel) panel.tabIndex = 0;
      tab.addEventListener('click', () => select(tab, false));
      tab.addEventListener('keydown', (event) => {
        const move = MOVES[event.key];
        if (!move) return;
        event.preventDefault();
        select(tabs[move(tabs.indexOf(tab), tabs.length)]!, true);
      });
    }
    select(tabs.find((tab) => tab.dataset.tab === widget.dataset.default) ?? tabs[0]!, false);
    list.hidden = false;
    widget.dataset.enhanced = '';
  }
}
