/**
 * `cleansite watch` starts like `build`: on the render threads (`--jobs`,
 * several workers for a large first pass), and from the page manifest of
 * its output folder, so a restart on an unchanged site renders nothing and
 * leaves the output as it was, and a restart after an edit renders only the
 * pages that read it. A watch killed after it wrote in place leaves no
 * manifest that vouches for what it changed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, makeTempDir, removeSite } from '../support/fixture-site.ts';
import { useWatchProcesses, type WatchProcess } from '../support/watch-process.ts';

// In memory (MEMORY_TMP): five whole writes of a 309-page site; on the shared disk the output's
// commit (a journal written and synced, renames) made most of this file's time waiting, not working.
// Removed after the watch processes are stopped (after-hooks run last-registered first).
const site = makeTempDir('cleansite-watch-restart-', 'memory');
afterAll(() => removeSite(site));
const watching = useWatchProcesses();
/** Enough pages that two workers both get some (chunks of 8+ pages, two in flight per worker). */
const EXTRA_LOCATIONS = 300;

/** `debug: pages: 0 rendered, 310 unchanged ...` of the first pass, as numbers. */
async function firstPass(watch: WatchProcess): Promise<{ rendered: number; unchanged: number; upToDate: boolean; line: string }> {
  const line = await watch.waitForLine(/^debug: pages: \d+ rendered/, 0);
  const [, rendered, unchanged] = /^debug: pages: (\d+) rendered, (\d+) unchanged/.exec(line)!;
  return { rendered: Number(rendered), unchanged: Number(unchanged), upToDate: line.includes('up to date'), line };
}

function pagesPerThread(output: string[]): Record<string, number> {
  const line = output.find((candidate) => candidate.startsWith('debug: rendered by '));
  expect(line, `no per-thread line in the --debug output:\n${output.join('\n')}`).toBeDefined();
  return Object.fromEntries(line!.slice('debug: rendered by '.length).split(', ').map((part) => {
    const [, thread, pages] = /^(.+): (\d+) pages$/.exec(part)!;
    return [thread!, Number(pages)];
  }));
}

/** The names of the processes `pid` started that still run (watch keeps esbuild's service once it compiled anything). */
function childCommands(pid: number): string[] {
  try {
    return execFileSync('ps', ['-o', 'comm=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map((name) => name.trim()).filter(Boolean);
  } catch {
    // ps exits 1 when there is no such process.
    return [];
  }
}

describe('cleansite watch starts like build', () => {
  it('renders a cold site on several threads, and restarts from the page manifest without rendering what did not change', async () => {
    copyFixtureSite(site, 'watch-overlay');
    const westEnd = path.join(site, 'content', 'locations', 'west-end.md');
    const westEndText = readFileSync(westEnd, 'utf8');
    for (let index = 1; index <= EXTRA_LOCATIONS; index++) {
      writeFileSync(path.join(site, 'content', 'locations', `suburb-${index}.md`), westEndText.replace('name: West End', `name: Suburb ${index}`));
    }
    const home = path.join(site, 'out', 'index.html');

    // Cold: every page rendered, shared between two workers.
    const cold = await watching.start(site, ['--jobs', '2', '--debug']);
    const coldPass = await firstPass(cold);
    const total = coldPass.rendered;
    expect(total, coldPass.line).toBeGreaterThan(EXTRA_LOCATIONS);
    expect(coldPass.unchanged).toBe(0);
    const threads = pagesPerThread(cold.output);
    expect(Object.keys(threads).sort()).toEqual(['worker 1', 'worker 2']);
    expect(threads['worker 1'], 'worker 1 rendered no page').toBeGreaterThan(0);
    expect(threads['worker 2'], 'worker 2 rendered no page').toBeGreaterThan(0);
    // A cold start compiles the declaration, templates and script: esbuild's service runs.
    expect(childCommands(cold.pid)).toContain('esbuild');
    expect(await cold.stop()).toBe(0);
    const homeBefore = statSync(home);

    // Restart, nothing changed: nothing rendered, the output left as it was.
    const warm = await watching.start(site, ['--debug']);
    expect(await firstPass(warm)).toMatchObject({ rendered: 0, unchanged: total, upToDate: true });
    expect(warm.output.some((line) => line.startsWith('debug: rendered by ')), 'a thread rendered pages on an unchanged site').toBe(false);
    expect(statSync(home).ino).toBe(homeBefore.ino);
    expect(statSync(home).mtimeMs).toBe(homeBefore.mtimeMs);
    // ... and compiled nothing: the declaration, templates, stylesheet and script came from the step cache, as in a warm build.
    expect(childCommands(warm.pid), 'a restart on an unchanged site started esbuild').not.toContain('esbuild');

    // An edit while it runs is written in place; stopped, it saves what the output holds.
    writeFileSync(westEnd, `${westEndText}\nEdited while watch runs.\n`);
    await warm.waitForLine(/west-end\.md changed: re-rendered \d+ pages?/);
    expect(await warm.stop()).toBe(0);

    // An edit while watch is stopped: only the pages that read that entry are rendered at the next start.
    writeFileSync(westEnd, `${westEndText}\nEdited while watch was stopped.\n`);
    const edited = await watching.start(site, ['--debug']);
    const editedPass = await firstPass(edited);
    expect(editedPass.rendered, editedPass.line).toBeGreaterThan(0);
    expect(editedPass.rendered, editedPass.line).toBeLessThan(20);
    expect(editedPass.rendered + editedPass.unchanged).toBe(total);
    expect(readFileSync(path.join(site, 'out', 'locations', 'west-end', 'index.html'), 'utf8')).toContain('Edited while watch was stopped.');

    // Killed after a write in place: its manifest is gone, so the next start renders everything.
    writeFileSync(westEnd, westEndText);
    await edited.waitForLine(/west-end\.md changed: re-rendered \d+ pages?/);
    await edited.stop('SIGKILL');
    const afterKill = await watching.start(site, ['--debug']);
    expect(await firstPass(afterKill)).toMatchObject({ rendered: total, unchanged: 0 });
    // Five watch starts on 309 pages: a deadline for a loaded machine, not a measure of speed.
  }, 300_000);
});
