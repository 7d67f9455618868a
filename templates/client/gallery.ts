/**
 * Gallery captions on touch screens: a tap reveals an item's title and
 * category, a second tap hides them, and tapping another item moves the
 * reveal there. Hover and keyboard focus are handled by CSS alone.
 */
export function enhance(root: ParentNode = document): void {
  for (const gallery of root.querySelectorAll<HTMLElement>('[data-gallery]')) {
    const items = [...gallery.querySelectorAll<HTMLElement>('[data-gallery-item]')];
    for (const item of items) {
      item.addEventListener('pointerup', (event) => {
        if (event.pointerType === 'mouse') return;
        const reveal = !item.hasAttribute('data-revealed');
        for (const other of items) other.removeAttribute('data-revealed');
        if (reveal) item.setAttribute('data-revealed', '');
      });
    }
    gallery.dataset.enhanced = '';
  }
}
