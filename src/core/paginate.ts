/**
 * Pagination, as Astro's `paginate()` and Eleventy's pagination do it: a
 * list cut into pages of `size`, the first at `base` (`/guides`), the
 * others at `base/page/N`. There is always a first page, so a listing a
 * menu links to exists even before its first entry.
 */

export interface Pagination<Item> {
  /** Site path of this page: `/guides`, `/guides/page/2`. */
  path: string;
  /** 1-based. */
  number: number;
  /** Pages in all (at least 1). */
  total: number;
  /** The items on this page, in the order given. */
  items: Item[];
  /** Items in all. */
  count: number;
  /** Site paths of the neighbouring pages, when there are any. */
  previous?: string;
  next?: string;
  first: string;
  last: string;
}

/** The path of page `number` of a listing at `base`. */
export function pagePath(base: string, number: number): string {
  return number === 1 ? base || '/' : `${base}/page/${number}`;
}

export function paginate<Item>(items: readonly Item[], options: { base: string; size: number }): Array<Pagination<Item>> {
  const { base, size } = options;
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`paginate: size must be a whole number of at least 1, not ${size}`);
  if (base !== '' && (!base.startsWith('/') || base.endsWith('/'))) throw new RangeError(`paginate: base must be a site path such as /guides, not "${base}"`);
  const total = Math.max(1, Math.ceil(items.length / size));
  return Array.from({ length: total }, (_, index) => {
    const number = index + 1;
    return {
      path: pagePath(base, number), number, total, count: items.length,
      items: items.slice(index * size, number * size),
      ...(number > 1 ? { previous: pagePath(base, number - 1) } : {}),
      ...(number < total ? { next: pagePath(base, number + 1) } : {}),
      first: pagePath(base, 1), last: pagePath(base, total),
    };
  });
}
