/**
 * Fixture sites for the generator's tests: test/fixtures/basic-site copied to
 * a temporary folder, with behaviour fixtures (test/fixtures/<behaviour>/)
 * laid over it, and the real CLI run against it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixturesDir = path.join(repoRoot, 'test', 'fixtures');
export const cliPath = path.join(repoRoot, 'bin', 'cleansite.mjs');

/** Copies basic-site into a new temp folder, then each named overlay on top; returns the folder. */
/**
 * Throwaway copies of the basic fixture site for one test file: call at the top level, then
 * `site()` in a test for a fresh copy; every copy is removed after the test that made it.
 */
export function useThrowawaySites(): () => string {
  let sites: string[] = [];
  afterEach(() => {
    for (const site of sites) rmSync(site, { recursive: true, force: true });
    sites = [];
  });
  return () => {
    const dir = makeFixtureSite();
    sites.push(dir);
    return dir;
  };
}

export function makeFixtureSite(...overlays: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cleansite-fixture-'));
  cpSync(path.join(fixturesDir, 'basic-site'), dir, { recursive: true, filter: (source) => !/[\\/](dist|\.cache)$/.test(source) });
  for (const overlay of overlays) cpSync(path.join(fixturesDir, overlay), dir, { recursive: true });
  return dir;
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `cleansite build` for a fixture folder (content/templates/public inside it). */
export function buildFixture(siteDir: string, extraArgs: string[] = [], outDir = path.join(siteDir, 'dist'), env: NodeJS.ProcessEnv = {}): CliResult {
  return runCli(['build', '--content', path.join(siteDir, 'content'), '--templates', path.join(siteDir, 'templates'),
    '--public', path.join(siteDir, 'public'), '--out', outDir, ...extraArgs], siteDir, env);
}

export function runCli(args: string[], cwd = repoRoot, env: NodeJS.ProcessEnv = {}): CliResult {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd, encoding: 'utf8', env: { ...process.env, SOURCE_DATE_EPOCH: '1795000000', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
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
