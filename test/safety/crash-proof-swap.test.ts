/**
 * The output swap survives anything: the CLI is killed with SIGKILL at every
 * named step of the swap (CLEANSITE_TEST_PAUSE_AT, see
 * src/output/test-pause.ts) and at a few arbitrary moments; each time dist/
 * holds the complete previous or the complete new site, or the next run
 * restores it before doing anything else and removes what the killed run
 * left. Two builds into one folder are never both writing; a lock left by a
 * killed build does not block the next one; Ctrl-C prints one line, exits
 * 130 and leaves the previous output.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTree } from '../support/fixture-site.ts';
import { makeSafetySite, sleep, type SafetySite } from './support/safety-site.ts';

let site: SafetySite;
let dist: string;
/** Hash of the complete site dist/ held after the last finished build. */
let current: string;
/**
 * The two contents the tests switch between (about.md as committed, and with one more line), and
 * the hash of each one's complete site, each built once into a folder of its own: the previous and
 * the new site of every test are these two, so no test needs a reference build of its own.
 */
let about: string;
const sites: Array<{ text: string; hash: string }> = [];

/** What cleansite keeps beside dist/ (staging, lock, journal). */
const leftovers = () => readdirSync(site.project).filter((name) => name.startsWith('.cleansite-')).sort();

/** Switches the content to the other of the two, so the next build writes a different site; returns that site's hash. */
function editContent(): string {
  const next = sites.find((other) => other.hash !== current)!;
  writeFileSync(about, next.text);
  return next.hash;
}

/** After a killed build: the next run, stopped right after it claimed the output, finds a complete site and nothing left over. */
async function expectRepairedBeforeWork(expected: string[]): Promise<string> {
  const next = site.start(['build'], { CLEANSITE_TEST_PAUSE_AT: 'locked' });
  try {
    await next.paused('locked');
    expect(existsSync(dist), 'the next run did not restore dist/').toBe(true);
    const found = hashTree(dist);
    expect(expected, 'dist/ is neither the complete previous nor the complete new site').toContain(found);
    expect(leftovers()).toEqual(['.cleansite-dist.lock']);
    return found;
  } finally {
    // Also when a check fails: a paused run left alive would hold dist/ for every later test.
    next.kill('SIGKILL');
    await next.exited;
  }
}

/** A normal build after the killed ones: it takes over the stale lock, writes the new site and leaves nothing beside it. */
function expectCleanRebuild(expected: string): void {
  const result = site.run(['build']);
  expect(result.status, result.stderr).toBe(0);
  expect(hashTree(dist)).toBe(expected);
  expect(leftovers()).toEqual([]);
  current = expected;
}

beforeAll(() => {
  // In memory: its 44 CLI runs write, swap and remove the site over and over.
  site = makeSafetySite({ inMemory: true });
  dist = path.join(site.project, 'dist');
  about = path.join(site.project, 'content', 'pages', 'about.md');
  const committed = readFileSync(about, 'utf8');
  const edited = `${committed}\nOne more line, so the site differs.\n`;
  writeFileSync(about, edited);
  const reference = path.join(site.base, 'reference');
  const other = site.run(['build', '--out', reference]);
  expect(other.status, other.stderr).toBe(0);
  writeFileSync(about, committed);
  const first = site.run(['build']);
  expect(first.status, first.stderr).toBe(0);
  current = hashTree(dist);
  sites.push({ text: committed, hash: current }, { text: edited, hash: hashTree(reference) });
  expect(sites[1]!.hash, 'the edit changes the site').not.toBe(current);
}, 60_000);

afterAll(() => site?.remove());

describe('kill -9 at each step of the swap', () => {
  const cases: Array<{ step: string; during: 'previous' | 'new' | 'missing'; after: 'previous' | 'new' }> = [
    { step: 'staged', during: 'previous', after: 'previous' },
    { step: 'journal-written', during: 'previous', after: 'previous' },
    // The one instant with no dist/: the journal names where the previous site is, and the next run puts it back first.
    { step: 'old-moved', during: 'missing', after: 'previous' },
    { step: 'swapped', during: 'new', after: 'new' },
    { step: 'journal-removed', during: 'new', after: 'new' },
  ];
  for (const { step, during, after } of cases) {
    it(`at ${step}: ${during === 'missing' ? 'dist/ is missing' : `dist/ is the ${during} site`}, and the next run finds the ${after} one and nothing left over`, async () => {
      const previous = current;
      const next = editContent();
      const build = site.start(['build'], { CLEANSITE_TEST_PAUSE_AT: step });
      await build.paused(step);
      build.kill('SIGKILL');
      expect((await build.exited).signal).toBe('SIGKILL');
      if (during === 'missing') expect(existsSync(dist)).toBe(false);
      else expect(hashTree(dist)).toBe(during === 'new' ? next : previous);
      expect(await expectRepairedBeforeWork([after === 'new' ? next : previous])).toBe(after === 'new' ? next : previous);
      expectCleanRebuild(next);
    }, 60_000);
  }
});

describe('kill -9 at arbitrary moments', () => {
  it('always leaves the previous or the new complete site, repaired before the next run works', async () => {
    const lock = path.join(site.project, '.cleansite-dist.lock');
    let killedMidBuild = 0;
    // Offsets from the moment the build claimed dist/ (its lock appears): a fixed delay from the
    // start mostly landed while Node was still starting, before the build did anything.
    for (const delay of [0, 60, 150, 300, 600]) {
      const previous = current;
      const next = editContent();
      const build = site.start(['build']);
      await expect.poll(() => existsSync(lock) || !build.alive(), { message: 'the build never claimed dist/', timeout: 30_000, interval: 5 }).toBe(true);
      await sleep(delay);
      build.kill('SIGKILL');
      if ((await build.exited).signal === 'SIGKILL') killedMidBuild++;
      await expectRepairedBeforeWork([previous, next]);
      expectCleanRebuild(next);
    }
    expect(killedMidBuild, 'no kill landed while the build was running').toBeGreaterThan(0);
  }, 120_000);
});

describe('two builds into one folder', () => {
  it('refuses the second while the first holds the folder, naming the first', async () => {
    const first = site.start(['build'], { CLEANSITE_TEST_PAUSE_AT: 'locked' });
    await first.paused('locked');
    const second = site.run(['build']);
    expect(second.status, second.stderr).toBe(2);
    expect(second.errorLines).toHaveLength(1);
    expect(second.errorLines[0]).toMatch(new RegExp(`^error: dist/ is being written by another cleansite \\(pid ${first.pid}, since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\); wait for it to finish or stop it, then build again$`));
    expect(hashTree(dist)).toBe(current);
    first.kill('SIGKILL');
    await first.exited;
    // No stale lock left for the tests after this one, in whatever order they run.
    expectCleanRebuild(current);
  }, 60_000);

  it('a lock left by a killed build does not block the next one', async () => {
    // Its own killed build: the test must not depend on the one before leaving a lock.
    const killed = site.start(['build'], { CLEANSITE_TEST_PAUSE_AT: 'locked' });
    await killed.paused('locked');
    killed.kill('SIGKILL');
    await killed.exited;
    expect(leftovers()).toEqual(['.cleansite-dist.lock']);
    expectCleanRebuild(current);
  }, 60_000);

  it('a lock killed while it was being written (empty, just made) and its draft do not block the next one', () => {
    // What a kill -9 between creating the lock and writing it left before locks were linked into
    // place whole; its time ahead of the clock, so that "just made" does not depend on this machine's speed.
    const lock = path.join(site.project, '.cleansite-dist.lock');
    writeFileSync(lock, '');
    const ahead = new Date(Date.now() + 60_000);
    utimesSync(lock, ahead, ahead);
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(path.join(site.project, `.cleansite-dist-${dead}-deadbeef.lock`), '{"pid":1}');
    expectCleanRebuild(current);
  }, 60_000);

  it('started together: one writes, the other builds too or is refused, and dist/ is the complete new site', async () => {
    const next = editContent();
    const runs = [site.start(['build']), site.start(['build'])];
    const results = await Promise.all(runs.map((run) => run.exited));
    for (const result of results) {
      if (result.code === 2) expect(result.stderr).toMatch(/^error: dist\/ is being written by another cleansite \(pid \d+/m);
      else expect(result.code, result.stderr).toBe(0);
    }
    expect(results.some((result) => result.code === 0)).toBe(true);
    expect(hashTree(dist)).toBe(next);
    expect(leftovers()).toEqual([]);
    current = next;
  }, 60_000);
});

describe('leftover staging', () => {
  it('removes staging and side folders of dead cleansite processes, and nothing else', () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const ours = [`.cleansite-dist-${dead}-deadbeef.tmp`, `.cleansite-dist-${dead}-0badf00d.old`, `.cleansite-dist-watch-${dead}-12345678.tmp`];
    const notOurs = [`.cleansite-dist-${process.pid}-aaaaaaaa.tmp`, `.cleansite-other-${dead}-deadbeef.tmp`, '.cleansite-dist-notapid.tmp', 'my-folder.tmp'];
    for (const name of [...ours, ...notOurs]) {
      mkdirSync(path.join(site.project, name));
      writeFileSync(path.join(site.project, name, 'index.html'), 'x'.repeat(10_000));
    }
    const result = site.run(['build']);
    expect(result.status, result.stderr).toBe(0);
    try {
      for (const name of ours) expect(existsSync(path.join(site.project, name)), name).toBe(false);
      for (const name of notOurs) expect(existsSync(path.join(site.project, name)), name).toBe(true);
      expect(hashTree(dist)).toBe(current);
    } finally {
      // The folders that are not cleansite's stay for the user; the tests after this one expect none.
      for (const name of notOurs) rmSync(path.join(site.project, name), { recursive: true, force: true });
    }
  }, 60_000);
});

describe('Ctrl-C', () => {
  for (const step of ['locked', 'staged']) {
    it(`during the build (at ${step}): one line, exit 130, the previous output intact, no staging or lock left`, async () => {
      const next = editContent();
      const build = site.start(['build'], { CLEANSITE_TEST_PAUSE_AT: step });
      await build.paused(step);
      build.kill('SIGINT');
      const result = await build.exited;
      expect(result.code, result.stderr).toBe(130);
      expect(result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('CLEANSITE_TEST_PAUSED'))).toEqual(['build interrupted; dist left as it was']);
      expect(hashTree(dist)).toBe(current);
      // None, also when an earlier test (in any order) left a stale lock: this run took it over and released it.
      expect(leftovers()).toEqual([]);
      // Every test leaves dist/ the build of the current content, as the others expect in any order.
      expectCleanRebuild(next);
    }, 60_000);
  }
});
