/**
 * Hands unused heap back when the watcher goes quiet. V8 lets an isolate's
 * old generation fill with garbage up to a large multiple of its live size
 * before it collects, and Node never runs V8's idle-time GC: measured on the
 * real site, the render worker's heap went from 12 to 28 MB (almost all of
 * it garbage) over 300 edits and the process RSS rose by a quarter with no
 * leak behind it, then stayed there however long the watcher sat idle. One
 * full collection per thread after a quiet second costs a few milliseconds
 * that no one is waiting for.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * Makes a full collection callable here and in every worker started after
 * this call (V8 flags are process-wide; `gc` is exposed to contexts created
 * once the flag is set). Returns the main thread's collector.
 */
export function enableFullCollection(): () => void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}

/**
 * Keeps each young generation the size it has now. V8 doubles a young
 * generation once enough objects have survived into it, which in a long
 * session happens at some edit or other and adds 16 MB to the watcher's
 * memory for good. Called once the first build has grown it to what a full
 * build needs; later rebuilds are far smaller. (The flag is read each time
 * V8 considers growing, so setting it late works.)
 */
export function freezeYoungGeneration(): void {
  v8.setFlagsFromString('--semi-space-growth-factor=1');
}

/** Inside a worker: a full collection when the flag was set before the worker started, else nothing. */
export function collectInThisThread(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
