/**
 * One render worker (session/render-worker.ts) seen from the main thread:
 * requests with replies, the entries it holds (by fingerprint), the site
 * patch it was last sent, and the watchdog on its current page
 * (page-watchdog.ts). A page past the time bound, or a worker out of its
 * heap, fails what is waiting with the page named; errors cross the thread
 * boundary whole (core/serialise-error.ts).
 */
import { Worker } from 'node:worker_threads';
import type { FingerprintedEntry, ParseHelper } from '../content/content-loader.ts';
import { CleansiteError } from '../core/errors.ts';
import { reviveError } from '../core/serialise-error.ts';
import { PageStopped, renderLimits, watchPages, type RenderLimits } from './page-watchdog.ts';
import { reapplyYoungGeneration, youngGenerationGrowth } from '../core/garbage-collection.ts';
import type { BatchResult } from './render-batch.ts';
import { HAND_BACK_BYTES, writeHandedBack } from './page-files.ts';
import { trace } from '../core/trace.ts';
import type { SerialisedBatch, SerialisedParse, SitePatch, WorkerMessage, WorkerReply, WorkerRequest } from './worker-protocol.ts';

export interface RenderRequestOptions {
  handBack?: boolean;
  last?: boolean;
}

export interface RenderWorker {
  /**
   * Renders the pages and has them written under `outDir`; settles once they are. `handBack`: this
   * thread writes them, from a buffer the worker fills (page-files.ts), so the worker only renders.
   * `last`: the worker is stopped once this batch is written (a build's last batch for it).
   */
  render(paths: string[], outDir: string, options?: RenderRequestOptions): Promise<BatchResult>;
}

export interface WorkerHandle extends ParseHelper, RenderWorker {
  /** False once the worker stopped or failed: every call is refused from then on. */
  readonly alive: boolean;
  /** The templates module it loaded or was told to load. */
  templates: string | undefined;
  /**
   * Sends the entries of `items` it lacks, then the patch naming them all (its `order` is
   * filled in here). Settles once the worker holds the site (and wrote the cache it was asked to).
   */
  useSite(items: readonly FingerprintedEntry[], patch: Omit<SitePatch, 'order'>): Promise<unknown>;
  /** The last site it was sent, settled or not; undefined before any. */
  readonly site: Promise<unknown> | undefined;
  post(message: WorkerMessage): void;
  call(request: WorkerRequest): Promise<unknown>;
  terminate(): Promise<number>;
}

/**
 * A small young generation: the worker's garbage is short-lived HTML, and each MB here is
 * resident memory. Left to itself V8 grows it to ~32 MB; in a watch session that showed as a
 * 20 % rise of the watcher's memory over a few hundred edits, with no leak behind it. A large
 * site's one render worker is given more (render-threads.ts, youngGenerationMbFor).
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

/**
 * What crossed to render workers in this process so far: workers started, and entries sent to
 * them. A test reads it to show that a watch template save reaches the open page on a worker
 * started ahead of it that already held the site (render-threads.ts, the spare).
 */
export const workerTraffic = { started: 0, entriesSent: 0 };

/**
 * `config`: the compiled site config's path, for parse requests. `limits`: the time bound of one
 * page and the heap of the thread. `youngGenerationMb`: the most its young generation may hold
 * (how much it starts with: startYoungGenerationsAt() in core/garbage-collection.ts).
 */
export function startRenderWorker(file: string, config: () => string, limits: RenderLimits = renderLimits(), youngGenerationMb = WORKER_YOUNG_GENERATION_MB): WorkerHandle {
  const progress = new Int32Array(new SharedArrayBuffer(4));
  workerTraffic.started++;
  const worker = new Worker(file, {
    resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb, maxOldGenerationSizeMb: limits.heapMb },
    workerData: { progress: progress.buffer, youngGrowth: youngGenerationGrowth() },
  });
  worker.once('online', reapplyYoungGeneration);
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
  worker.on('message', (reply: WorkerReply) => settle(pending, reply));

  const call = (request: WorkerRequest): Promise<unknown> => {
    if (failed) return Promise.reject(failed);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies WorkerMessage);
    });
  };
  const holdings = createHoldings();
  /** Hand-back buffers not in use: one per batch in flight, made as needed, each used again once its pages are written. */
  const freeBuffers: SharedArrayBuffer[] = [];
  let site: Promise<unknown> | undefined;
  const post = (message: WorkerMessage) => postCounted(worker, message);
  const handle: WorkerHandle = {
    get alive() {
      return failed === undefined;
    },
    templates: undefined,
    get site() {
      return site;
    },
    post,
    share(items) {
      post({ type: 'entries', items });
      holdings.add(items);
    },
    useSite(items, patch) {
      const { missing, sent } = holdings.patch(items, patch);
      if (missing.length > 0) post({ type: 'entries', items: missing });
      site = call({ type: 'site', patch: sent }).catch((error: unknown) => {
        holdings.unknown();
        throw error;
      });
      // Awaited by whoever needs the site; a failure surfaces there.
      site.catch(() => undefined);
      return site;
    },
    call,
    async parse(sources) {
      holdings.validatedBy(config());
      const reply = await call({ type: 'parse', sources, configModule: config() }) as SerialisedParse;
      holdings.add(reply.items);
      return revivedParse(reply);
    },
    async render(paths, outDir, { handBack = false, last = false } = {}) {
      const buffer = handBack ? freeBuffers.pop() ?? new SharedArrayBuffer(HAND_BACK_BYTES) : undefined;
      const replied = call({ type: 'render', paths, outDir, handBack: buffer, last });
      if (!failed) watchdog.sent(paths);
      // Answered in the order sent: the worker renders one batch at a time.
      const reply = await replied.finally(() => watchdog.answered(paths.length)) as SerialisedBatch;
      const result = { ...reply, failures: reply.failures.map(reviveError) };
      if (!buffer) return result;
      const written = writeHandedBack(buffer, result, outDir);
      trace(`pages handed back ${reply.handedBack?.length ?? 0}`);
      // Only once its pages are written, and only after a reply: a worker that failed may still hold it.
      freeBuffers.push(buffer);
      return written;
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

function postCounted(worker: Worker, message: WorkerMessage): void {
  if (message.type === 'entries') workerTraffic.entriesSent += message.items.length;
  worker.postMessage(message);
}

/** Settles the request a reply answers. */
function settle(pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>, reply: WorkerReply): void {
  const entry = pending.get(reply.id);
  pending.delete(reply.id);
  if (!entry) return;
  if (reply.ok) entry.resolve(reply.value);
  else entry.reject(reply.error ? reviveError(reply.error) : new CleansiteError({ code: 'RENDER_FAILED', message: `render worker failed: ${reply.message}` }));
}

/** A parse reply with its errors made CleansiteErrors again. */
function revivedParse(reply: SerialisedParse) {
  return {
    fingerprints: reply.fingerprints,
    items: reply.items,
    readErrors: reply.readErrors.map(reviveError),
    parseErrors: reply.parseErrors.map(reviveError),
    validationErrors: reply.validationErrors.map(reviveError),
  };
}

/**
 * What a worker holds, as the main thread knows it: the fingerprints of its entries (it drops
 * those a patch no longer names), the site config they were validated by (another one
 * validates the same files into other entries) and the image map last sent.
 */
export function createHoldings() {
  let holds = new Set<string>();
  let holdsFor: string | undefined;
  let imagesSent: unknown;
  /**
   * The entries of the last patch: watch sends the same ones again (each slice of a pass, the
   * spare's render). Weakly: a build's main thread lets the entries go once its workers have them.
   */
  let lastItems: WeakRef<readonly FingerprintedEntry[]> | undefined;
  const validatedBy = (configModule: string) => {
    if (holdsFor !== undefined && holdsFor !== configModule) {
      // Another declaration validates the same files into other entries: nothing held counts, not even the last patch's.
      holds = new Set();
      lastItems = undefined;
    }
    holdsFor = configModule;
  };
  return {
    validatedBy,
    add(items: readonly FingerprintedEntry[]) {
      for (const { fingerprint } of items) holds.add(fingerprint);
    },
    /** The entries to send first, and the patch: every fingerprint in order, the images only when they changed. */
    patch(items: readonly FingerprintedEntry[], patch: Omit<SitePatch, 'order'>): { missing: FingerprintedEntry[]; sent: SitePatch } {
      // The entries of the last patch, validated by the same config: the worker holds every one (at
      // 10,000 pages, looking them up again cost the open page ~10 ms on a busy machine).
      const same = lastItems?.deref() === items && patch.configModule === holdsFor;
      validatedBy(patch.configModule);
      const missing = same ? [] : items.filter(({ fingerprint }) => !holds.has(fingerprint));
      if (!same) {
        holds = new Set(items.map(({ fingerprint }) => fingerprint));
        lastItems = new WeakRef(items);
      }
      let render = patch.render;
      if (render && render.images === imagesSent) render = { ...render, images: undefined };
      else if (render) imagesSent = render.images;
      return { missing, sent: { ...patch, render, order: items.map(({ fingerprint }) => fingerprint) } };
    },
    /** A patch failed: what the worker holds is unknown, so the next one sends the images again. */
    unknown() {
      imagesSent = undefined;
    },
  };
}
