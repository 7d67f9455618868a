/** Small helpers shared by the disclosure-style widgets (dropdown, mobile menu, accordion). */

export function controlledElement(button: Element): HTMLElement | null {
  const id = button.getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
}

export function isExpanded(button: Element): boolean {
  return button.getAttribute('aria-expanded') === 'true';
}

export function setExpanded(button: Element, expanded: boolean): void {
  button.setAttribute('aria-expanded', String(expanded));
}

/** Calls `close` for any click outside `container`, and when the page comes back from the back/forward cache. */
export function closeOnOutsideClick(container: Element, close: () => void): void {
  document.addEventListener('click', (event) => {
    if (!container.contains(event.target as Node)) close();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) close();
  });
}
