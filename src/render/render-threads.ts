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
 * (Node's ESM import cache is never emptied). What replaces it is watch's
 * spare worker, started ahead of the save and already holding the site
 * with a warmed renderer: a template save costs the open pages only the new
 * module's import and their render, not a thread's start-up and the whole
 * site sent to it.
 */
import { availableParallelism } from 'node:os';
import type { FingerprintedEntry, ParseHelper, ParseHelpers } from '../content/content-loader.ts';
import { CleansiteError } from '../core/errors.ts';
import { collectGarbage, startYoungGenerationsAt } from '../core/garbage-collection.ts';
import { trace } from '../core/trace.ts';
import { compiledWorkerFile } from './compiled-worker.ts';
import { renderLimits, type RenderLimits } from './page-watchdog.ts';
import { startRenderWorker, WORKER_YOUNG_GENERATION_MB, type RenderWorker, type WorkerHandle } from './worker-handle.ts';
import type { RenderSettings, RoutedReport, RouteSettings, SitePatch } from './worker-protocol.ts';
import type { CacheTarget } from '../cache/content-cache-file.ts';

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
/**
 * From this many pages, one render worker (unless --jobs says otherwise): each render worker holds
 * its own copy of the site, about 6 KB of heap a location page with V8's slack, so two at 100,000
 * pages peak at 1.3-1.6 GB (during their assembly), over issue 23's 1 GB. Two fit 60,000 generated
 * locations in 888 MB, not 70,000 (1,037 MB; docs/performance.md, History, `two-workers`). The
 * parse helpers beyond it only parse, and stop once the files are parsed. On a quiet 2-core
 * machine one render worker costs 100,000 pages 70-85 s against 61-66 s with two (2026-11-26).
 */
export const ONE_RENDER_WORKER_PAGES = 60_000;
/**
 * The young generation (MB) of a large site's workers (from ONE_RENDER_WORKER_PAGES files, on the
 * default of one render worker), in place of WORKER_YOUNG_GENERATION_MB. Rendering makes ~0.3 MB
 * of short-lived garbage a page: with 8 MB, the one worker of 100,000 pages made ~7,500 scavenges,
 * a third of its time rendering, each slower for the ~340 MB old generation beside it; with 48 MB
 * ~1,900, and the build took 0.77-0.95x the CPU and, in two quiet pairs, 0.80-0.84x the wall time
 * (docs/performance.md, History, `partition` and the ninth round's merge; 96 MB was slower). It
 * costs up to ~90 MB at the peak, which the one render worker's budget has room for; two
 * workers' (under 60,000 pages) and watch's do not get it.
 */
export const LARGE_SITE_YOUNG_GENERATION_MB = 48;

/** The young generation, MB, of the workers a pass starts to parse `files` files. */
export function youngGenerationMbFor(files: number, jobs: number | undefined, keep: boolean): number {
  return !keep && jobs === undefined && files >= ONE_RENDER_WORKER_PAGES ? LARGE_SITE_YOUNG_GENERATION_MB : WORKER_YOUNG_GENERATION_MB;
}

/** True where pages render in workers (the compiled CLI); from source the calling thread renders. */
export function rendersInWorkers(): boolean {
  return compiledWorkerFile('render-worker') !== undefined;
}

/** Render workers for `pages` pages (the calling thread only coordinates): `jobs` when given (0 counts as 1), else one per core from the threshold on. */
export function renderThreads(pages: number, jobs?: number, cores = availableParallelism(), workersStarted = false): number {
  if (jobs !== undefined) return Math.max(1, jobs);
  if (pages >= ONE_RENDER_WORKER_PAGES) return 1;
  return pages >= (workersStarted ? STARTED_THRESHOLD : PARALLEL_THRESHOLD) ? cores : 1;
}

/**
 * Threads in all to parse `files` files with: `jobs` when given (never more than the files: with
 * nothing to parse, an unchanged site's build started a helper for nothing, ~0.5 s of CPU), else
 * one per core from the threshold on.
 */
export function parseThreads(files: number, jobs?: number, cores = availableParallelism()): number {
  if (jobs !== undefined) return Math.max(1, Math.min(jobs, files));
  return files >= PARSE_THRESHOLD ? cores : 1;
}

/** The workers of one pass's render (RenderThreads.forRendering). */
export interface RenderingWorkers {
  count: number;
  ready: Promise<RenderWorker[]>;
  /**
   * A build's workers leave a core to this thread, which only waits for them: they hand their pages
   * back for it to write (page-files.ts), and spend their own time rendering. Not in watch, whose
   * main thread serves the browsers and watches the files meanwhile.
   */
  handBack: boolean;
  /** A build stops its workers once its pages are written (watch keeps one): no collection after their last chunk. */
  stopAfter: boolean;
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
  /**
   * The compiled templates, for workers to load while they wait (a build: nothing is awaited).
   * `compiledNow`: pages will render, so a worker starts now if none has; templates from the step
   * cache wait for a sign that pages will render (a file to parse, or the render stage).
   */
  setTemplates(modulePath: string, compiledNow: boolean): void;
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
  forRendering(pages: number, items: readonly FingerprintedEntry[], render: RenderSettings, inWorkers: boolean): RenderingWorkers;
  /**
   * A build's parse helpers, which hold every entry, assemble and route the site without this
   * thread (it keeps no copy: the peak of a large build was three copies of the site, this
   * thread's and each worker's): the first one answers with what this thread reads of it
   * (worker-protocol.ts, RoutedReport), the last one writes the content cache to `cache`.
   * Undefined when this pass has no parse helpers, and in watch, which keeps its content.
   */
  routeElsewhere(items: readonly FingerprintedEntry[], cache: CacheTarget | undefined, report: NonNullable<SitePatch['report']>): Promise<RoutedReport> | undefined;
  /**
   * sitemap.xml made by a worker that was sent this pass's site while parsing (it would
   * otherwise wait for the render setup), or undefined when none was: the caller makes it.
   */
  sitemap(baseUrl: string | undefined): Promise<string> | undefined;
  /** The pass's pages are written: a build stops its workers, watch keeps one. */
  rendered(): Promise<void>;
  /**
   * Watch, once a pass is over (its open pages reloaded): a spare worker is started if there is
   * none and sent the site as now routed, `items`, for the next template save (not during the
   * pass: sending entries takes this thread's time). A build has none.
   */
  prepareSpare(items: readonly FingerprintedEntry[]): void;
  /** Asks the workers for a full garbage collection (watch, when idle). */
  compact(): void;
  /** Stops every worker now (what they render fails); the next pass starts them again. */
  interrupt(): void;
  /** Stops the workers; settles once they have exited (their heaps can take ~0.1 s to tear down). */
  close(): Promise<void>;
}

/** What the render threads keep from call to call. */
interface ThreadState {
  readonly options: ThreadOptions & { cores: number; limits: RenderLimits };
  /** The worker's entry point: compiled, or (watch from source) bundled once the templates are first loaded. */
  file: string | undefined;
  /** Parse helpers, render workers and (watch) the worker kept from the last pass. */
  workers: WorkerHandle[];
  /** Parse helpers of a large site that do not render (ONE_RENDER_WORKER_PAGES): stopped once the files are parsed. */
  parseOnly: WorkerHandle[];
  /** A worker started before any is asked for, to render: it loads React and the templates meanwhile. */
  warm: WorkerHandle | undefined;
  /**
   * Watch: a worker started ahead of the next template save, with React loaded and the site of the
   * last pass assembled, but no templates: a save has it import the new module and render the open
   * pages at once, instead of waiting for a new thread and the whole site sent to it.
   */
  spare: WorkerHandle | undefined;
  /** The entries of the site as last routed (the site the spare is kept holding), and those the spare was sent. */
  lastItems: readonly FingerprintedEntry[] | undefined;
  spareItems: readonly FingerprintedEntry[] | undefined;
  /** The spare is to be readied on the next turn of the event loop. */
  spareQueued: boolean;
  templatesModule: string | undefined;
  configModule: string | undefined;
  /** This pass's workers hold its entries (they parsed them, or were sent them to route: routeOnWarmWorker), and were sent its site as soon as it was loaded. */
  parsedThisPass: boolean;
  closing: Promise<void>;
  /** Closed early (a build whose templates do not compile) while the content may still be loading: no worker may start after that, or it keeps the process alive. */
  closed: boolean;
  /** The young generation (MB) of the workers started from now on: larger for a large site's (youngGenerationMbFor). */
  youngGenerationMb: number;
}

export function createRenderThreads(options: ThreadOptions): RenderThreads {
  const state: ThreadState = {
    options: { ...options, cores: options.cores ?? availableParallelism(), limits: options.limits ?? renderLimits() },
    file: compiledWorkerFile('render-worker'), workers: [], parseOnly: [], warm: undefined, spare: undefined, lastItems: undefined, spareItems: undefined, spareQueued: false,
    templatesModule: undefined, configModule: undefined, parsedThisPass: false, closing: Promise.resolve(), closed: false, youngGenerationMb: WORKER_YOUNG_GENERATION_MB,
  };
  return {
    start: (files) => startParseHelpers(state, files),
    loaded(items, cache) {
      retireParseOnly(state);
      if (!state.parsedThisPass) {
        // A small build's one worker (started to render) assembles and routes the site now, while
        // this thread routes it and resolves the images: the site sent to render finds it ready.
        if (state.warm?.alive) void state.warm.useSite(items, sitePatch(state, {})).catch(() => undefined);
        return false;
      }
      // Each assembles and routes the site while this thread does the same.
      state.workers.forEach((worker, index) => void worker.useSite(items, sitePatch(state, { cache: index === 0 ? cache : undefined })));
      return cache !== undefined;
    },
    routeElsewhere(items, cache, report) {
      retireParseOnly(state);
      if (!state.parsedThisPass) routeOnWarmWorker(state, items.length);
      if (!state.parsedThisPass || state.options.keep || state.workers.length === 0) return undefined;
      const last = state.workers.length - 1;
      const sent = state.workers.map((worker, index) => worker.useSite(items, sitePatch(state, { cache: index === last ? cache : undefined, report: index === 0 ? report : undefined })));
      return sent[0] as Promise<RoutedReport>;
    },
    sitemap(baseUrl) {
      const worker = state.parsedThisPass ? state.workers.find((candidate) => candidate.alive && candidate.site) : undefined;
      return worker ? worker.call({ type: 'sitemap', baseUrl }) as Promise<string> : undefined;
    },
    setConfig(modulePath) {
      state.configModule = modulePath;
      // A worker started before the config was compiled (a build with no page manifest) loads it now.
      if (state.warm?.alive) state.warm.post({ type: 'config', modulePath });
    },
    setTemplates: (modulePath, compiledNow) => setTemplates(state, modulePath, compiledNow),
    parsing: () => startWarm(state),
    loadTemplates: (modulePath, workerFile, stop) => loadTemplates(state, modulePath, workerFile, stop),
    forRendering: (pages, items, render, inWorkers) => forRendering(state, pages, items, render, inWorkers),
    async rendered() {
      state.parsedThisPass = false;
      if (!state.options.keep) return this.close();
      // One worker holds the entries and the templates for the next pass; more would hold copies of the site.
      await Promise.all(keepFirst(state.workers, 1).map((worker) => worker.terminate()));
    },
    prepareSpare(items) {
      state.lastItems = items;
      if (state.spareQueued) return;
      state.spareQueued = true;
      // On the next turn of the event loop: a reload just written to the event stream leaves this
      // thread first (Node's HTTP response flushes on the next tick), and sending entries takes this thread's time.
      setImmediate(() => {
        state.spareQueued = false;
        prepareSpare(state);
      });
    },
    compact() {
      for (const worker of [...state.workers, state.warm, state.spare]) if (worker?.alive) worker.post({ type: 'compact' });
    },
    // The spare is left alone: it renders nothing, and the save that interrupts is the one it waits for.
    interrupt: () => void stopWorkers(state),
    close() {
      state.closed = true;
      const spare = state.spare;
      state.spare = undefined;
      state.closing = Promise.all([state.closing, stopWorkers(state), spare?.terminate()]).then(() => undefined);
      return state.closing;
    },
  };
}

const configOf = (state: ThreadState) => state.configModule ?? fail('render workers were asked to parse before the site config was set');
const spawn = (state: ThreadState) => {
  trace('render worker spawned');
  const worker = startRenderWorker(state.file!, () => configOf(state), state.options.limits, state.youngGenerationMb);
  // The site config loads while this thread still parses (a small build's worker was idle then): the site patch finds it ready.
  if (state.configModule) worker.post({ type: 'config', modulePath: state.configModule });
  return worker;
};
const sitePatch = (state: ThreadState, extra: Pick<SitePatch, 'render' | 'cache' | 'warmUp' | 'report'>): Omit<SitePatch, 'order'> => ({ configModule: configOf(state), route: state.options.route, ...extra });

/** Stops the workers that render and the warm one (not the spare); settles once they exited. */
function stopWorkers(state: ThreadState): Promise<void> {
  const all = [...state.workers.splice(0), ...state.parseOnly.splice(0), ...(state.warm ? [state.warm] : [])];
  state.warm = undefined;
  return Promise.all(all.map((worker) => worker.terminate())).then(() => undefined);
}

function startParseHelpers(state: ThreadState, files: number): ParseHelper[] {
  // Running from source (tests): parsing stays on this thread. Watch's later passes keep their worker.
  if (!state.file || state.closed || state.workers.length > 0) return [];
  // The workers parse beside this thread, then render (this thread never does, see forRendering).
  const count = parseThreads(files, state.options.jobs, state.options.cores);
  if (count > 1) {
    const young = youngGenerationMbFor(files, state.options.jobs, state.options.keep);
    if (young !== state.youngGenerationMb) startYoungGenerationsAt(young);
    state.youngGenerationMb = young;
    // A worker started to render before the files were listed (templates compiled first) is one of
    // them: left aside, it idled with React and the templates loaded until the render, a thread's
    // memory (~50 MB) beside the parse helpers' through the build's peak. Started with the small
    // young generation, it only parses when a large site's young one is wanted (the first renders).
    const warm = state.warm?.alive ? state.warm : undefined;
    state.warm = undefined;
    const warmRenders = young === WORKER_YOUNG_GENERATION_MB;
    if (warm && warmRenders) state.workers.push(warm);
    while (state.workers.length < count - (warm && !warmRenders ? 1 : 0)) state.workers.push(spawn(state));
    if (warm && !warmRenders) state.workers.push(warm);
  }
  state.parsedThisPass = state.workers.length > 0;
  // A large site renders on fewer workers than parse it (the memory budget): the others only parse,
  // are not sent the entries this thread parses, and stop once every file is parsed.
  state.parseOnly = state.workers.splice(Math.max(1, renderThreads(files, state.options.jobs, state.options.cores, true)));
  if (state.templatesModule) for (const worker of state.workers) tellTemplates(worker, state.templatesModule);
  return [...state.workers, ...state.parseOnly.map((worker): ParseHelper => ({ parse: (sources) => worker.parse(sources), share: () => undefined }))];
}

/**
 * A large site loaded from the content cache (nothing to parse, so no parse helpers) into an output
 * with no page manifest: the worker started to render (startWarm) and as many more as will render
 * are sent the entries to route, as parse helpers would be, and this thread lets its copy go. Else
 * this thread routed its own copy beside the worker's: two copies of the site (1,455-1,495 MB at
 * 100,000 pages, docs/performance.md, History, `big-9`). Smaller sites keep routing on both threads
 * at once, which is quicker.
 */
function routeOnWarmWorker(state: ThreadState, entries: number): void {
  if (!state.warm?.alive || state.closed || state.options.keep || entries < PARSE_THRESHOLD) return;
  state.workers.push(state.warm);
  state.warm = undefined;
  const count = Math.max(1, renderThreads(entries, state.options.jobs, state.options.cores, true));
  while (state.workers.length < count) {
    const worker = spawn(state);
    if (state.templatesModule) tellTemplates(worker, state.templatesModule);
    state.workers.push(worker);
  }
  state.parsedThisPass = true;
}

/** The parse helpers that do not render stop: every file is parsed (their entries reached this thread). */
function retireParseOnly(state: ThreadState): void {
  for (const worker of state.parseOnly.splice(0)) void worker.terminate();
}

function setTemplates(state: ThreadState, modulePath: string, compiledNow: boolean): void {
  state.templatesModule = modulePath;
  if (compiledNow) startWarm(state);
  for (const worker of state.warm ? [...state.workers, state.warm] : state.workers) tellTemplates(worker, modulePath);
}

/**
 * A build's pages render in a worker: without parse workers, one starts as soon as pages are known
 * to need rendering (new templates, or a content file to parse) and loads React (and the templates,
 * once compiled) while this thread loads the content; kept aside, it is not a parse helper. Not in
 * watch, whose workers load templates through loadTemplates().
 */
function startWarm(state: ThreadState): void {
  if (!state.file || state.closed || state.options.keep || state.workers.length > 0 || state.warm) return;
  state.warm = spawn(state);
  if (state.templatesModule) tellTemplates(state.warm, state.templatesModule);
}

/** Watch: the spare (or, with none, a new worker) loads the new templates; the workers holding older ones are stopped with their modules. */
async function loadTemplates(state: ThreadState, modulePath: string, workerFile: string, stop: AbortSignal): Promise<void> {
  if (state.closed) throw stoppedError();
  if (stop.aborted) throw stoppedError();
  if (state.file !== workerFile) retireSpare(state);
  state.file = workerFile;
  trace('templates: to a worker');
  const next = await startLoaded(takeSpare(state) ?? spawn(state), modulePath, stop, () => state.closed).catch((error: unknown) => {
    // The worker that failed to load is gone: another is made ready for the save that fixes it.
    prepareSpare(state);
    throw error;
  });
  if (state.closed) {
    await next.terminate();
    throw stoppedError();
  }
  state.templatesModule = modulePath;
  next.templates = modulePath;
  const old = [...switchTemplates(state.workers, modulePath), ...(state.warm ? [state.warm] : [])];
  state.warm = next;
  await Promise.all(old.map((worker) => worker.terminate()));
}

function forRendering(state: ThreadState, pages: number, items: readonly FingerprintedEntry[], render: RenderSettings, inWorkers: boolean): RenderingWorkers {
  const { workers, options } = state;
  // Workers that died (stopped by watch, a page past its time bound) are started again.
  keepFirst(workers);
  if (state.warm && !state.warm.alive) state.warm = undefined;
  // Running from source (tests that import src/) a build has no worker: the calling thread renders.
  const wanted = state.closed || !state.file ? 0 : Math.max(inWorkers ? 1 : 0, renderThreads(pages, options.jobs, options.cores, state.parsedThisPass));
  if (state.warm && workers.length < wanted) workers.push(state.warm);
  else if (state.warm) void state.warm.terminate();
  state.warm = undefined;
  const surplus = workers.splice(wanted);
  // A spare holds the site already: it renders too (it loads the templates the patch names) and is replaced once the pass is done.
  while (state.file && workers.length < wanted) workers.push(takeSpare(state) ?? spawn(state));
  // Each loads the templates the patch names (a spare, the first time): the next template save stops it with them.
  for (const worker of workers) worker.templates = render.templatesModule;
  const ready = sendSite(workers, surplus, items, sitePatch(state, { render }));
  // What parsing left behind, collected before rendering adds its own garbage (about 30 MB
  // less at 10,000 pages); after the workers were sent their site, so they need not wait.
  // Not at every watch pass: a one-file edit leaves next to nothing. Not in a build: its
  // session collects once it has let go of the entries (session/session.ts, handOver), and a
  // second full collection just before that one was the build's peak (a compaction's copies).
  if (workers.length > 0 && options.keep && state.parsedThisPass) collectGarbage();
  return { count: workers.length, ready, handBack: !options.keep && workers.length > 0 && workers.length < options.cores, stopAfter: !options.keep };
}

/**
 * Watch, once a pass's open pages are reloaded and again when it ends: a spare worker holds the
 * site as last routed (it is started if there is none, and sent only the entries it lacks), so the
 * next template save finds a thread with React loaded and the site assembled. It costs one more
 * copy of the site in memory.
 */
function prepareSpare(state: ThreadState): void {
  if (!state.options.keep || state.closed || !state.file || !state.lastItems || !state.configModule) return;
  if (state.spare && !state.spare.alive) retireSpare(state);
  if (!state.spare) trace('spare: started');
  state.spare ??= spawn(state);
  if (state.spareItems === state.lastItems) return;
  trace('spare: sent the site');
  state.spareItems = state.lastItems;
  void state.spare.useSite(state.lastItems, sitePatch(state, { warmUp: true }));
}

/** The spare, taken out to load templates or render; undefined when there is none alive. */
function takeSpare(state: ThreadState): WorkerHandle | undefined {
  const spare = state.spare;
  state.spare = undefined;
  state.spareItems = undefined;
  return spare?.alive ? spare : undefined;
}

function retireSpare(state: ThreadState): void {
  void takeSpare(state)?.terminate();
}

const stoppedError = () => new CleansiteError({ code: 'RENDER_FAILED', message: 'watch is stopping: nothing more is rendered' });

/** `next` (the spare or a new worker) once it loaded these templates; `stop` (or `closed`) ends a load that never finishes (a module that loops at its top level). */
async function startLoaded(next: WorkerHandle, modulePath: string, stop: AbortSignal, closed: () => boolean): Promise<WorkerHandle> {
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
