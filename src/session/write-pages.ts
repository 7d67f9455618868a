/**
 * Puts the pages of one pass into a staging folder, for `build` and watch
 * alike: pages the manifest vouches for are hard-linked from the previous
 * output (a build's; watch leaves current pages where they are and passes
 * none), the rest are rendered through the render pool, and each rendered
 * page is handed back with its record (the units it read and its key) as
 * its batch arrives, so no list of every page is kept. The caller decides
 * when a record enters the manifest: a build at once (the manifest is saved
 * only after the commit), watch after its pass is committed.
 */
import type { CleansiteError } from '../core/errors.ts';
import { releaseYoungGenerations } from '../core/garbage-collection.ts';
import type { Staging } from '../output/staging.ts';
import type { SiteData } from '../render/page-props.ts';
import type { BatchResult } from '../render/render-batch.ts';
import { createRenderPool, type PageKeyInputs, type PoolResult } from '../render/render-pool.ts';
import type { RenderWorker } from '../render/render-threads.ts';
import type { Route } from '../routes/route-table.ts';
import type { PageRecord } from './page-manifest.ts';

/** A current page of the previous output, to link into the new one. */
export interface ReusablePage {
  route: Route;
  record: PageRecord;
  /** The previous output file. */
  from: string;
}

/** Who renders: render workers (how many, and a promise of them once set up) and whether this thread renders too. */
export interface Renderers {
  /** `handBack`: the workers hand their pages back for this thread to write; `stopAfter`: they are stopped once the pages are written (render-threads.ts, RenderingWorkers). */
  workers: { count: number; ready: Promise<readonly RenderWorker[]>; handBack?: boolean; stopAfter?: boolean };
  /** False: only the workers render, and this thread never imports the templates (watch; see session/renderers.ts). */
  here: boolean;
  /** Called once rendering is over, failed or not (a build stops its workers: each holds a copy of the site). */
  done?: () => void;
}

export interface WritePagesOptions {
  site: SiteData;
  templatesModule: string;
  staging: Staging;
  reuse?: readonly ReusablePage[];
  render: readonly Route[];
  renderers: (pages: number) => Renderers;
  /**
   * Record what each page reads and hand back its record, with the key the thread that
   * rendered it computed from `keys`; without, pages are rendered and not recorded.
   */
  record?: { keys: PageKeyInputs; onPage(path: string, record: PageRecord): void };
  /** Render shared() markup once per key and thread (default true; false renders it on every page). */
  shareChunks?: boolean;
  time?: <T>(label: string, work: () => Promise<T>) => Promise<T>;
  /** Pages rendered so far (failed ones included) of those to render, as each batch arrives: for progress. */
  onRendered?: (done: number, total: number) => void;
  /**
   * Called once the render workers were sent the site and this thread renders nothing: the caller
   * may let go of the content it needed only to route and plan (a build; watch keeps it).
   */
  handedOver?: () => void;
}

export interface WrittenPages {
  bytes: number;
  reused: number;
  rendered: number;
  failures: CleansiteError[];
  /** Pages each render thread rendered (render-pool.ts), for --debug. */
  perThread?: string;
}

export async function writePages(options: WritePagesOptions): Promise<WrittenPages> {
  const { staging, record } = options;
  const time = options.time ?? ((_label, work) => work());
  let bytes = 0;
  let reused = 0;
  const render = [...options.render];
  for (const page of options.reuse ?? []) {
    if (!staging.link(page.record.outputFile, page.from)) {
      render.push(page.route);
      continue;
    }
    record?.onPage(page.route.path, page.record);
    bytes += page.record.bytes;
    reused++;
  }
  if (render.length === 0) return { bytes, reused, rendered: 0, failures: [] };

  options.onRendered?.(0, render.length);
  const renderers = options.renderers(render.length);
  // The site was posted to the workers (each gets its own copy as it is sent): this thread's can go.
  if (renderers.workers.count > 0 && !renderers.here) options.handedOver?.();
  const threads = renderers.workers.count + (renderers.here ? 1 : 0);
  let done = 0;
  const keep = (batch: BatchResult) => {
    done += batch.pages;
    options.onRendered?.(done, render.length);
    for (const page of batch.rendered ?? []) {
      if (page.key) record?.onPage(page.path, { outputFile: page.outputFile, bytes: page.bytes, key: page.key, units: page.units.split('\n') });
    }
  };
  let result: PoolResult;
  const handBack = renderers.workers.handBack === true && !renderers.here;
  // This thread writes every page from here on: a string a page, garbage at once (core/garbage-collection.ts).
  if (handBack) releaseYoungGenerations();
  try {
    const pool = await time('load the templates', () => createRenderPool({
      templatesModule: options.templatesModule,
      site: options.site,
      workers: renderers.workers.ready,
      expectedWorkers: renderers.workers.count,
      recordUnits: record !== undefined,
      shareChunks: options.shareChunks !== false,
      pageKeys: record?.keys,
      renderHere: renderers.here,
      handBack,
      stopAfter: renderers.workers.stopAfter === true,
    }));
    result = await time(`render ${render.length} pages on ${threads} thread${threads === 1 ? '' : 's'}`, () => pool.render(render, staging.dir, keep));
  } finally {
    renderers.done?.();
  }
  return { bytes: bytes + result.bytes, reused, rendered: result.pages, failures: result.failures, perThread: result.perThread };
}
