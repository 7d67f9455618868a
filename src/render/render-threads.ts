/**
 * The render workers of one build, and when to use them. Pages always
 * render in workers (the main thread only coordinates), so a runaway
 * template can be stopped (page-watchdog.ts). A worker costs its start-up
 * (loading the parser, React and the templates) and its own copy of the
 * content, so small builds use one, started early (setTemplates).
 *
 * A build with many files to parse starts its workers at once: each parses
 * a share of the files and keeps what it parsed, loads the templates while
 * the main thread parses the rest, is then sent only the entries it lacks,
 * and renders from one queue with the main thread. A build that finds its
 * content in the cache but has many pages to render (after a template edit)
 * starts them at the render stage instead and sends them every entry.
 * Watch keeps one such worker across rebuilds (kept-worker.ts), over the
 * same protocol.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FingerprintedEntry, ParseHelper, ParseHelpers } from '../content/content-loader.ts';
import type { CacheTarget } from '../cache/content-cache-file.ts';
import type { ContentSource, ParsedSources } from '../content/parse-sources.ts';
import { CleansiteError } from '../core/errors.ts';
import { collectGarbage } from '../core/garbage-collection.ts';
import { reviveError, type SerialisedError } from '../core/serialise-error.ts';
import { compiledWorkerFile } from './compiled-worker.ts';
import { PageStopped, renderLimits, watchPages, type RenderLimits } from './page-watchdog.ts';
import type { SiteData } from './page-props.ts';
import type { BatchResult } from './render-batch.ts';
import type { SitePatch } from './site-patch.ts';

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

/** What a worker needs besides the content to render the site's pages. */
export interface RenderSetup {
  site: Pick<SiteData, 'images' | 'assets' | 'buildDate' | 'baseUrl' | 'siteName' | 'lang'>;
  templatesModule: string;
  recordUnits: boolean;
  shareChunks: boolean;
  /** With recordUnits: compute page cache keys in the worker, salted with this. */
  pageKeySalt?: string;
}

export interface RenderWorker {
  render(paths: string[], outDir: string): Promise<BatchResult>;
}

export interface RenderThreads extends ParseHelpers {
  /** The compiled templates: started workers load them while they wait. */
  setTemplates(modulePath: string): void;
  /** The compiled site config: workers parse and assemble content by its collections. Set before any parsing. */
  setConfig(modulePath: string): void;
  /**
   * Workers to render `pages` pages alongside the calling thread (none: render on the calling
   * thread only): how many, and a promise of them once set up. Workers that parsed content are
   * sent only the entries they lack.
   */
  forRendering(pages: number, items: readonly FingerprintedEntry[], setup: RenderSetup): { count: number; ready: Promise<RenderWorker[]> };
  /**
   * sitemap.xml made by a worker that has the site (it would otherwise wait for its setup),
   * or undefined when no worker has: the caller makes it.
   */
  sitemap(baseUrl: string | undefined): Promise<string> | undefined;
  /** Stops the workers; settles once they have exited (their heaps can take ~0.1 s to tear down). */
  close(): Promise<void>;
}

/** A kept worker's setup (see kept-worker.ts): its site data comes as patches, not from entries. */
export type KeptSetup = Omit<RenderSetup, 'site' | 'pageKeySalt'>;

/** Requests to a render worker (see session/render-worker.ts): each gets a WorkerReply with its id. */
export type WorkerRequest =
  | { type: 'parse'; sources: ContentSource[]; configModule: string }
  /** Fingerprints of every entry, in file order: the worker assembles the content from them. */
  | { type: 'assemble'; order: string[]; cache?: CacheTarget; configModule: string }
  /** sitemap.xml of the assembled site; `baseUrl` overrides the site config's. */
  | { type: 'sitemap'; baseUrl?: string }
  | { type: 'setup'; setup: RenderSetup }
  /** Loads the templates now, so a module that throws at its top level is reported as such. */
  | { type: 'load'; modulePath: string }
  /** A kept worker's site data, as a patch against what it holds, with the render setup. */
  | { type: 'site'; patch: SitePatch; setup: KeptSetup }
  | { type: 'render'; paths: string[]; outDir: string };
/** Everything a render worker is sent; entries and templates need no reply. */
export type WorkerMessage =
  | (WorkerRequest & { id: number })
  | { type: 'entries'; items: readonly FingerprintedEntry[] }
  | { type: 'templates'; modulePath: string }
  /** A full garbage collection (a kept worker, when the watcher is idle). */
  | { type: 'compact' };

export type SerialisedParse = Pick<ParsedSources, 'fingerprints' | 'items'> & { readErrors: SerialisedError[]; parseErrors: SerialisedError[]; validationErrors: SerialisedError[] };
export type SerialisedBatch = Omit<BatchResult, 'failures'> & { failures: SerialisedError[] };
/** A failed request carries the worker's CleansiteError whole (code, file, hint), or an unexpected error's message. */
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string; error?: SerialisedError };

/**
 * A small young generation: the worker's garbage is short-lived HTML, and each MB here is
 * resident memory. Left to itself V8 grows it to ~32 MB; in a watch session that showed as a
 * 20 % rise of the watcher's memory over a few hundred edits, with no leak behind it.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

export function createRenderThreads(jobs: number | undefined, cores = availableParallelism(), limits: RenderLimits = renderLimits()): RenderThreads {
  const workers: WorkerHandle[] = [];
  let templatesModule: string | undefined;
  let configModule: string | undefined;
  const config = () => {
    if (!configModule) throw new Error('render workers were asked to parse before the site config was set');
    return configModule;
  };
  let closing: Promise<void> = Promise.resolve();
  // A build that failed early (a template that does not compile) closes its threads while the
  // content may still be loading: no worker may start after that, or it keeps the process alive.
  let closed = false;
  /** A worker started before any is asked for, to render (see setTemplates). */
  let warm: WorkerHandle | undefined;

  return {
    start(files) {
      const file = compiledWorkerFile('render-worker');
      // Running from source (tests): parsing stays on this thread.
      if (!file || closed || workers.length > 0) return [];
      // The workers parse beside this thread, then render (this thread never does, see forRendering).
      const count = parseThreads(files, jobs, cores);
      if (count > 1) while (workers.length < count) workers.push(startRenderWorker(file, config, limits));
      if (templatesModule) for (const worker of workers) worker.post({ type: 'templates', modulePath: templatesModule });
      return workers;
    },
    loaded(items, cache) {
      workers.forEach((worker, index) => worker.assemble(items, index === 0 ? cache : undefined));
      return cache !== undefined && workers.length > 0;
    },
    sitemap(baseUrl) {
      const worker = workers.find((candidate) => candidate.assembled);
      return worker ? worker.call({ type: 'sitemap', baseUrl }) as Promise<string> : undefined;
    },
    setConfig(modulePath) {
      configModule = modulePath;
    },
    setTemplates(modulePath) {
      templatesModule = modulePath;
      // Pages render in a worker: without parse workers, one starts now and loads React and the
      // templates while this thread loads the content (kept aside: it is not a parse helper).
      const file = compiledWorkerFile('render-worker');
      if (file && !closed && workers.length === 0 && !warm) warm = startRenderWorker(file, config, limits);
      for (const worker of warm ? [...workers, warm] : workers) worker.post({ type: 'templates', modulePath });
    },
    forRendering(pages, items, setup) {
      const file = compiledWorkerFile('render-worker');
      // Running from source (tests that import src/) there is no worker to start: the calling thread renders.
      const wanted = closed || !file ? 0 : renderThreads(pages, jobs, cores, workers.length > 0);
      if (warm && workers.length < wanted) workers.push(warm);
      else if (warm) void warm.terminate();
      warm = undefined;
      const surplus = workers.splice(wanted);
      while (file && workers.length < wanted) workers.push(startRenderWorker(file, config, limits));
      const ready = Promise.all([
        // Not before it has assembled: it may be writing the content cache.
        ...surplus.map(async (worker) => {
          await worker.assembled?.catch(() => undefined);
          await worker.terminate();
        }),
        ...workers.map(async (worker) => {
          worker.assemble(items);
          // After the assembly (an assembly that failed is the error to report): a worker that
          // already loaded its templates would otherwise take the setup first.
          await worker.assembled;
          await worker.call({ type: 'setup', setup });
        }),
      ]).then(() => [...workers]);
      // Awaited by the render pool, which may fail first (templates that do not load on this thread either).
      ready.catch(() => undefined);
      // What parsing left behind, collected before rendering adds its own garbage: V8 would
      // otherwise grow the heap further first (about 30 MB less at 10,000 pages). After the
      // workers were sent their setup, so they need not wait for it.
      if (workers.length > 0) collectGarbage();
      return { count: workers.length, ready };
    },
    close() {
      closed = true;
      if (warm) workers.push(warm);
      warm = undefined;
      const stopping = Promise.all(workers.splice(0).map((worker) => worker.terminate())).then(() => undefined);
      closing = Promise.all([closing, stopping]).then(() => undefined);
      return closing;
    },
  };
}

export interface WorkerHandle extends ParseHelper, RenderWorker {
  /** False once the worker stopped or failed: every call is refused from then on. */
  readonly alive: boolean;
  /** Sends the entries it lacks and has it assemble the site from `items` (once), and write the content cache to `cache`. */
  assemble(items: readonly FingerprintedEntry[], cache?: CacheTarget): void;
  /** Settles once the worker has assembled the site (and written the cache it was asked to). */
  assembled: Promise<unknown> | undefined;
  post(message: WorkerMessage): void;
  call(request: WorkerRequest): Promise<unknown>;
  terminate(): Promise<number>;
}

/**
 * `config`: the compiled site config's path, for parse and assemble requests (a worker that is
 * only sent site data never asks). `limits`: the time bound of one page and the heap of the thread.
 */
export function startRenderWorker(file: string, config: () => string = () => {
  throw new Error('this render worker was not given the site config');
}, limits: RenderLimits = renderLimits()): WorkerHandle {
  const progress = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(file, {
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: limits.heapMb },
    workerData: { progress: progress.buffer },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let failed: Error | undefined;
  const fail = (error: Error) => {
    failed ??= error instanceof PageStopped ? error : new CleansiteError({ code: 'RENDER_FAILED', message: `render worker failed: ${error.message}`, cause: error });
    watchdog.stop();
    for (const entry of pending.values()) entry.reject(failed);
    pending.clear();
  };
  // A page past the time bound: the thread is stopped (terminate() ends even an endless loop).
  const watchdog = watchPages(progress, limits.timeoutMs, (page) => {
    fail(new PageStopped(page, 'time', limits));
    worker.removeAllListeners('exit');
    void worker.terminate();
  });
  worker.on('error', (error: Error & { code?: string }) => {
    const page = watchdog.current();
    fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' && page !== undefined ? new PageStopped(page, 'memory', limits) : error);
  });
  worker.on('exit', (code) => fail(new Error(`it stopped (exit code ${code})`)));
  worker.on('message', (reply: WorkerReply) => {
    const entry = pending.get(reply.id);
    pending.delete(reply.id);
    if (!entry) return;
    if (reply.ok) entry.resolve(reply.value);
    else entry.reject(reply.error ? reviveError(reply.error) : new CleansiteError({ code: 'RENDER_FAILED', message: `render worker failed: ${reply.message}` }));
  });

  const call = (request: WorkerRequest): Promise<unknown> => {
    if (failed) return Promise.reject(failed);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies WorkerMessage);
    });
  };
  /** Fingerprints of the entries the worker parsed or was sent. */
  const holds = new Set<string>();
  const post = (message: WorkerMessage) => worker.postMessage(message);
  const handle: WorkerHandle = {
    get alive() {
      return failed === undefined;
    },
    assembled: undefined,
    post,
    share(items) {
      post({ type: 'entries', items });
      for (const { fingerprint } of items) holds.add(fingerprint);
    },
    assemble(items, cache) {
      if (handle.assembled) return;
      const missing = items.filter(({ fingerprint }) => !holds.has(fingerprint));
      if (missing.length > 0) post({ type: 'entries', items: missing });
      handle.assembled = call({ type: 'assemble', order: items.map(({ fingerprint }) => fingerprint), cache, configModule: config() });
      // Awaited by the setup, or before the worker is stopped; a failure surfaces there.
      handle.assembled.catch(() => undefined);
    },
    call,
    async parse(sources) {
      const reply = await call({ type: 'parse', sources, configModule: config() }) as SerialisedParse;
      for (const { fingerprint } of reply.items) holds.add(fingerprint);
      return {
        fingerprints: reply.fingerprints,
        items: reply.items,
        readErrors: reply.readErrors.map(reviveError),
        parseErrors: reply.parseErrors.map(reviveError),
        validationErrors: reply.validationErrors.map(reviveError),
      };
    },
    async render(paths, outDir) {
      const replied = call({ type: 'render', paths, outDir });
      if (!failed) watchdog.sent(paths);
      // Answered in the order sent: the worker renders one batch at a time.
      const reply = await replied.finally(() => watchdog.answered(paths.length)) as SerialisedBatch;
      return { ...reply, failures: reply.failures.map(reviveError) };
    },
    terminate: () => {
      worker.removeAllListeners('exit');
      // Anything still waiting for a reply gets an error, not silence.
      fail(new Error('it was stopped'));
      return worker.terminate();
    },
  };
  return handle;
}
