/**
 * The one place tests make throwaway sites and folders. Committed fixtures
 * live under test/fixtures/ only: `basic-site` (a small complete site) and
 * overlays named after a behaviour (`malformed-yaml`, `watch-overlay`, ...)
 * copied on top of it. Every temporary folder is `cleansite-<what>-XXXXXX`
 * in the system temp folder (or, for a file that writes whole sites many times over, in memory:
 * `makeTempDir(prefix, 'memory')`), made by `makeTempDir`, never inside the project.
 *
 *   const site = makeFixtureSite('watch-overlay');    // basic-site + overlays, in a new temp folder
 *   const site = useThrowawaySites()();               // per test, removed after it
 *   const dir = makeTempDir('cleansite-deploy-');     // an empty temp folder
 *   removeSite(site);
 */
import { runCli, repoRoot, type CliResult } from './cli.ts';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

export { cliPath, repoRoot } from './cli.ts';
export const fixturesDir = path.join(repoRoot, 'test', 'fixtures');

/**
 * Throwaway copies of the basic fixture site (plus `overlays`) for one test file: call at the
 * top level, then `site()` in a test for a fresh copy; every copy is removed after the test
 * that made it.
 */
export function useThrowawaySites(...overlays: string[]): () => string {
  let sites: string[] = [];
  afterEach(() => {
    for (const site of sites) removeSite(site);
    sites = [];
  });
  return () => {
    const dir = makeFixtureSite(...overlays);
    sites.push(dir);
    return dir;
  };
}

/**
 * Where `makeTempDir(prefix, 'memory')` makes its folders: a tmpfs (/dev/shm) where the machine has
 * one, else the system temp folder. For tests that write and remove whole sites many times over
 * (watch-equals-build's fresh builds, the fuzz cases): on a disk the kernel's file system work
 * (mkdir, rmdir, writes, journal) was about a third of their CPU; nothing they prove depends on it.
 */
export const MEMORY_TMP = existsSync('/dev/shm') && statSync('/dev/shm').isDirectory() ? '/dev/shm' : tmpdir();

/** A new empty folder in the system temp folder (or, with 'memory', in MEMORY_TMP); `prefix` names what it holds (`cleansite-watch-`). */
export function makeTempDir(prefix: string, where: 'disk' | 'memory' = 'disk'): string {
  const dir = mkdtempSync(path.join(where === 'memory' ? MEMORY_TMP : tmpdir(), prefix));
  madeTempDirs.add(dir);
  return dir;
}

/**
 * The folders makeTempDir made in this worker, removed after each test file
 * (temp-folders.after-each-file.ts) whether or not the file removed them: tests that forgot left
 * nine fixture sites per suite run in /tmp (1,573 on the project's machine), and every one of them
 * stayed in the image index each build checks.
 */
const madeTempDirs = new Set<string>();

export function removeTempDirs(): void {
  for (const dir of madeTempDirs) rmSync(dir, { recursive: true, force: true });
  madeTempDirs.clear();
}

/**
 * A build cache folder in `dir` (on the file system of a test's site there), holding a copy of
 * the project's image variants: variants are hard-linked from the cache into the output, which
 * works only on one file system, and the copy spares encoding every image again. Beside it, a link
 * to the project's node_modules: the cache holds modules (the render worker, the compiled
 * templates) that import packages, as the project's own cache beside its node_modules does.
 */
export function makeCacheBeside(dir: string): string {
  const cacheDir = path.join(dir, '.cache');
  const images = path.join(repoRoot, '.cache', 'images');
  if (existsSync(images)) cpSync(images, path.join(cacheDir, 'images'), { recursive: true });
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) symlinkSync(path.join(repoRoot, 'node_modules'), modules, 'dir');
  return cacheDir;
}

/** Copies basic-site into a new temp folder, then each named overlay (a folder of test/fixtures/) on top; returns the folder. */
export function makeFixtureSite(...overlays: string[]): string {
  const dir = makeTempDir('cleansite-fixture-');
  copyFixtureSite(dir, ...overlays);
  return dir;
}

/** Copies basic-site (without any dist/ or .cache/ left in it) and then the overlays into `dir`. */
export function copyFixtureSite(dir: string, ...overlays: string[]): void {
  cpSync(path.join(fixturesDir, 'basic-site'), dir, { recursive: true, filter: (source) => !/[\\/](dist|\.cache)$/.test(source) });
  for (const overlay of overlays) cpSync(path.join(fixturesDir, overlay), dir, { recursive: true });
}

export function removeSite(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Runs `cleansite build` for a fixture folder (content/templates/public inside it). */
export function buildFixture(siteDir: string, extraArgs: string[] = [], outDir = path.join(siteDir, 'dist'), env: NodeJS.ProcessEnv = {}): CliResult {
  return runCli(['build', '--content', path.join(siteDir, 'content'), '--templates', path.join(siteDir, 'templates'),
    '--public', path.join(siteDir, 'public'), '--out', outDir, ...extraArgs], siteDir, env);
}

// The CLI runner lives in cli.ts; these names stay for the files that import them from here.
export { cliEnv, runCli, runCliAsync, type CliResult } from './cli.ts';

/** The sha256 of one file's bytes, in hex. */
export const sha256File = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Each file's hash by its relative path (forward slashes): for telling which files differ. */
export function hashFiles(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else hashes.set(path.relative(dir, full).split(path.sep).join('/'), sha256File(full));
    }
  };
  walk(dir);
  return hashes;
}

/** One hash over every file's path and bytes: equal hashes mean byte-identical trees. */
export function hashTree(dir: string): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * Every file and folder under `dir` with its inode, size and modification time: equal stamps mean
 * nothing was written, replaced, added or removed since (any write sets the time). Stricter than
 * hashTree (a rewrite of the same bytes counts) and much cheaper: no file is read. For checking
 * that a run left a folder alone, many times over (test/fuzz/support/fuzz-runner.ts).
 */
export function stampTree(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      const stats = statSync(full);
      return `${path.relative(dir, full)}\0${stats.ino}:${stats.size}:${entry.isDirectory() ? '' : stats.mtimeMs}`;
    })
    .sort().join('\n');
}
