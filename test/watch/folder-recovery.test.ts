/**
 * `cleansite watch` when a whole source folder goes away and comes back:
 * deleted and restored, renamed away and back, swapped for another copy, or
 * rewritten by a `git checkout` of another branch. The real CLI runs on a
 * temporary copy of the fixture site and the folders are moved with real
 * file-system operations; each test ends by editing a file after the
 * recovery and reading the served page, which is what used to fail (edits
 * made after content/ was restored were ignored until a restart).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtureSite, makeTempDir, removeSite, runCli } from '../support/fixture-site.ts';
import { useWatchProcesses, type EventReader, type WatchProcess } from '../support/watch-process.ts';

let site: string;
let spare: string;
let watch: WatchProcess;
let events: EventReader;

const source = (relative: string) => path.join(site, relative);
/** New Farm's body line, whatever an earlier test edited it to: no test depends on another's edit. */
const NEW_FARM_BODY = /^Body for New Farm.*$/m;
const edit = (relative: string, from: string | RegExp, to: string) => {
  const before = readFileSync(source(relative), 'utf8');
  const after = before.replace(from, to);
  expect(after, `the edit of ${relative} changes the file`).not.toBe(before);
  writeFileSync(source(relative), after);
};
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: site, stdio: 'pipe' });

/** The lines printed from `from` on that report an error or a warning. */
const errorLines = (from: number) => watch.output.slice(from).filter((line) => /^(error|warning)|problem/.test(line));

const watching = useWatchProcesses();

beforeAll(async () => {
  site = watching.site('watch-overlay');
  spare = makeTempDir('cleansite-spare-');
  // A repository with a second branch that changes many files at once, for the checkout test.
  git('init', '-q', '-b', 'main');
  writeFileSync(source('.gitignore'), 'out/\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'main');
  git('checkout', '-q', '-b', 'other');
  for (const file of ['locations/brisbane-cbd.md', 'locations/west-end.md', 'locations/new-farm.md']) edit(`content/${file}`, /^intro: .*$/m, 'intro: Intro from the other branch.');
  edit('templates/index.tsx', '<ul className="areas">', '<ul className="areas areas-from-other-branch">');
  writeFileSync(source('public/other-branch.txt'), 'only on the other branch\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'other');
  git('checkout', '-q', 'main');

  watch = await watching.start(site);
  events = await watching.events(watch);
});

afterAll(() => removeSite(spare));

describe('cleansite watch recovers when a source folder goes away and comes back', () => {
  it('while content/ is deleted: keeps serving the last good pages, prints the folder\'s error line and shows it alone in the overlay', async () => {
    cpSync(source('content'), path.join(spare, 'content'), { recursive: true });
    // Whatever an earlier test (in any order) left as New Farm's body is what must stay served.
    const servedBody = NEW_FARM_BODY.exec(readFileSync(source('content/locations/new-farm.md'), 'utf8'))![0];
    events.skipAll();
    const from = watch.output.length;
    rmSync(source('content'), { recursive: true });
    // A pass may run while rmSync is still removing files (its events can come more than the watcher's 5 ms apart on a
    // busy machine) and report the first file gone; what must follow is the folder's own problem, alone.
    const folderMissing = (event: { event: string; data: { problems?: unknown } }) => event.event === 'build-error' && JSON.stringify(event.data.problems).includes('content folder');
    const overlay = await events.next(folderMissing);
    const problems = overlay.data.problems as Array<{ message: string; hint: string }>;
    expect(problems.map((problem) => problem.message)).toEqual(['the content folder content/ is missing (deleted or moved away)']);
    const folderLine = await watch.waitForLine(/^error: content\/ is missing/, from);
    expect(folderLine).toBe('error: content/ is missing (deleted or moved away): the last good output is still served, and watch rebuilds as soon as it is back.');
    const folderLineAt = watch.output.indexOf(folderLine, from);
    await watch.servedPage('/locations/new-farm/', servedBody);
    expect(watch.alive()).toBe(true);

    // Restored (in the same test: the restore needs the deletion above, and tests must not depend on their order).
    const restoredFrom = watch.output.length;
    cpSync(path.join(spare, 'content'), source('content'), { recursive: true });
    expect(await watch.waitForLine(/restored/, restoredFrom)).toMatch(/^content\/ restored or replaced: re-rendered 9 pages.* in \d+ ms\.$/);
    expect((await events.next((event) => event.event === 'reload' || event.event === 'build-error')).event).toBe('reload');
    edit('content/locations/new-farm.md', NEW_FARM_BODY, 'Body for New Farm, edited after the restore.');
    await watch.servedPage('/locations/new-farm/', 'Body for New Farm, edited after the restore.');
    // The trailing file deletions added no lines of their own: watch handles changes in order, so any
    // such line would be printed before the restore's line and the edit served after it (no fixed wait).
    expect(errorLines(folderLineAt), 'error lines from the folder\'s on').toHaveLength(1);
    expect(errorLines(restoredFrom)).toEqual([]);
  });

  it('after content/ is renamed away and back: follows edits made afterwards', async () => {
    const from = watch.output.length;
    renameSync(source('content'), source('content-away'));
    await watch.waitForLine(/content\/ is missing/, from);
    renameSync(source('content-away'), source('content'));
    await watch.waitForLine(/content\/ restored/, from);
    edit('content/locations/new-farm.md', NEW_FARM_BODY, 'Body for New Farm, edited after the rename.');
    await watch.servedPage('/locations/new-farm/', 'Body for New Farm, edited after the rename.');
  });

  it('after content/ is swapped for another copy in one move: reads the new copy and follows edits to it', async () => {
    const from = watch.output.length;
    cpSync(source('content'), path.join(spare, 'swap'), { recursive: true });
    writeFileSync(path.join(spare, 'swap', 'locations', 'new-farm.md'), readFileSync(source('content/locations/new-farm.md'), 'utf8').replace(NEW_FARM_BODY, 'Body for New Farm, from the swapped-in copy.'));
    renameSync(source('content'), path.join(spare, 'swapped-out'));
    renameSync(path.join(spare, 'swap'), source('content'));
    await watch.servedPage('/locations/new-farm/', 'Body for New Farm, from the swapped-in copy.');
    edit('content/locations/new-farm.md', 'from the swapped-in copy', 'edited in the swapped-in copy');
    await watch.servedPage('/locations/new-farm/', 'Body for New Farm, edited in the swapped-in copy.');
    // The old folder, now elsewhere, is no longer a source: a later edit to the real one is served
    // (watch handles changes in order), and the page still has no trace of the old folder's write.
    writeFileSync(path.join(spare, 'swapped-out', 'locations', 'new-farm.md'), 'not a source any more');
    edit('content/locations/west-end.md', /^intro: .*$/m, 'intro: Barrier after the write to the old folder.');
    await watch.servedPage('/locations/west-end/', 'Barrier after the write to the old folder.');
    expect(await watch.servedPage('/locations/new-farm/', 'edited in the swapped-in copy')).not.toContain('not a source');
    expect(errorLines(from)).toEqual([]);
  });

  it('after templates/ is deleted and restored: follows template edits made afterwards', async () => {
    cpSync(source('templates'), path.join(spare, 'templates'), { recursive: true });
    const from = watch.output.length;
    rmSync(source('templates'), { recursive: true });
    expect(await watch.waitForLine(/missing/, from)).toMatch(/^error: templates\/ is missing/);
    cpSync(path.join(spare, 'templates'), source('templates'), { recursive: true });
    await watch.waitForLine(/templates\/ restored/, from);
    edit('templates/index.tsx', '<ul className="areas">', '<ul className="areas areas-after-restore">');
    await watch.servedPage('/', 'class="areas areas-after-restore"');
    edit('templates/index.tsx', '<ul className="areas areas-after-restore">', '<ul className="areas">');
    await watch.servedPage('/', 'class="areas"');
  });

  it('after public/ is renamed away and back: copies files added afterwards', async () => {
    const from = watch.output.length;
    renameSync(source('public'), source('public-away'));
    expect(await watch.waitForLine(/missing/, from)).toMatch(/^error: public\/ is missing/);
    // The last good output keeps the public files while the folder is away.
    expect((await fetch(new URL('/images/pixel.png', watch.url))).status).not.toBe(404);
    renameSync(source('public-away'), source('public'));
    await watch.waitForLine(/public\/ restored/, from);
    writeFileSync(source('public/after-restore.txt'), 'added after the restore\n');
    await watch.servedPage('/after-restore.txt', 'added after the restore');
  });

  it('after a git checkout of another branch that changes many files: serves that branch and follows edits made afterwards', async () => {
    rmSync(source('public/after-restore.txt'), { force: true });
    git('checkout', '-q', '--', '.');
    git('checkout', '-q', 'other');
    await watch.servedPage('/', 'class="areas areas-from-other-branch"');
    await watch.servedPage('/locations/west-end/', 'Intro from the other branch.');
    await watch.servedPage('/other-branch.txt', 'only on the other branch');
    edit('content/locations/west-end.md', 'Intro from the other branch.', 'Edited after the checkout.');
    await watch.servedPage('/locations/west-end/', 'Edited after the checkout.');
    git('checkout', '-q', '--', '.');
    git('checkout', '-q', 'main');
    await watch.servedPage('/', 'class="areas"');
    // The checkout's file events may come in more than one batch: the public file can go after the page changed.
    await watch.servedGone('/other-branch.txt');
    expect(watch.alive()).toBe(true);
  });
});

describe('cleansite watch started while a source folder is missing', () => {
  // A folder missing at start is far more often a typo in --content/--templates/--public than a
  // folder about to appear: watch refuses to start, as build does (one line, exit 2), instead of
  // waiting. Recovery applies to a folder that goes missing while watch runs (above).
  it('refuses to start with one line naming the folder, and leaves nothing behind', () => {
    const lateSite = makeFixtureSite('watch-overlay');
    try {
      renameSync(path.join(lateSite, 'public'), path.join(spare, 'late-public'));
      const result = runCli(['watch', '--port', '0'], lateSite);
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr.trim().split('\n')).toEqual(['error: --public public: no such folder']);
      expect(result.stdout).toBe('');
    } finally {
      removeSite(lateSite);
    }
  });
});
