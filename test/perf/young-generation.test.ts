/**
 * A large site's one render worker starts with a larger young generation
 * (render-threads.ts, youngGenerationMbFor; docs/performance.md, History,
 * `partition`): with the default 8 MB, the one worker of 100,000 pages made
 * ~7,500 scavenges while it rendered. V8 reads the size when it makes a heap,
 * so startYoungGenerationsAt() sets it for the workers started after it, and
 * startRenderWorker() gives each its maximum. What it checks: the young
 * generation V8 made in real worker threads started through startRenderWorker(),
 * each answering with its own `new_space` size. Not in the shared project: it
 * sets a V8 flag of this process.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startYoungGenerationsAt } from '../../src/core/garbage-collection.ts';
import { LARGE_SITE_YOUNG_GENERATION_MB } from '../../src/render/render-threads.ts';
import { startRenderWorker, WORKER_YOUNG_GENERATION_MB } from '../../src/render/worker-handle.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const root = makeTempDir('cleansite-young-generation-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A stand-in for the render worker's entry: it answers any request with its young generation's size in MB, once it made garbage. */
const workerFile = path.join(root, 'new-space-worker.cjs');
writeFileSync(workerFile, `const { parentPort } = require('node:worker_threads');
const { getHeapSpaceStatistics } = require('node:v8');
parentPort.on('message', (message) => {
  // Short-lived garbage first, as rendering makes: V8 commits the second semi-space at the first scavenge.
  let kept = [];
  for (let index = 0; index < 2e6; index++) {
    kept.push({ index });
    if (kept.length > 1000) kept = [];
  }
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  parentPort.postMessage({ id: message.id, ok: true, value: newSpace.space_size / 2 ** 20 });
});
`);

/** The young generation (MB) of a worker started through startRenderWorker() with this maximum. */
async function youngGenerationOf(youngGenerationMb?: number): Promise<number> {
  const worker = startRenderWorker(workerFile, () => 'unused', undefined, youngGenerationMb);
  try {
    return await worker.call({ type: 'load', modulePath: 'unused' }) as number;
  } finally {
    await worker.terminate();
  }
}

describe('a render worker\'s young generation', () => {
  it('is the small default unless a large site asks for more, and then as large from its start', async () => {
    const before = await youngGenerationOf();
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThanOrEqual(WORKER_YOUNG_GENERATION_MB);

    startYoungGenerationsAt(LARGE_SITE_YOUNG_GENERATION_MB);
    const large = await youngGenerationOf(LARGE_SITE_YOUNG_GENERATION_MB);
    // Two semi-spaces of a third of it each, made at the start (not grown later: large builds hold the growth factor at 1).
    expect(large).toBeGreaterThanOrEqual((LARGE_SITE_YOUNG_GENERATION_MB / 3) * 2);
    // A worker started later with the default maximum is held to it.
    expect(await youngGenerationOf()).toBeLessThanOrEqual(WORKER_YOUNG_GENERATION_MB);
  }, 60_000);
});
