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
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/** A full, synchronous garbage collection of the calling thread's heap. */
export function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

/**
 * Keeps each young generation the size it has now. V8 doubles a young
 * generation once enough objects have survived into it, which in a long
 * watch session happens at some edit or other and adds 16 MB for good.
 * Called once the first build has grown it to what a full build needs. (The
 * flag is read each time V8 considers growing, so setting it late works.)
 */
export function freezeYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
