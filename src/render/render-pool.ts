/**
 * Spreads rendering over worker threads. Each worker pays its own start-up
 * (loading React and the templates, and a copy of the site data), so small
 * sites render in the calling thread only (`threads: 0`). With workers, the
 * calling thread can render too (`useCallingThread`): on a 2-core machine,
 * one worker plus the main thread beats two workers and an idle main thread,
 * and holds one copy of the site data less.
 *
 * Routes are handed out in small contiguous chunks from one queue, two
 * chunks in flight per worker, so a thread that finishes early takes more
 * and none waits for the slowest. Output does not depend on which thread
 * rendered a page.
 *
 * react-dom is imported here only when the calling thread renders, so a
 * build whose pages all come from the page cache never loads it.
 */
import { Worker } from 'node:worker_threads';
import { CleansiteError, type ErrorCode, type ErrorLocation } from '../core/errors.ts';
import type { Route } from '../routes/route-table.ts';
import { collectGarbage } from './collect-garbage.ts';
import { importTemplates } from './compile-templates.ts';
import { compiledWorkerFile } from './compiled-worker.ts';
import type { SiteData } from './page-props.ts';
import type { BatchResult, RenderedPage } from './render-batch.ts';
import { preferProductionReact } from './production-react.ts';

export interface WorkerInit {
  templatesModule: string;
  /** Without routes and navigation when `routesFromContent`: the worker derives them itself. */
  site: SiteData;
  routesFromContent: boolean;
  recordUnits: boolean;
  shareChunks: boolean;
  pageKeys?: PageKeyInputs;
}

/** What a render thread needs to compute page cache keys itself (see cache/unit-values.ts). */
export interface PageKeyInputs {
  fingerprints: ReadonlyMap<string, string>;
  salt: string;
}
export interface WorkerRequest {
  id: number;
  paths: string[];
  outDir: string;
}
type SerialisedError = { code: ErrorCode; message: string; hint?: string; location?: ErrorLocation; cause?: string };
export type WorkerReply =
  | { id: number; ok: true; pages: number; bytes: number; failures: SerialisedError[]; rendered?: RenderedPage[] }
  | { id: number; ok: false; message: string };

export interface RenderPool {
  /**
   * Renders and writes the routes. With `onBatch`, each batch's result is handed over as it
   * arrives and the returned result holds totals and failures only, not every page's record.
   */
  render(routes: Route[], outDir: string, onBatch?: (result: BatchResult) => void): Promise<BatchResult>;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  templatesModule: string;
  site: SiteData;
  /** Worker threads; 0 renders in the calling thread only. */
  threads: number;
  /** Render in the calling thread as well as in the workers (it blocks that thread while it renders). */
  useCallingThread?: boolean;
  /** Record the data units each page reads, for the page cache (BatchResult.rendered). */
  recordUnits?: boolean;
  /** Render the markup templates pass to shared() once per key and thread, not once per page. */
  shareChunks?: boolean;
  /** With recordUnits: compute each page's cache key in the thread that rendered it. */
  pageKeys?: PageKeyInputs;
  /**
   * The site's routes and navigation are buildRouteTable() and buildNavigation() of its
   * content: workers compute them instead of receiving a copy (less to copy, and their
   * strings are shared with the entries' instead of duplicated).
   */
  routesFromContent?: boolean;
}

/** Chunks in flight per worker: the next is already queued when one finishes. */
const IN_FLIGHT = 2;
const WORKER_YOUNG_GENERATION_MB = 8;

export async function createRenderPool(options: RenderPoolOptions): Promise<RenderPool> {
  preferProductionReact();
  const threads = Math.max(0, options.threads);
  if (threads > 0) collectGarbage();
  const [callingThread, workers] = await Promise.all([
    threads === 0 || options.useCallingThread ? createCallingThreadRenderer(options) : undefined,
    Promise.all(Array.from({ length: threads }, () => startWorker(options))),
  ]);
  return {
    async render(routes, outDir, onBatch) {
      const renderers = workers.length + (callingThread ? 1 : 0);
      const size = Math.min(200, Math.max(8, Math.ceil(routes.length / (renderers * 12))));
      const chunks: Route[][] = [];
      for (let start = 0; start < routes.length; start += size) chunks.push(routes.slice(start, start + size));
      let next = 0;
      // Kept in chunk order, so failures are reported in route order whichever thread rendered them.
      const results: BatchResult[] = [];
      const keep = (index: number, result: BatchResult) => {
        if (onBatch) {
          onBatch(result);
          results[index] = { pages: result.pages, bytes: result.bytes, failures: result.failures };
        } else {
          results[index] = result;
        }
      };
      const feed = async (worker: PoolWorker) => {
        while (next < chunks.length) {
          const index = next++;
          keep(index, await worker.send(chunks[index]!.map((route) => route.path), outDir));
        }
      };
      const running = workers.flatMap((worker) => Array.from({ length: IN_FLIGHT }, () => feed(worker)));
      if (callingThread) {
        while (next < chunks.length) {
          const index = next++;
          keep(index, callingThread(chunks[index]!, outDir));
          // Let worker replies in, so their next chunks go out before this thread takes another.
          if (workers.length > 0) await new Promise((resolve) => setImmediate(resolve));
        }
      }
      await Promise.all(running);
      return mergeResults(results);
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

async function createCallingThreadRenderer(options: RenderPoolOptions): Promise<(routes: Route[], outDir: string) => BatchResult> {
  const [{ renderBatch }, { createUnitRecorder }, { createUnitValues }, { createSharedChunks }, templates] = await Promise.all([
    import('./render-batch.ts'),
    import('../cache/record-units.ts'),
    import('../cache/unit-values.ts'),
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

interface PoolWorker {
  send(paths: string[], outDir: string): Promise<BatchResult>;
  terminate(): Promise<number>;
}

function startWorker(options: RenderPoolOptions): Promise<PoolWorker> {
  const init: WorkerInit = {
    templatesModule: options.templatesModule,
    site: options.routesFromContent ? { ...options.site, routes: [], navigation: undefined as unknown as SiteData['navigation'] } : options.site,
    routesFromContent: Boolean(options.routesFromContent),
    recordUnits: Boolean(options.recordUnits),
    shareChunks: Boolean(options.shareChunks),
    pageKeys: options.pageKeys,
  };
  // A small young generation: the worker's garbage is short-lived HTML, and each MB here is resident memory.
  const file = compiledWorkerFile('render-worker');
  if (!file) throw new CleansiteError({ code: 'RENDER_FAILED', message: 'render workers need the compiled CLI (run bin/cleansite.mjs); use jobs: 1 when running from source' });
  const worker = new Worker(file, { workerData: init, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
  const pending = new Map<number, { resolve: (result: BatchResult) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  return new Promise((resolveReady, rejectReady) => {
    worker.once('error', rejectReady);
    worker.on('message', (reply: WorkerReply) => {
      if (reply.id === -1) {
        worker.off('error', rejectReady);
        worker.on('error', (error) => { for (const entry of pending.values()) entry.reject(error); pending.clear(); });
        resolveReady({
          send(paths, outDir) {
            const id = nextId++;
            return new Promise((resolve, reject) => {
              pending.set(id, { resolve, reject });
              worker.postMessage({ id, paths, outDir } satisfies WorkerRequest);
            });
          },
          terminate: () => worker.terminate(),
        });
        return;
      }
      const entry = pending.get(reply.id);
      pending.delete(reply.id);
      if (!entry) return;
      if (!reply.ok) entry.reject(new CleansiteError({ code: 'RENDER_FAILED', message: `render worker failed: ${reply.message}` }));
      else entry.resolve({ pages: reply.pages, bytes: reply.bytes, failures: reply.failures.map(reviveError), ...(reply.rendered ? { rendered: reply.rendered } : {}) });
    });
  });
}

function reviveError(error: SerialisedError): CleansiteError {
  const cause = error.cause ? Object.assign(new Error(error.cause.split('\n')[0]), { stack: error.cause }) : undefined;
  return new CleansiteError({ code: error.code, message: error.message, hint: error.hint, location: error.location, cause });
}
