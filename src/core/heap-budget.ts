/**
 * Keeps a thread's heap near its live data (render threads; and a build's main thread while it
 * relays the entries the parse helpers parse, content/content-loader.ts). Rendering makes a lot of
 * short-lived garbage, some of which survives into the old generation, and
 * V8, seeing a busy thread, lets the old generation grow to several times
 * its live data before it collects: at 10,000 pages, 100 MB more resident
 * memory over two threads. A full collection whenever the heap has grown by
 * `growthMB` since the last one costs a few tens of milliseconds a time.
 * Measured at 10,000 pages, two threads (cold builds, peak RSS of the
 * process): no budget 312-318 MB, 48 MB 299, 32 MB 287-290, 24 MB 286-293,
 * and no more CPU time than without (V8's own collections of the larger
 * heap cost as much).
 */
import { getHeapStatistics } from 'node:v8';
import { collectGarbage } from './garbage-collection.ts';

const GROWTH_MB = 32;

/** Returns a check to call between batches of pages. */
export function createHeapBudget(growthMB = GROWTH_MB): () => void {
  const growth = growthMB * 2 ** 20;
  let base = getHeapStatistics().used_heap_size;
  return () => {
    if (getHeapStatistics().used_heap_size - base < growth) return;
    collectGarbage();
    base = getHeapStatistics().used_heap_size;
  };
}
