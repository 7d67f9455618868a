/**
 * The open pages first (watch): before the pass's plan values every page,
 * the pages open in a browser are valued alone, and those stale are rendered
 * and moved into the output on their own and told to reload; only then is
 * the rest planned and rendered, in slices, each moved in as soon as it is
 * complete. Before each slice the pass asks whether a later change
 * superseded it; if so it stops, and what it left is stale by the page
 * manifest (a pass forgets the records of the pages it renders and records
 * them again only once they are in the output), so the next pass renders it,
 * whatever its change: an abandoned pass never leaves a stale page behind,
 * unlike a fast render mode that renders only what is viewed. Without open
 * pages, or with none of them stale, a pass writes all its pages at once.
 */
import type { Route } from '../routes/route-table.ts';

/** What the runner is told about open pages (RunOptions.first). */
export interface OpenPagesFirst {
  /** URLs of the pages open in a browser (route URLs: `/about/`), checked by the caller. */
  pages: readonly string[];
  /** Called once the stale open pages are in the output, with their URLs, before the rest renders. */
  written(urls: readonly string[]): void;
  /** Asked before each slice of the rest: true stops the pass there (a later change will render what is left). */
  superseded(): boolean;
}

/**
 * The rest is moved into the output a slice at a time, each slice sized to render in about
 * `SLICE_MS` at the pace of the last: a later change waits about that long for the slice in
 * hand, and a fast site's slices are large enough that slicing costs little.
 */
export const SLICE_MS = 250;
export const SLICE_PAGES = { first: 8, most: 500 } as const;

/** The routes of the open pages, in route order (the URLs come from clients: unknown ones match nothing). */
export function openRoutes(routes: readonly Route[], first: OpenPagesFirst | undefined): Route[] {
  if (!first || first.pages.length === 0) return [];
  const wanted = new Set(first.pages);
  return routes.filter((route) => wanted.has(route.url));
}

/** Writes the stale open pages on their own and tells `first`; their records are then current, so the pass's plan leaves them out. */
export async function writeOpenPages(stale: readonly Route[], first: OpenPagesFirst, write: (routes: readonly Route[]) => Promise<void>): Promise<string[]> {
  await write(stale);
  const urls = stale.map((route) => route.url);
  first.written(urls);
  // The reload is written to the event stream, but Node's HTTP response flushes it on the next
  // tick: without this turn of the event loop it waited for the plan of every page (seconds at 10,000 pages).
  await new Promise((resolve) => setImmediate(resolve));
  return urls;
}

/**
 * Writes the rest of the pass a slice at a time (the first with the pass's removals and site
 * files: `write(routes, true)`) until done, or until a later change superseded the pass. `now`
 * is the clock the pace is read from (milliseconds).
 */
export async function writeRestInSlices(
  rest: readonly Route[],
  first: OpenPagesFirst,
  write: (routes: readonly Route[], withSiteFiles: boolean) => Promise<void>,
  now: () => number = () => performance.now(),
): Promise<{ rendered: number; deferred: number }> {
  let rendered = 0;
  let size: number = SLICE_PAGES.first;
  let start = 0;
  do {
    if (first.superseded()) return { rendered, deferred: rest.length - start };
    const slice = rest.slice(start, start + size);
    const began = now();
    await write(slice, start === 0);
    rendered += slice.length;
    start += slice.length;
    const perPage = Math.max(now() - began, 1) / Math.max(slice.length, 1);
    size = Math.min(SLICE_PAGES.most, Math.max(SLICE_PAGES.first, Math.round(SLICE_MS / perPage)));
  } while (start < rest.length);
  return { rendered, deferred: 0 };
}
