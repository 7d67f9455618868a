/**
 * Watch's background type check (`tsc --watch`, src/watch/type-check.ts) is a child process
 * that never ends on its own: it must end with watch, also when watch is killed outright
 * (SIGKILL, an OOM kill, a closed terminal's process group gone), or it runs on, watching the
 * site, after every later start.
 */
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from '../support/fixture-site.ts';
import { useWatchProcesses } from '../support/watch-process.ts';

const watching = useWatchProcesses();

/** The processes `pid` started (every thread's children), from /proc. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Running, not a zombie waiting for a parent to collect it. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function pollFor<T>(find: () => T | undefined, failure: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('ends the type check when watch is killed with SIGKILL', async () => {
  const site = watching.site('watch-overlay');
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(site, 'node_modules'), 'dir');
  writeFileSync(path.join(site, 'tsconfig.json'), JSON.stringify({ extends: path.join(repoRoot, 'tsconfig.json'), include: ['templates'], exclude: [] }));
  const watch = await watching.start(site);
  const tsc = await pollFor(() => childrenOf(watch.pid).find((pid) => /\btsc\b.*--watch/.test(commandLine(pid))), `watch started no type check; its children: ${childrenOf(watch.pid).map(commandLine).join(' | ')}`);

  expect(await watch.stop('SIGKILL')).toBeNull();
  await pollFor(() => (running(tsc) ? undefined : true), `the type check (pid ${tsc}) still runs 20 s after watch was killed: ${commandLine(tsc)}`).finally(() => {
    if (running(tsc)) process.kill(tsc, 'SIGKILL');
  });
});

/** A process's nice value, from /proc (the field after priority in `stat`). */
function niceOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return Number(fields[16]);
}

/** The `tsc --watch` watch started, read as soon as it says it is serving: it starts the check before it says so. */
const typeCheckOf = (watchPid: number) => childrenOf(watchPid).find((pid) => /\btsc\b.*--watch/.test(commandLine(pid)));

it('runs the type check at low priority by default, at its own with --type-check normal, and none with --type-check off', async () => {
  const site = watching.site('watch-overlay');
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(site, 'node_modules'), 'dir');
  writeFileSync(path.join(site, 'tsconfig.json'), JSON.stringify({ extends: path.join(repoRoot, 'tsconfig.json'), include: ['templates'], exclude: [] }));
  const niceBy = new Map<string, number | undefined>();
  let watchNice = 0;
  for (const args of [[], ['--type-check', 'low'], ['--type-check', 'normal'], ['--type-check', 'off']]) {
    const watch = await watching.start(site, args);
    const tsc = typeCheckOf(watch.pid);
    niceBy.set(args.join(' ') || 'default', tsc === undefined ? undefined : niceOf(tsc));
    watchNice = niceOf(watch.pid);
    await watch.stop();
  }
  // 15 steps nicer than watch (nice 19 at most); watch's own; undefined: no check was started.
  const low = Math.min(19, watchNice + 15);
  expect(Object.fromEntries(niceBy), 'the type check\'s nice value').toEqual({ default: low, '--type-check low': low, '--type-check normal': watchNice, '--type-check off': undefined });
});
