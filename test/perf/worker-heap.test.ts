/**
 * A small build's render worker is not stopped in the middle of a full collection
 * (bin/cli-loader.mjs, roomBeforeWorkersMark). With V8's default, a fresh heap is first marked
 * at about 18 MB of old generation; the committed site's worker reached that in its last pages,
 * and when the build stopped it, Node's teardown of the thread finished that marking at once: a
 * full collection of ~20 MB that the build waited for before it could exit. Workers now start
 * with room for 64 MB first.
 *
 * What it watches: V8's own `--trace-gc` lines of the compiled CLI's cold build of the committed
 * site, one `[pid:isolate]` prefix per thread. The main thread collects first (as the CLI bundle
 * loads, before any worker starts); the other isolate is the render worker.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, cliPath, repoRoot } from '../support/cli.ts';
import { copyRealSite, type RealSiteCopy } from '../support/real-site.ts';

/** `[12345:0x5581c2a0]      222 ms: Scavenge 4.4 (4.5) -> 3.7 (5.5) MB, ...`: the isolate and the kind of collection. */
const GC_LINE = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: ([A-Za-z-]+)/;

function collectionsByThread(stdout: string): Array<{ isolate: string; kinds: string[] }> {
  const threads = new Map<string, string[]>();
  for (const line of stdout.split('\n')) {
    const match = GC_LINE.exec(line);
    if (!match) continue;
    const kinds = threads.get(match[1]!) ?? [];
    kinds.push(match[2]!);
    threads.set(match[1]!, kinds);
  }
  return [...threads].map(([isolate, kinds]) => ({ isolate, kinds }));
}

describe('the render worker of a small build', () => {
  let site: RealSiteCopy | undefined;
  afterAll(() => site?.remove());

  it('is stopped with no full collection to finish: its heap is not marked before 64 MB', () => {
    // Fresh copies of the committed site: no content cache or page manifest matches them, so every page renders in the worker.
    site = copyRealSite({ prefix: 'cleansite-worker-heap-' });
    const out = path.join(site.root, 'dist');
    const run = spawnSync(process.execPath, ['--trace-gc', cliPath, 'build', '--quiet', '--content', site.contentDir, '--templates', site.templatesDir, '--public', site.publicDir, '--out', out],
      { cwd: repoRoot, encoding: 'utf8', env: cliEnv(), timeout: 170_000, maxBuffer: 16 * 1024 * 1024 });
    expect(run.status, run.stderr).toBe(0);

    const threads = collectionsByThread(run.stdout);
    // The main thread and exactly one render worker, each seen collecting (the trace was read, not missed).
    expect(threads.map((thread) => thread.kinds.length > 0)).toEqual([true, true]);
    const [, worker] = threads;
    expect(worker!.kinds).toContain('Scavenge');
    // Before: the worker's last line was a Mark-Compact of ~18 MB, finished as the build stopped it.
    expect(worker!.kinds.filter((kind) => kind !== 'Scavenge'), `the render worker's collections: ${worker!.kinds.join(', ')}`).toEqual([]);
    // A fresh clone's first build of the site also encodes its images (tens of seconds on a busy machine).
  }, 180_000);
});
