/**
 * The one place cleansite asks V8 for garbage collection, in any thread.
 *
 * Why at all: V8 collects the old generation lazily. Before render workers
 * start, the main thread's heap still holds what parsing left behind (about
 * 25 MB at 10,000 pages); a render thread's heap fills with short-lived
 * garbage that survives into the old generation; and in watch mode Node
 * never runs V8's idle-time GC, so a render worker's heap went from 12 to
 * 28 MB of mostly garbage over 300 edits and stayed there. A full collection
 * at those moments costs a few milliseconds that no one is waiting for.
 *
 * How: `--expose-gc` set at run time (as Jest does for --logHeapUsage), and
 * `gc` taken from a fresh context, which sees the flag once it is set. V8
 * flags are process-wide, so this works the same on the main thread and in
 * a worker. Node 20-24 offer no public API for this; when one lands
 * (`v8.gc()` has been proposed), this file is the one to change.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's `gc()`: a full collection, or with `{ type: 'minor' }` a scavenge of the young generation. */
type Gc = (options?: { type: 'minor' | 'major' }) => void;
let gc: Gc | undefined;

function v8Gc(): Gc {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
  }
  return gc;
}

/**
 * A full, synchronous garbage collection of the calling thread's heap. `compact`: also move the
 * live objects together, so pages left sparse are given back. V8's own full collections seldom do
 * (a main thread with 43 MB live kept 65 MB committed for a whole render); V8 offers no per-call
 * option, so its flag is set around this one collection.
 */
export function collectGarbage(options: { compact?: boolean } = {}): void {
  const collect = v8Gc();
  if (!options.compact) return collect();
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    collect();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
}

/**
 * A scavenge of the calling thread's young generation only (about 1 ms): frees the buffers of
 * values serialised a moment ago. `v8.serialize()` hands back memory V8 does not count as its
 * own, so nothing in V8 asks for a collection while a thread makes many of them: a render worker
 * writing 10,000 entries to the content cache piled up 40 MB of them, and the memory allocator
 * kept those pages (for the thread's later allocations) through the whole render.
 */
export function collectYoungGarbage(): void {
  v8Gc()({ type: 'minor' });
}

/**
 * A full collection where there is enough to give back for it to matter: at the hand-over of a
 * build's site and after a worker's first assembly. Below this (the committed site: ~18 MB used
 * on the main thread, ~15 MB in the worker) each cost 10-20 ms of CPU, with a new context for
 * `gc` on first use, and gave back a few MB that V8's own collections would soon reclaim.
 */
const WORTH_COLLECTING_MB = 24;

/** True when it collected. */
export function collectGarbageIfLarge(options: { compact?: boolean; minimumMB?: number } = {}): boolean {
  if (getHeapStatistics().used_heap_size < (options.minimumMB ?? WORTH_COLLECTING_MB) * 2 ** 20) return false;
  collectGarbage(options);
  return true;
}

/**
 * Young generations of this size (MB) for the render workers started from now on, in place of
 * the small one they get by default (render/worker-handle.ts): a large site's one render worker
 * (render/render-threads.ts, youngGenerationMbFor). V8 reads `--min-semi-space-size` when it
 * makes a heap, so a worker started after this call starts with semi-spaces of a third of it (two
 * semi-spaces and the large-object space make a young generation); a worker given a smaller
 * maximum (`resourceLimits`) is held to that. The threads already running keep theirs.
 */
export function startYoungGenerationsAt(megabytes: number): void {
  setFlagsFromString(`--min-semi-space-size=${Math.floor(megabytes / 3)}`);
}

/** True between holdYoungGenerations() and the first pass's settleYoungGenerations(). */
let held = false;
/**
 * The young generations' growth factor this process chose (V8's default is 2), in a cell shared
 * with the workers this thread starts: a worker applies the factor in force when it gets to it
 * (after loading its code), not the one of its spawn, which the first pass's
 * settleYoungGenerations may have changed since. A stale 1 put back that way left a small build's
 * young generations held, and its V8 flags (which key the code cache) differing from run to run.
 */
const sharedGrowth = new Int32Array(new SharedArrayBuffer(4));
Atomics.store(sharedGrowth, 0, 2);

function setGrowthFactor(factor: number): void {
  Atomics.store(sharedGrowth, 0, factor);
  setFlagsFromString(`--semi-space-growth-factor=${factor}`);
}

/**
 * Keeps the young generations at their start-up size until the first pass knows how many files it
 * parses (settleYoungGenerations). Left to grow, a large build's main thread's reached 32 MB
 * within its first seconds (start-up and the file listing), each worker's 8 MB, and they stayed
 * that size, mostly empty, while the workers rendered (docs/performance.md, History, 2026-11-26,
 * 05:25-07:00). V8 flags are process-wide: the workers' young generations stay small too.
 */
export function holdYoungGenerations(): void {
  held = true;
  setGrowthFactor(1);
}

/** The first pass's parse helpers are known: with none (a small or warm pass), young generations grow as V8 likes again. */
export function settleYoungGenerations(withHelpers: boolean): void {
  if (!held) return;
  held = false;
  if (!withHelpers) setGrowthFactor(2);
}

/**
 * Lets the young generations grow as V8 likes again, from now on: a build's main thread that
 * writes the pages its one render worker hands back (render/page-files.ts) makes each page's
 * string again, ~52 KB of garbage a page that dies at once. Held small, its young generation was
 * 1 to 16 MB from run to run (V8 shrinks it at a full collection when the thread allocates little,
 * as at the hand-over's, and held, it never grew back): at 100,000 pages 410 to 5,150 scavenges
 * and 5 to 23 s of CPU at load 7 (docs/performance.md, History, `big-8`). A large build's worker
 * is at its maximum already, and its parse helpers have stopped by then.
 */
export function releaseYoungGenerations(): void {
  held = false;
  setGrowthFactor(2);
}

/**
 * Keeps each young generation the size it has now. V8 doubles a young
 * generation once enough objects have survived into it, which in a long
 * watch session happens at some edit or other and adds 16 MB for good.
 * Called once the first build has grown it to what a full build needs. (The
 * flag is read each time V8 considers growing, so setting it late works.)
 */
export function freezeYoungGeneration(): void {
  held = false;
  setGrowthFactor(1);
}

/** The growth factor to hand a new worker thread, as a shared cell (workerYoungGeneration applies it there). */
export function youngGenerationGrowth(): SharedArrayBuffer {
  return sharedGrowth.buffer as SharedArrayBuffer;
}

/** Once a worker is online: the factor its start put back to 2, applied again from this thread (the worker does too, but later, after loading its code). */
export function reapplyYoungGeneration(): void {
  const factor = Atomics.load(sharedGrowth, 0);
  if (factor !== 2) setGrowthFactor(factor);
}

/**
 * In a worker thread as it starts: Node sets V8's flags anew while a worker starts, which put the
 * growth factor back to 2 for every thread (a held or frozen young generation grew again once a
 * worker started); the factor the main thread chose is applied again.
 */
export function workerYoungGeneration(shared: unknown): void {
  if (!(shared instanceof SharedArrayBuffer)) return;
  const cell = new Int32Array(shared);
  // Node's start left the default; the spawning thread may change the factor while this one sets it, so set until they agree.
  let applied = 2;
  for (let factor = Atomics.load(cell, 0); factor !== applied; factor = Atomics.load(cell, 0)) {
    setGrowthFactor(factor);
    applied = factor;
  }
}
