/**
 * Real faults under the output folder, made as root with the system's own
 * tools: an immutable file (chattr +i) in the previous output, and a full
 * disk (a 6 MB tmpfs) under --out. A swap that put the new site in place
 * says so and names where the previous one was left, and no later build is
 * blocked by it; a build that runs out of space names the file it could not
 * write and keeps the previous output whole.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTree } from '../support/fixture-site.ts';
import { makeSafetySite, type SafetySite } from './support/safety-site.ts';

let site: SafetySite;
let edits = 0;

/** Runs a system tool; fails the test with its output when it fails (these tests need root, and never skip). */
function system(command: string, ...args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  expect(result.status, `${command} ${args.join(' ')}: ${result.stderr}${result.error ?? ''}`).toBe(0);
}

/** Appends a sentence to the about page; returns it. */
function editAbout(): string {
  const sentence = `Output fault edit ${++edits}.`;
  const about = path.join(site.project, 'content', 'pages', 'about.md');
  writeFileSync(about, `${readFileSync(about, 'utf8')}\n${sentence}\n`);
  return sentence;
}

const besideOutput = (folder: string) => readdirSync(folder).filter((name) => name.startsWith('.cleansite-')).sort();

beforeAll(() => {
  site = makeSafetySite();
}, 60_000);

afterAll(() => {
  if (!site) return;
  spawnSync('chattr', ['-R', '-i', site.base]);
  spawnSync('umount', [path.join(site.base, 'disk')]);
  site.remove();
});

describe('an immutable file in the previous output', () => {
  const dist = () => path.join(site.project, 'dist');

  // Three steps of one story in one test, so no test depends on another having run first (--sequence.shuffle).
  it('the swap succeeds (exit 0, one warning saying the new site is live and where the previous one was left); the next build is not blocked; once the flag is removed, the leftover goes', () => {
    const first = site.run(['build']);
    expect(first.status, first.stderr).toBe(0);
    system('chattr', '+i', path.join(dist(), 'about', 'index.html'));
    const sentence = editAbout();
    const result = site.run(['build']);
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(path.join(dist(), 'about', 'index.html'), 'utf8')).toContain(sentence);
    const warning = new RegExp(`^warning: ${dist().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} holds the new site, but the previous output could not be deleted \\(.*EPERM.*\\); what is left of it is at (\\S+\\.old): `, 'm').exec(result.stderr);
    expect(warning, result.stderr).not.toBeNull();
    expect(result.stderr).not.toContain('Build failed');
    const leftover = warning![1]!;
    expect(path.dirname(leftover)).toBe(site.project);
    expect(existsSync(path.join(leftover, 'about', 'index.html')), 'the named folder does not hold the immutable file').toBe(true);

    // The next build is not blocked: it builds, and warns that the leftover still cannot be deleted.
    const nextSentence = editAbout();
    const next = site.run(['build']);
    expect(next.status, next.stderr).toBe(0);
    expect(readFileSync(path.join(dist(), 'about', 'index.html'), 'utf8')).toContain(nextSentence);
    expect(next.stderr).toContain(`warning: could not delete ${leftover}, left by an earlier build`);

    // Once the flag is removed, the next build deletes the leftover and warns no more.
    system('chattr', '-i', path.join(leftover, 'about', 'index.html'));
    const cleared = site.run(['build']);
    expect(cleared.status, cleared.stderr).toBe(0);
    expect(cleared.stderr).not.toContain('warning');
    expect(besideOutput(site.project)).toEqual([]);
  }, 240_000);
});

describe('a full disk under the output', () => {
  let disk: string;
  let out: string;
  const filler = () => path.join(disk, 'filler');

  beforeAll(() => {
    disk = path.join(site.base, 'disk');
    mkdirSync(disk);
    system('mount', '-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', disk);
    out = path.join(disk, 'site');
    const first = site.run(['build', '--out', out]);
    expect(first.status, first.stderr).toBe(0);
  }, 120_000);

  // No room at all (the lock file cannot be written), and room for the first few files of the site.
  for (const roomKb of [0, 4]) it(`with ${roomKb} KB left: fails naming the file it could not write, and keeps the previous output whole`, () => {
    // The output as the last build on this disk left it (the tests of this block run in any order).
    const previous = hashTree(out);
    const { bavail, bsize } = statfsSync(disk);
    writeFileSync(filler(), Buffer.alloc(Math.max(0, bavail * bsize - roomKb * 1024)));
    editAbout();
    const result = site.run(['build', '--out', out]);
    rmSync(filler());
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/ENOSPC/);
    const named = result.stderr.split('\n').filter((line) => /ENOSPC/.test(line) && line.includes(disk));
    expect(named, `no ENOSPC error names a path under ${disk}:\n${result.stderr}`).not.toEqual([]);
    // A full disk is the machine's fault, said as such, with a way out: not "Unexpected failure".
    expect(result.stderr).not.toMatch(/Unexpected failure/);
    expect(result.stderr).toMatch(/^ {2}hint: the disk is full: free some space on it \(build and watch can write to another disk with --out\)$/m);
    expect(hashTree(out), 'the previous output changed').toBe(previous);
    expect(readdirSync(disk).sort(), 'a staging folder or lock was left on the full disk').toEqual(['site']);
  }, 120_000);

  it('builds again once there is room', () => {
    const result = site.run(['build', '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    expect(besideOutput(disk)).toEqual([]);
  }, 120_000);
});
