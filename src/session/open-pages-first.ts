/**
 * The open pages first (watch): of the stale pages of an in-place pass, the
 * ones open in a browser are rendered and moved into the output on their
 * own, the open pages are told to reload, and only then is the rest
 * rendered, in slices, each moved in as soon as it is complete. Between
 * slices the pass asks whether a later change superseded it; if so it stops,
 * and what it left is stale by the page manifest (a pass forgets the records
 * of the pages it renders and records them again only once they are in the
 * output), so the next pass renders it: an abandoned pass never leaves a
 * stale page behind, unlike a fast render mode that renders only what is
 * viewed. Without open pages, or when every stale page is open, the pass
 * writes all its pages at once, as before.
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

export interface OpenPagesOutcome {
  /** URLs of the open pages written first. */
  first: string[];
  /** Time from the start of the write to the open pages in the output, in milliseconds. */
  firstMilliseconds: number;
  rendered: number;
  /** Pages of this pass left to the next one (superseded). */
  deferred: number;
}

/**
 * The rest is moved into the output a slice at a time, each slice sized to render in about
 * `SLICE_MS` at the pace of the last: a later change waits about that long for the slice in
 * hand, and a fast site's slices are large enough that slicing costs little.
 */
export const SLICE_MS = 250;
export const SLICE_PAGES = { first: 8, most: 500 } as const;

/** The stale routes split into the open ones and the rest; undefined when there is nothing to put first. */
export function splitOpenPages(stale: readonly Route[], first: OpenPagesFirst | undefined): { open: Route[]; rest: Route[] } | undefined {
  if (!first || first.pages.length === 0) return undefined;
  const wanted = new Set(first.pages);
  const open: Route[] = [];
  const rest: Route[] = [];
  for (const route of stale) (wanted.has(route.url) ? open : rest).push(route);
  return open.length > 0 && rest.length > 0 ? { open, rest } : undefined;
}

/**
 * Writes the open pages (with the pass's removals and site files: `write(routes, true)`), tells
 * `first`, then the rest a slice at a time until done or superseded.
 */
export async function writeOpenPagesFirst(split: { open: Route[]; rest: Route[] }, first: OpenPagesFirst, write: (routes: Route[], withSiteFiles: boolean) => Promise<void>): Promise<OpenPagesOutcome> {
  const started = performance.now();
  await write(split.open, true);
  const urls = split.open.map((route) => route.url);
  const firstMilliseconds = performance.now() - started;
  first.written(urls);
  let rendered = split.open.length;
  let size: number = SLICE_PAGES.first;
  let start = 0;
  while (start < split.rest.length) {
    if (first.superseded()) return { first: urls, firstMilliseconds, rendered, deferred: split.rest.length - start };
    const slice = split.rest.slice(start, start + size);
    const began = performance.now();
    await write(slice, false);
    rendered += slice.length;
    start += slice.length;
    const perPage = Math.max(performance.now() - began, 1) / slice.length;
    size = Math.min(SLICE_PAGES.most, Math.max(SLICE_PAGES.first, Math.round(SLICE_MS / perPage)));
  }
  return { first: urls, firstMilliseconds, rendered, deferred: 0 };
}
