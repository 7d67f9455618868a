/**
 * The render workers of a session, and when to use them, for `build` and
 * watch alike. Pages always render in workers (the main thread only
 * coordinates), so a runaway template can be stopped (page-watchdog.ts). A
 * worker costs its start-up (loading the parser, React and the templates)
 * and its own copy of the content, so small passes use one, started early.
 *
 * A pass with many files to parse starts its workers at once: each parses a
 * share of the files and keeps what it parsed, loads the templates while the
 * main thread parses the rest, is sent the site patch (worker-protocol.ts)
 * with only the entries it lacks, and renders from one queue. A pass that
 * finds its content in the cache but has many pages to render (after a
 * template edit) starts them at the render stage and sends them every entry.
 * A build stops its workers once its pages are written; watch keeps one
 * (`keep`), which holds the entries for the next pass, and replaces it when
 * the templates change, so an old template module dies with its thread
 * (Node's ESM import cache is never emptied).
 */
import { availableParallelism } from 'node:os';
import type { FingerprintedEntry, ParseHelpers } from '../content/content-loader.ts';
import { CleansiteError } from '../core/errors.ts';
import { collectGarbage } from '../core/garbage-collection.ts';
import { compiledWorkerFile } from './compiled-worker.ts';
import { renderLimits, type RenderLimits } from './page-watchdog.ts';
import { startRenderWorker, type RenderWorker, type WorkerHandle } from './worker-handle.ts';
import type { RenderSettings, RouteSettings, SitePatch } from './worker-protocol.ts';

export type { RenderWorker } from './worker-handle.ts';

/**
 * Below this many files to parse, the main thread parses alone. A worker
 * started for parsing also renders, and costs ~0.7 s of CPU in all (loading
 * the parser, React and the templates again, warming up a second JIT, the
 * copies of entries): measured on a busy 2-core machine, one thread and two
 * took the same time at 1,000 and 2,500 locations (1.1 s, 2.0 s), two
 * were faster at 10,000.
 */
export const PARSE_THRESHOLD = 2000;
/**
 * Below this many pages to render, one thread is faster when the workers
 * would have to start now and be sent all the content (~0.5 s at 10,000
 * pages, and ~70 MB). Measured on the 2-core machine of the README's
 * Performance section: one thread was faster at 400, 1,000 and 2,500 pages
 * (0.74 s vs 0.90 s, 1.12 vs 1.23, 1.83 vs 1.95), two at 5,000 and 10,000.
 */
export const PARALLEL_THRESHOLD = 3000;
/** Pages to render from which workers that already parsed content (and so hold it) are used. */
export const STARTED_THRESHOLD = 300;

/** True where pages render in workers (the compiled CLI); from source the calling thread renders. */
export function rendersInWorkers(): boolean {
  return compiledWorkerFile('render-worker') !== undefined;
}

/** Render workers for `pages` pages (the calling thread only coordinates): `jobs` when given (0 counts as 1), else one per core from the threshold on. */
export function renderThreads(pages: number, jobs?: number, cores = availableParallelism(), workersStarted = false): number {
  if (jobs !== undefined) return Math.max(1, jobs);
  return pages >= (workersStarted ? STARTED_THRESHOLD : PARALLEL_THRESHOLD) ? cores : 1;
}

/** Threads in all to parse `files` files with: `jobs` when given, else one per core from the threshold on. */
export function parseThreads(files: number, jobs?: number, cores = availableParallelism()): number {
  if (jobs !== undefined) return Math.max(1, jobs);
  return files >= PARSE_THRESHOLD ? cores : 1;
}

export interface ThreadOptions {
  /** Render workers in all (0 counts as 1); default: one per core from the thresholds on. */
  jobs?: number;
  cores?: number;
  limits?: RenderLimits;
  /** How the main thread routes the content: workers route their copy the same way. */
  route: RouteSettings;
  /** Keep one worker from pass to pass (watch); else all stop once a pass's pages are written. */
  keep: boolean;
}

export interface RenderThreads extends ParseHelpers {
  /** The compiled site config: workers parse and assemble content by its collections. Set before any parsing. */
  setConfig(modulePath: string): void;
  /** The compiled templates, for workers to load while they wait (a build: nothing is awaited). */
  setTemplates(modulePath: string): void;
  /**
   * Has a worker load these templates now and stops the workers that hold others (watch); throws
   * what the module throws while loading. `file`: the worker's entry point (from source, bundled);
   * `stop` ends a load that never finishes (a module that loops at its top level).
   */
  loadTemplates(modulePath: string, file: string, stop: AbortSignal): Promise<void>;
  /**
   * Workers to render `pages` pages (none: the calling thread renders, from source), sent the
   * site patch of `items` and `render`: how many, and a promise of them once they hold the site.
   * `inWorkers`: at least one worker, whatever the count (watch never renders on this thread).
   */
  forRendering(pages: number, items: readonly FingerprintedEntry[], render: RenderSettings, inWorkers: boolean): { count: number; ready: Promise<RenderWorker[]> };
  /**
   * sitemap.xml made by a worker that was sent this pass's site while parsing (it would
   * otherwise wait for the render setup), or undefined when none was: the caller makes it.
   */
  sitemap(baseUrl: string | undefined): Promise<string> | undefined;
  /** The pass's pages are written: a build stops its workers, watch keeps one. */
  rendered(): Promise<void>;
  /** Asks the workers for a full garbage collection (watch, when idle). */
  compact(): void;
  /** Stops every worker now (what they render fails); the next pass starts them again. */
  interrupt(): void;
  /** Stops the workers; settles once they have exited (their heaps can take ~0.1 s to tear down). */
  close(): Promise<void>;
}

export function createRenderThreads(options: ThreadOptions): RenderThreads {
  const { jobs, cores = availableParallelism(), limits = renderLimits(), route, keep } = options;
  let file = compiledWorkerFile('render-worker');
  /** Parse helpers, render workers and (watch) the worker kept from the last pass. */
  const workers: WorkerHandle[] = [];
  /** A worker started before any is asked for, to render: it loads React and the templates meanwhile. */
  let warm: WorkerHandle | undefined;
  let templatesModule: string | undefined;
  let configModule: string | undefined;
  const config = () => configModule ?? fail('render workers were asked to parse before the site config was set');
  /** This pass's workers parsed content, and were sent its site as soon as it was loaded. */
  let parsedThisPass = false;
  let closing: Promise<void> = Promise.resolve();
  // Closed early (a build whose templates do not compile) while the content may still be loading:
  // no worker may start after that, or it keeps the process alive.
  let closed = false;
  const spawn = () => startRenderWorker(file!, config, limits);
  const patch = (extra: Pick<SitePatch, 'render' | 'cache'>): Omit<SitePatch, 'order'> => ({ configModule: config(), route, ...extra });
  const stopAll = () => {
    const all = [...workers.splice(0), ...(warm ? [warm] : [])];
    warm = undefined;
    return Promise.all(all.map((worker) => worker.terminate())).then(() => undefined);
  };

  return {
    start(files) {
      // Running from source (tests): parsing stays on this thread. Watch's later passes keep their worker.
      if (!file || closed || workers.length > 0) return [];
      // The workers parse beside this thread, then render (this thread never does, see forRendering).
      const count = parseThreads(files, jobs, cores);
      if (count > 1) while (workers.length < count) workers.push(spawn());
      parsedThisPass = workers.length > 0;
      if (templatesModule) for (const worker of workers) tellTemplates(worker, templatesModule);
      return workers;
    },
    loaded(items, cache) {
      if (!parsedThisPass) return false;
      // Each assembles and routes the site while this thread does the same.
      workers.forEach((worker, index) => void worker.useSite(items, patch({ cache: index === 0 ? cache : undefined })));
      return cache !== undefined;
    },
    sitemap(baseUrl) {
      const worker = parsedThisPass ? workers.find((candidate) => candidate.alive && candidate.site) : undefined;
      return worker ? worker.call({ type: 'sitemap', baseUrl }) as Promise<string> : undefined;
    },
    setConfig(modulePath) {
      configModule = modulePath;
    },
    setTemplates(modulePath) {
      templatesModule = modulePath;
      // Pages render in a worker: without parse workers, one starts now and loads React and the
      // templates while this thread loads the content (kept aside: it is not a parse helper).
      if (file && !closed && workers.length === 0 && !warm) warm = spawn();
      for (const worker of warm ? [...workers, warm] : workers) tellTemplates(worker, modulePath);
    },
    async loadTemplates(modulePath, workerFile, stop) {
      if (closed) throw stoppedError();
      file = workerFile;
      const next = await startLoaded(spawn, modulePath, stop, () => closed);
      if (closed) {
        await next.terminate();
        throw stoppedError();
      }
      templatesModule = modulePath;
      const old = [...switchTemplates(workers, modulePath), ...(warm ? [warm] : [])];
      warm = next;
      await Promise.all(old.map((worker) => worker.terminate()));
    },
    forRendering(pages, items, render, inWorkers) {
      // Workers that died (stopped by watch, a page past its time bound) are started again.
      keepFirst(workers);
      if (warm && !warm.alive) warm = undefined;
      // Running from source (tests that import src/) a build has no worker: the calling thread renders.
      const wanted = closed || !file ? 0 : Math.max(inWorkers ? 1 : 0, renderThreads(pages, jobs, cores, parsedThisPass));
      if (warm && workers.length < wanted) workers.push(warm);
      else if (warm) void warm.terminate();
      warm = undefined;
      const surplus = workers.splice(wanted);
      while (file && workers.length < wanted) workers.push(spawn());
      const ready = sendSite(workers, surplus, items, patch({ render }));
      // What parsing left behind, collected before rendering adds its own garbage (about 30 MB
      // less at 10,000 pages); after the workers were sent their site, so they need not wait.
      // Not at every watch pass: a one-file edit leaves next to nothing. Not in a build: its
      // session collects once it has let go of the entries (session/session.ts, handOver), and a
      // second full collection just before that one was the build's peak (a compaction's copies).
      if (workers.length > 0 && keep && parsedThisPass) collectGarbage();
      return { count: workers.length, ready };
    },
    async rendered() {
      parsedThisPass = false;
      if (!keep) return this.close();
      // One worker holds the entries and the templates for the next pass; more would hold copies of the site.
      await Promise.all(keepFirst(workers, 1).map((worker) => worker.terminate()));
    },
    compact() {
      for (const worker of warm ? [...workers, warm] : workers) if (worker.alive) worker.post({ type: 'compact' });
    },
    interrupt: () => void stopAll(),
    close() {
      closed = true;
      closing = Promise.all([closing, stopAll()]).then(() => undefined);
      return closing;
    },
  };
}

const stoppedError = () => new CleansiteError({ code: 'RENDER_FAILED', message: 'watch is stopping: nothing more is rendered' });

/** A new worker that loaded these templates; `stop` (or `closed`) ends a load that never finishes (a module that loops at its top level). */
async function startLoaded(spawn: () => WorkerHandle, modulePath: string, stop: AbortSignal, closed: () => boolean): Promise<WorkerHandle> {
  if (stop.aborted) throw stoppedError();
  const next = spawn();
  const end = () => void next.terminate();
  stop.addEventListener('abort', end);
  try {
    await next.call({ type: 'load', modulePath });
  } catch (error) {
    await next.terminate();
    if (closed() || stop.aborted) throw stoppedError();
    throw error instanceof CleansiteError ? error : new CleansiteError({ code: 'TEMPLATE_COMPILE', message: `templates failed to load: ${(error as Error).message}`, cause: error });
  } finally {
    stop.removeEventListener('abort', end);
  }
  return next;
}

/** Sends the pass's site to the workers that render, and stops the surplus (once it holds its site: it may be writing the content cache). */
function sendSite(workers: readonly WorkerHandle[], surplus: readonly WorkerHandle[], items: readonly FingerprintedEntry[], patch: Omit<SitePatch, 'order'>): Promise<RenderWorker[]> {
  // Sent in a loop, not a callback: a closure here would keep `items` (every entry) alive until
  // the workers answer, and a build's main thread lets them go as soon as they are sent.
  const sent: Array<Promise<unknown>> = [];
  for (const worker of workers) sent.push(worker.useSite(items, patch));
  const ready = Promise.all([
    ...surplus.map(async (worker) => {
      await worker.site?.catch(() => undefined);
      await worker.terminate();
    }),
    ...sent,
  ]).then(() => [...workers]);
  // Awaited by the render pool, which may fail first (templates that do not load on this thread either).
  ready.catch(() => undefined);
  return ready;
}

/** Leaves the first `limit` live workers in `workers`, and returns the live ones taken out. */
function keepFirst(workers: WorkerHandle[], limit = Number.POSITIVE_INFINITY): WorkerHandle[] {
  const alive = workers.filter((worker) => worker.alive);
  workers.splice(0, workers.length, ...alive.slice(0, limit));
  return alive.slice(limit);
}

function fail(message: string): never {
  throw new Error(message);
}

function tellTemplates(worker: WorkerHandle, modulePath: string): void {
  worker.templates = modulePath;
  worker.post({ type: 'templates', modulePath });
}

/**
 * New templates (watch): workers that hold other templates are taken out of `workers` and
 * returned, to be stopped with their modules; parse helpers that hold none yet load these.
 */
function switchTemplates(workers: WorkerHandle[], modulePath: string): WorkerHandle[] {
  const old = workers.filter((worker) => worker.templates !== undefined && worker.templates !== modulePath);
  for (const worker of workers) if (worker.templates === undefined) tellTemplates(worker, modulePath);
  workers.splice(0, workers.length, ...workers.filter((worker) => !old.includes(worker)));
  return old;
}
