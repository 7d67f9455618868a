/**
 * FAQ accordion (APG accordion): at most one answer open; activating the open
 * question closes it. Up/Down/Home/End move between the questions.
 */
import { controlledElement, isExpanded, setExpanded } from './disclosure.ts';

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function enhance(root: ParentNode = document): void {
  for (const accordion of root.querySelectorAll<HTMLElement>('[data-accordion]')) {
    const triggers = [...accordion.querySelectorAll<HTMLButtonElement>('[data-accordion-trigger]')];
    const show = (trigger: HTMLButtonElement, open: boolean): void => {
      setExpanded(trigger, open);
      const panel = controlledElement(trigger);
      if (panel) panel.hidden = !open;
    };
    for (const trigger of triggers) {
      show(trigger, false);
      trigger.addEventListener('click', () => {
        const open = !isExpanded(trigger);
        for (const other of triggers) show(other, false);
        show(trigger, open);
      });
      trigger.addEventListener('keydown', (event) => {
        const move = MOVES[event.key];
        if (!move) return;
        event.preventDefault();
        triggers[move(triggers.indexOf(trigger), triggers.length)]?.focus();
      });
    }
    accordion.dataset.enhanced = '';
  }
}
