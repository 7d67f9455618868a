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
