/**
 * The young generations' growth factor a render worker applies once its code is loaded is the one
 * in force then, not the one of its spawn: a small build holds the factor at 1 until its first pass
 * knows it has no parse helpers, and a worker started in between put the stale 1 back for the whole
 * process (V8's flags are process-wide). Its flags then differed from run to run, and with them the
 * key of the compiled CLI's code cache (test/perf/cold-start.test.ts failed on it now and then).
 * The worker's part runs here in this thread: it is a V8 flag, the same in every thread.
 */
import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { afterEach, expect, it } from 'vitest';
import {
  freezeYoungGeneration, holdYoungGenerations, settleYoungGenerations, workerYoungGeneration, youngGenerationGrowth,
} from '../../src/core/garbage-collection.ts';

/** V8's flags as its cached data records them: what keys bin/load-bundle.mjs's code cache. */
const flagsKey = () => createHash('sha1').update(new Script('0').createCachedData().subarray(0, 16)).digest('hex');

afterEach(() => {
  // Back to V8's default factor: held, then let grow.
  holdYoungGenerations();
  settleYoungGenerations(false);
});

it('a worker spawned while the young generations were held, which the pass then let grow, leaves the default flags', () => {
  const settled = flagsKey();
  holdYoungGenerations();
  const spawnedWith = youngGenerationGrowth();
  expect(flagsKey(), 'the key does not see the growth factor').not.toBe(settled);
  settleYoungGenerations(false);
  workerYoungGeneration(spawnedWith);
  expect(flagsKey(), 'the worker put back the factor of its spawn').toBe(settled);
});

it('a worker spawned before watch froze the young generations applies the frozen factor over the default its start set', () => {
  const spawnedWith = youngGenerationGrowth();
  freezeYoungGeneration();
  const frozen = flagsKey();
  // What Node does while a worker starts: V8's flags set anew, the growth factor back to its default.
  setFlagsFromString('--semi-space-growth-factor=2');
  expect(flagsKey()).not.toBe(frozen);
  workerYoungGeneration(spawnedWith);
  expect(flagsKey(), 'the worker applied the factor of its spawn, not the frozen one').toBe(frozen);
});
