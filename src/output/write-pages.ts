/**
 * Puts every page into the staging folder: pages the page cache vouches for
 * are hard-linked from the previous output, the rest are rendered (in
 * worker threads when there are many) and remembered with their cache key.
 */
import { availableParallelism } from 'node:os';
import type { PageCache, ReusablePage } from '../cache/page-cache.ts';
import type { CleansiteError } from '../core/errors.ts';
import type { SiteData } from '../render/page-props.ts';
import type { BatchResult } from '../render/render-batch.ts';
import { createRenderPool, type PageKeyInputs } from '../render/render-pool.ts';
import type { Route } from '../routes/route-table.ts';
import type { Staging } from './staging.ts';

/**
 * Below this many pages to render, one thread is faster. A render worker
 * costs 0.3-0.4 s before its first page (loading React and the templates,
 * and a copy of the site data, which also adds ~70 MB at 10,000 pages),
 * and a second thread saves ~0.12 ms a page (pages of ~25 KB). Measured on
 * the 2-core machine of the README's Performance section (cold builds of
 * the synthetic location sites, medians of 3): one thread was faster at
 * 400, 1,000 and 2,500 pages (0.74 s vs 0.90 s, 1.12 vs 1.23, 1.83 vs 1.95),
 * two threads at 5,000 (3.13 s vs 3.49) and 10,000.
 */
export const PARALLEL_THRESHOLD = 3000;

/** Render threads in all for `pages` pages to render: `jobs` when given (0 counts as 1), else one per core from the threshold on. */
export function renderThreads(pages: number, jobs?: number, cores = availableParallelism()): number {
  if (jobs !== undefined) return Math.max(1, jobs);
  return pages >= PARALLEL_THRESHOLD ? cores : 1;
}

export interface WritePagesOptions {
  site: SiteData;
  templatesModule: string;
  staging: Staging;
  reuse: ReusablePage[];
  render: Route[];
  /** Render threads in all, the calling thread included; default one per core for many pages, else 1. */
  jobs?: number;
  /** Render shared() markup once per key (default true; false renders it on every page). */
  shareChunks?: boolean;
  /** The site's routes and navigation derive from its content (see RenderPoolOptions). */
  routesFromContent?: boolean;
  /** Where reused and rendered pages are remembered, with their keys; absent without a cache. */
  cache?: { pages: PageCache; keys: PageKeyInputs };
  time: <T>(label: string, work: () => Promise<T>) => Promise<T>;
}

export interface WrittenPages {
  bytes: number;
  reused: number;
  rendered: number;
  failures: CleansiteError[];
}

export async function writePages(options: WritePagesOptions): Promise<WrittenPages> {
  const { staging, cache } = options;
  let bytes = 0;
  let reused = 0;
  const render = [...options.render];
  for (const page of options.reuse) {
    if (!staging.link(page.outputFile, page.from)) {
      render.push(page.route);
      continue;
    }
    cache?.pages.remember(page.route.path, page);
    bytes += page.bytes;
    reused++;
  }
  if (render.length === 0) return { bytes, reused, rendered: 0, failures: [] };

  const threads = renderThreads(render.length, options.jobs);
  const pool = await options.time(`start ${threads} render thread${threads === 1 ? '' : 's'}`, () => createRenderPool({
    templatesModule: options.templatesModule,
    site: options.site,
    threads: Math.max(0, threads - 1),
    useCallingThread: true,
    recordUnits: cache !== undefined,
    shareChunks: options.shareChunks !== false,
    pageKeys: cache?.keys,
    routesFromContent: options.routesFromContent,
  }));
  try {
    // Each batch's pages are remembered as the batch comes in, so no list of every page is kept.
    const remember = (batch: BatchResult) => {
      for (const page of batch.rendered ?? []) {
        if (page.key) cache?.pages.remember(page.path, { outputFile: page.outputFile, bytes: page.bytes, key: page.key, units: page.units.split('\n') });
      }
    };
    const result = await options.time(`render ${render.length} pages`, () => pool.render(render, staging.dir, remember));
    return { bytes: bytes + result.bytes, reused, rendered: result.pages, failures: result.failures };
  } finally {
    await pool.close();
  }
}
