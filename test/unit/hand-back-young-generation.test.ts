/**
 * A large build holds every thread's young generation at its start-up size (core/garbage-collection.ts,
 * holdYoungGenerations), and its main thread then writes every page its one render worker hands
 * back (render/page-files.ts), making each page's string again: ~52 KB of garbage a page. Held, that
 * young generation was 1-16 MB from run to run, and at 100,000 pages the thread made 410 to 5,150
 * scavenges (docs/performance.md, History, `big-8`). writePages (session/write-pages.ts) lets the
 * young generations grow again once its workers hand their pages back, and only then. The factor
 * is what V8 reads whenever it considers growing one; it is process-wide, as the shared cell
 * handed to new workers says.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { holdYoungGenerations, settleYoungGenerations, youngGenerationGrowth } from '../../src/core/garbage-collection.ts';
import type { Staging } from '../../src/output/staging.ts';
import type { SiteData } from '../../src/render/page-props.ts';
import type { RenderWorker } from '../../src/render/worker-handle.ts';
import type { Route } from '../../src/routes/route-table.ts';
import { writePages } from '../../src/session/write-pages.ts';

const growthFactor = () => Atomics.load(new Int32Array(youngGenerationGrowth()), 0);

const worker: RenderWorker = {
  async render(paths) {
    return { pages: paths.length, bytes: 0, failures: [] };
  },
};

async function writeWith(handBack: boolean) {
  holdYoungGenerations();
  settleYoungGenerations(true);
  expect(growthFactor(), 'held for a build with parse helpers').toBe(1);
  await writePages({
    site: {} as SiteData,
    templatesModule: 'unused: only the worker renders',
    staging: { dir: '/unused' } as Staging,
    render: [{ path: '/a/' }, { path: '/b/' }] as Route[],
    renderers: () => ({ workers: { count: 1, ready: Promise.resolve([worker]), handBack, stopAfter: true }, here: false }),
  });
  return growthFactor();
}

afterEach(() => {
  // Back to V8's default factor.
  holdYoungGenerations();
  settleYoungGenerations(false);
});

describe('a large build writing its pages', () => {
  it('lets the young generations grow once its one render worker hands its pages back', async () => {
    expect(await writeWith(true)).toBe(2);
  });

  it('keeps them held when the workers write their own pages (two render workers)', async () => {
    expect(await writeWith(false)).toBe(1);
  });
});
