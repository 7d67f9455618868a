/**
 * The cache is optional. A cache folder made read-only (a bind mount, as a
 * read-only checkout or global install is) or full (a small tmpfs) costs a
 * build one warning naming the path, never the build: a touched image, a new
 * image to encode, an edited page and the page manifest all fail to be
 * cached, and the site is built from source. Temporary files killed builds
 * left in the cache are removed by the next build.
 *
 * The builds run in-process (build() with its own cache folder, made inside
 * the project's .cache so compiled templates resolve React as they do in
 * the real one); mounts need root, and the tests fail rather than skip
 * without it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { toBuildOptions } from '../../src/commands/build-command.ts';
import { reportErrors } from '../../src/commands/command-support.ts';
import { createMemoryLogger } from '../../src/core/logger.ts';
import { copyFixtureSite, makeTempDir, repoRoot } from '../support/fixture-site.ts';

const mounted: string[] = [];
let project: string;
let cacheDir: string;
let colour = 0;

function system(command: string, ...args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  expect(result.status, `${command} ${args.join(' ')}: ${result.stderr}${result.error ?? ''}`).toBe(0);
}

async function buildIt(): Promise<{ ok: boolean; lines: string[]; out: string }> {
  const out = path.join(project, 'dist');
  const logger = createMemoryLogger();
  const options = { ...toBuildOptions({ content: 'content', templates: 'templates', public: 'public', out }, project), cacheDir, buildDate: '2026-11-20' };
  try {
    await build(options, logger);
    return { ok: true, lines: logger.lines, out };
  } catch (error) {
    reportErrors(error, logger, false);
    return { ok: false, lines: logger.lines, out };
  }
}

/** Changes what the next build must do: an edited page, a touched image, and an image never seen (to encode). */
async function changeSources(): Promise<{ sentence: string; image: string }> {
  const sentence = `Cache fault edit ${++colour}.`;
  const about = path.join(project, 'content', 'pages', 'about.md');
  writeFileSync(about, `${readFileSync(about, 'utf8')}\n${sentence}\n`);
  const later = new Date(Date.now() + colour * 60_000);
  utimesSync(path.join(project, 'public', 'images', 'pixel.png'), later, later);
  const image = `new-${colour}`;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: colour * 20, g: 90, b: 200 } } }).png().toBuffer();
  writeFileSync(path.join(project, 'public', 'images', `${image}.png`), png);
  return { sentence, image };
}

function temporaryNames(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.tmp(\.mjs)?$/.test(name));
}

async function expectBuiltWithOneWarning(change: { sentence: string; image: string }) {
  const result = await buildIt();
  expect(result.ok, result.lines.join('\n')).toBe(true);
  const warnings = result.lines.filter((line) => line.startsWith('warning:'));
  expect(warnings, result.lines.join('\n')).toHaveLength(1);
  expect(warnings[0]).toMatch(/^warning: the cache could not be written \(/);
  expect(warnings[0]).toContain(cacheDir);
  expect(readFileSync(path.join(result.out, 'about', 'index.html'), 'utf8')).toContain(change.sentence);
  expect(readdirSync(path.join(result.out, 'assets', 'img')).some((name) => name.startsWith(`${change.image}-`)), 'the new image was not written').toBe(true);
  return warnings[0]!;
}

beforeEach(async () => {
  const base = makeTempDir('cleansite-cache-faults-');
  project = path.join(base, 'project');
  copyFixtureSite(project);
  mkdirSync(path.join(repoRoot, '.cache'), { recursive: true });
  cacheDir = mkdtempSync(path.join(repoRoot, '.cache', 'safety-cache-'));
});

afterEach(() => {
  for (const dir of mounted.splice(0)) spawnSync('umount', [dir]);
  rmSync(cacheDir, { recursive: true, force: true });
  rmSync(path.dirname(project), { recursive: true, force: true });
});

afterAll(() => {
  for (const dir of mounted) spawnSync('umount', [dir]);
});

describe('the cache is optional', () => {
  it('a read-only cache folder: one warning with the path, and the site built from source', async () => {
    expect((await buildIt()).ok).toBe(true);
    system('mount', '--bind', cacheDir, cacheDir);
    mounted.push(cacheDir);
    system('mount', '-o', 'remount,ro,bind', cacheDir);
    const warning = await expectBuiltWithOneWarning(await changeSources());
    expect(warning).toMatch(/EROFS/);
  }, 120_000);

  it('a full cache folder: one warning with the path (ENOSPC), the site built from source, no temporary files left', async () => {
    system('mount', '-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', cacheDir);
    mounted.push(cacheDir);
    expect((await buildIt()).ok).toBe(true);
    const { bavail, bsize } = statfsSync(cacheDir);
    writeFileSync(path.join(cacheDir, 'filler'), Buffer.alloc(bavail * bsize));
    const warning = await expectBuiltWithOneWarning(await changeSources());
    expect(warning).toMatch(/ENOSPC/);
    expect(temporaryNames(cacheDir)).toEqual([]);
  }, 120_000);

  it('temporary files a killed build left in the cache are removed by the next build (a running one\'s are kept)', async () => {
    expect((await buildIt()).ok).toBe(true);
    const dead = 2 ** 22 + 1; // above Linux's largest pid: never a running process
    const leftovers = [
      path.join(cacheDir, 'images', `.0123abcd-size.${dead}-0badf00d.tmp`),
      path.join(cacheDir, 'content', `abc.v8.${dead}-0badf00d.tmp`),
      path.join(cacheDir, 'templates', `templates-0123.mjs.${dead}.1795000000000.tmp`),
    ];
    mkdirSync(leftovers[0]!);
    writeFileSync(path.join(leftovers[0]!, 'a.png'), 'half');
    writeFileSync(leftovers[1]!, 'half');
    writeFileSync(leftovers[2]!, 'half');
    const running = path.join(cacheDir, 'content', `abc.v8.${process.pid}-0badf00d.tmp`);
    writeFileSync(running, 'being written');
    expect((await buildIt()).ok).toBe(true);
    for (const leftover of leftovers) expect(existsSync(leftover), leftover).toBe(false);
    expect(existsSync(running)).toBe(true);
  }, 120_000);
});
