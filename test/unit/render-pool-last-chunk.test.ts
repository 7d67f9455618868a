/**
 * A build's render workers are stopped once its pages are written, and stopping a worker waits for
 * a collection under way in it. The render pool (src/render/render-pool.ts) marks the chunks it
 * hands out when none is left, so the worker skips the heap budget's full collection after them
 * (src/session/render-worker.ts): at 100,000 pages that collection marked the ~340 MB site for
 * 1-1.5 s at the very end of the build (docs/performance.md, History, `big-8`). Watch keeps its
 * worker, whose heap must stay small between edits: nothing is marked there. And a large site's
 * one worker gets chunks small enough that what it keeps of one until it replies dies young
 * (render-pool.ts, HANDED_BACK_CHUNK_PAGES).
 */
import { describe, expect, it } from 'vitest';
import { createRenderPool } from '../../src/render/render-pool.ts';
import type { SiteData } from '../../src/render/page-props.ts';
import type { RenderRequestOptions, RenderWorker } from '../../src/render/worker-handle.ts';
import type { Route } from '../../src/routes/route-table.ts';

/** A worker that answers each chunk after a tick, recording what it was asked. */
function fakeWorker(calls: Array<{ worker: number; pages: number; last: boolean }>, worker: number): RenderWorker {
  return {
    async render(paths: string[], _outDir: string, options: RenderRequestOptions = {}) {
      calls.push({ worker, pages: paths.length, last: options.last === true });
      await new Promise((resolve) => setImmediate(resolve));
      return { pages: paths.length, bytes: 0, failures: [] };
    },
  };
}

async function renderWith(workers: number, stopAfter: boolean, pages: number, handBack = false) {
  const calls: Array<{ worker: number; pages: number; last: boolean }> = [];
  const ready = Array.from({ length: workers }, (_, index) => fakeWorker(calls, index));
  const pool = await createRenderPool({
    templatesModule: 'unused: only workers render',
    site: {} as SiteData,
    workers: Promise.resolve(ready),
    expectedWorkers: workers,
    renderHere: false,
    stopAfter,
    handBack,
  });
  const routes = Array.from({ length: pages }, (_, index) => ({ path: `/page-${index}/` }) as Route);
  const result = await pool.render(routes, '/unused');
  return { calls, result };
}

describe('the render pool in a build whose workers stop once its pages are written', () => {
  it('marks last only the chunks sent when none was left to hand out', async () => {
    const { calls, result } = await renderWith(1, true, 1000);
    expect(result.pages).toBe(1000);
    expect(calls.length).toBeGreaterThan(4);
    // One worker, two chunks in flight: the final chunk is the only one sent with the queue empty.
    expect(calls.map((call) => call.last)).toEqual([...Array.from({ length: calls.length - 1 }, () => false), true]);
  });

  it('marks the final chunk of each of two workers at most, and never one with chunks still to hand out', async () => {
    const { calls } = await renderWith(2, true, 1000);
    const marked = calls.filter((call) => call.last);
    expect(marked.length).toBeGreaterThanOrEqual(1);
    expect(marked.length).toBeLessThanOrEqual(2);
    expect(calls.at(-1)!.last).toBe(true);
    expect(calls.slice(0, calls.length - 2).every((call) => !call.last)).toBe(true);
  });

  it('marks nothing when the workers are kept (watch)', async () => {
    const { calls } = await renderWith(1, false, 1000);
    expect(calls.some((call) => call.last)).toBe(false);
  });
});

describe('the render pool at 100,000 pages', () => {
  it('hands out chunks of at most 50 pages to a worker that hands them back, so what it keeps of one dies young', async () => {
    // What a worker keeps of a chunk until it replies outlived the scavenges of a 200-page chunk and filled its old generation.
    const { calls, result } = await renderWith(1, true, 100_000, true);
    expect(result.pages).toBe(100_000);
    expect(Math.max(...calls.map((call) => call.pages))).toBe(50);
  });

  it('keeps chunks of up to 200 pages for workers that write their own (two at 10,000 pages)', async () => {
    const { calls } = await renderWith(2, true, 10_000);
    expect(Math.max(...calls.map((call) => call.pages))).toBe(200);
  });
});
