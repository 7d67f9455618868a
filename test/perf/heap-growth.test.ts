/**
 * A large pass (one with parse helpers) keeps every thread's heap near its live data
 * (src/core/garbage-collection.ts, settleYoungGenerations): V8's own step between full
 * collections let each render worker's heap grow from 52 to about 80 MB while it assembled the
 * site at 10,000 locations, both workers at once, the build's peak (docs/performance.md,
 * History, memory-5). A worker started after the pass chose it keeps medium-lived garbage moving
 * into its old generation (what an assembly makes) while holding ~30 MB of live data; its heap
 * must stay well below the same worker's under V8's own step, run first. V8's flags are process-wide, so this file runs in a process of its
 * own (the integration project), as the CLI's threads share one. Memory, not time: no timings.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { holdYoungGenerations, settleYoungGenerations } from '../../src/core/garbage-collection.ts';

/** Plain JavaScript run in the worker: live data, then objects that outlive a few scavenges and die. */
const CHURN = `
const { parentPort } = require('node:worker_threads');
const v8 = require('node:v8');
const live = Array.from({ length: 60000 }, (_, i) => ({ i, text: 'entry ' + i + ' '.repeat(i % 7) + 'x'.repeat(120) }));
const ring = new Array(20000);
let largest = 0;
for (let round = 0; round < 300000; round++) {
  ring[round % ring.length] = { round, text: 'garbage ' + round + 'y'.repeat(80), list: [round, round + 1] };
  if (round % 500 === 0) largest = Math.max(largest, v8.getHeapStatistics().total_heap_size);
}
v8.setFlagsFromString('--expose-gc');
require('node:vm').runInNewContext('gc')();
parentPort.postMessage({ largest, live: v8.getHeapStatistics().used_heap_size, kept: live.length + ring.length });
`;

function churnInWorker(): Promise<{ largest: number; live: number }> {
  return new Promise((resolve, reject) => {
    // The young generation the CLI gives its render workers (render/worker-handle.ts).
    const worker = new Worker(CHURN, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

describe('heap growth on a large pass', () => {
  it("keeps a worker's heap nearer its live data than V8's own step does, while garbage moves through its old generation", async () => {
    const before = await churnInWorker();
    holdYoungGenerations();
    // 10,000 files to parse: two render workers assemble at once (one from 50,000).
    settleYoungGenerations(true, 10_000);
    const large = await churnInWorker();
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
    expect(large.live, 'the worker kept its live data').toBeGreaterThan(10 * 2 ** 20);
    expect(large.largest, `a large pass's worker reached ${mb(large.largest)} for ${mb(large.live)} live; with V8's own step ${mb(before.largest)} for ${mb(before.live)}`)
      .toBeLessThan(0.7 * before.largest);
  });
});
