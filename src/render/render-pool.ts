/**
 * Renders a list of routes on the render workers it is given (see
 * render-threads.ts), or on the calling thread when it has none (running
 * from source). A page a worker had to stop (page-watchdog.ts) fails the
 * render with its route, template and file named.
 *
 * Routes are handed out in small contiguous chunks from one queue, two
 * chunks in flight per worker, so a thread that finishes early takes more
 * and none waits for the slowest. Output does not depend on which thread
 * rendered a page.
 *
 * react-dom is imported here only when the calling thread renders, so a
 * build whose pages all come from the page cache never loads it.
 */
import type { Route } from '../routes/route-table.ts';
import { importTemplates } from './compile-templates.ts';
import type { SiteData } from './page-props.ts';
import type { BatchResult } from './render-batch.ts';
import type { RenderWorker } from './render-threads.ts';
import { createHeapBudget } from '../core/heap-budget.ts';
import { PageStopped, stoppedPageError } from './page-watchdog.ts';

/** What a render thread needs to compute page cache keys itself (see render/unit-values.ts). */
export interface PageKeyInputs {
  fingerprints: ReadonlyMap<string, string>;
  salt: string;
}

export interface RenderPool {
  /**
   * Renders and writes the routes. With `onBatch`, each batch's result is handed over as it
   * arrives and the returned result holds totals and failures only, not every page's record.
   */
  render(routes: Route[], outDir: string, onBatch?: (result: BatchResult) => void): Promise<PoolResult>;
}

export interface PoolResult extends BatchResult {
  /** Pages each thread rendered, for --debug (`main thread: 3 pages, worker 1: 31 pages`): tests prove the workers took some. */
  perThread: string;
}

export interface RenderPoolOptions {
  templatesModule: string;
  site: SiteData;
  /** Workers being set up with the same site (render-threads.ts); none renders on the calling thread only. */
  workers: Promise<readonly RenderWorker[]>;
  /** How many workers that promise will give (sizes the chunks). */
  expectedWorkers: number;
  /** Record the data units each page reads, for the page cache (BatchResult.rendered). */
  recordUnits?: boolean;
  /** Render the markup templates pass to shared() once per key and thread, not once per page. */
  shareChunks?: boolean;
  /** With recordUnits: compute each page's cache key in the thread that rendered it. */
  pageKeys?: PageKeyInputs;
  /**
   * False: the workers render everything and this thread never imports the templates (watch,
   * whose template modules must die with their worker; see session/renderers.ts). Default true.
   */
  renderHere?: boolean;
  /**
   * The workers hand their pages back for this thread to write (page-files.ts): set when this
   * thread renders nothing and has a core the workers leave idle.
   */
  handBack?: boolean;
  /** The workers are stopped once the pages are written (a build): each chunk sent when none is left to hand out is marked last. */
  stopAfter?: boolean;
}

/** Chunks in flight per worker: the next is already queued when one finishes. */
const IN_FLIGHT = 2;
/** Pages a chunk at most. */
const CHUNK_PAGES = 200;
/**
 * Pages a chunk at most when the workers hand their pages back (a large site's one render worker).
 * What a worker keeps of a chunk's pages until it replies (their records: units, keys) outlives
 * the scavenges of the chunk, and what outlives two is moved to the old generation, which the heap
 * budget then collects whole: at 100,000 pages, with 200 a chunk (about four scavenges of that
 * worker), it made 6 full collections of its ~340 MB site, and 2 with 50 (docs/performance.md,
 * History, `big-8`). Two workers' heaps (10,000 pages) are small, and there 50 was not shown better.
 */
const HANDED_BACK_CHUNK_PAGES = 50;

export async function createRenderPool(options: RenderPoolOptions): Promise<RenderPool> {
  const callingThread = options.renderHere === false ? undefined : await createCallingThreadRenderer(options);
  if (!callingThread && options.expectedWorkers === 0) throw new Error('a render pool that does not render here needs workers');
  return {
    async render(routes, outDir, onBatch) {
      // The workers are still being set up: this thread renders meanwhile, and they join when ready.
      const joining = options.workers.then((ready) => ready.flatMap((worker, n) => Array.from({ length: IN_FLIGHT }, () => feed(worker, `worker ${n + 1}`))));
      // Awaited at the end; a worker that fails to set up must not count as an unhandled rejection meanwhile.
      joining.catch(() => undefined);
      const renderers = options.expectedWorkers + (callingThread ? 1 : 0);
      const most = options.handBack ? HANDED_BACK_CHUNK_PAGES : CHUNK_PAGES;
      const size = Math.min(most, Math.max(8, Math.ceil(routes.length / (renderers * 12))));
      const chunks: Route[][] = [];
      for (let start = 0; start < routes.length; start += size) chunks.push(routes.slice(start, start + size));
      let next = 0;
      // Kept in chunk order, so failures are reported in route order whichever thread rendered them.
      const results: BatchResult[] = [];
      const perThread = new Map<string, number>(callingThread ? [['main thread', 0]] : []);
      const keep = (index: number, result: BatchResult, thread: string) => {
        perThread.set(thread, (perThread.get(thread) ?? 0) + result.pages);
        if (onBatch) {
          onBatch(result);
          results[index] = { pages: result.pages, bytes: result.bytes, failures: result.failures };
        } else {
          results[index] = result;
        }
      };
      const feed = async (worker: RenderWorker, thread: string) => {
        while (next < chunks.length) {
          const index = next++;
          const chunk = chunks[index]!;
          const last = options.stopAfter === true && next >= chunks.length;
          keep(index, await worker.render(chunk.map((route) => route.path), outDir, { handBack: options.handBack, last }).catch((error: unknown) => {
            throw error instanceof PageStopped ? stoppedPageError(error, chunk.find((route) => route.path === error.page)) : error;
          }), thread);
        }
      };
      const keepHeapSmall = createHeapBudget();
      while (callingThread && next < chunks.length) {
        const index = next++;
        keep(index, callingThread(chunks[index]!, outDir), 'main thread');
        keepHeapSmall();
        // Lets worker replies in (and workers that became ready), so their next chunks go out first.
        if (options.expectedWorkers > 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(await joining);
      return { ...mergeResults(results), perThread: [...perThread].map(([thread, pages]) => `${thread}: ${pages} pages`).join(', ') };
    },
  };
}

async function createCallingThreadRenderer(options: RenderPoolOptions): Promise<(routes: Route[], outDir: string) => BatchResult> {
  const [{ renderBatch }, { createUnitRecorder }, { createUnitValues }, { createSharedChunks }, templates] = await Promise.all([
    import('./render-batch.ts'),
    import('./record-units.ts'),
    import('./unit-values.ts'),
    import('./shared-chunks.ts'),
    importTemplates(options.templatesModule),
  ]);
  const { site, pageKeys } = options;
  const recorder = options.recordUnits ? createUnitRecorder(site) : undefined;
  const chunks = options.shareChunks ? createSharedChunks() : undefined;
  const keyOf = pageKeys ? createUnitValues(site, pageKeys.fingerprints, pageKeys.salt).pageKey : undefined;
  return (routes, outDir) => renderBatch(routes, site, templates, outDir, { recorder, chunks, keyOf });
}

function mergeResults(results: BatchResult[]): BatchResult {
  const recorded = results.some((result) => result.rendered);
  return {
    pages: results.reduce((sum, result) => sum + result.pages, 0),
    bytes: results.reduce((sum, result) => sum + result.bytes, 0),
    failures: results.flatMap((result) => result.failures),
    ...(recorded ? { rendered: results.flatMap((result) => result.rendered ?? []) } : {}),
  };
}
