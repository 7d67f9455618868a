/**
 * Puts every page into the staging folder: pages the page cache vouches for
 * are hard-linked from the previous output, the rest are rendered (in
 * worker threads when there are many) and remembered with their cache key.
 */
import type { FingerprintedEntry } from '../content/content-loader.ts';
import type { PageCache, ReusablePage } from '../cache/page-cache.ts';
import type { CleansiteError } from '../core/errors.ts';
import type { SiteData } from '../render/page-props.ts';
import type { BatchResult } from '../render/render-batch.ts';
import { createRenderPool, type PageKeyInputs } from '../render/render-pool.ts';
import type { RenderThreads } from '../render/render-threads.ts';
import type { Route } from '../routes/route-table.ts';
import type { Staging } from './staging.ts';

export interface WritePagesOptions {
  site: SiteData;
  templatesModule: string;
  staging: Staging;
  reuse: ReusablePage[];
  render: Route[];
  /** The build's render workers: how many render, and which entries they already hold. */
  threads: RenderThreads;
  /** Every content entry with its fingerprint, in file order: workers assemble the site from them. */
  items: readonly FingerprintedEntry[];
  /** Render shared() markup once per key (default true; false renders it on every page). */
  shareChunks?: boolean;
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

  const recordUnits = cache !== undefined;
  const shareChunks = options.shareChunks !== false;
  const { images, assets, buildDate, baseUrl, siteName, lang } = options.site;
  const workers = options.threads.forRendering(render.length, options.items, {
    site: { images, assets, buildDate, baseUrl, siteName, lang },
    templatesModule: options.templatesModule,
    recordUnits,
    shareChunks,
    pageKeySalt: cache?.keys.salt,
  });
  const threads = workers.count + 1;
  const pool = await options.time('load the templates', () => createRenderPool({
    templatesModule: options.templatesModule,
    site: options.site,
    workers: workers.ready,
    expectedWorkers: workers.count,
    recordUnits,
    shareChunks,
    pageKeys: cache?.keys,
  }));
  // Each batch's pages are remembered as the batch comes in, so no list of every page is kept.
  const remember = (batch: BatchResult) => {
    for (const page of batch.rendered ?? []) {
      if (page.key) cache?.pages.remember(page.path, { outputFile: page.outputFile, bytes: page.bytes, key: page.key, units: page.units.split('\n') });
    }
  };
  let result: BatchResult;
  try {
    result = await options.time(`render ${render.length} pages on ${threads} thread${threads === 1 ? '' : 's'}`, () => pool.render(render, staging.dir, remember));
  } finally {
    // Now, not at the end of the build: each worker holds a copy of the site. Not waited for
    // here: the build goes on while they exit, and waits for them at its end.
    options.threads.close().catch(() => undefined);
  }
  return { bytes: bytes + result.bytes, reused, rendered: result.pages, failures: result.failures };
}
