/**
 * A build with parse helpers has its first render worker assemble and route
 * the site, check the content's references and list its image uses, and the
 * main thread keeps only the routes' skeletons (session/site-source.ts,
 * routed()): it never holds a copy of the site of its own. What a user sees
 * must not depend on which thread routed: the real CLI builds the same
 * generated content with `--jobs 1` (no parse helpers: the main thread routes)
 * and with `--jobs 2` (the worker routes), and every error line
 * (a duplicate route, broken links and images, a file's problem reported
 * before the assembly's) must be the same. The build summary (`--json`: pages, files,
 * bytes, entries left out, warnings) is compared the same way on parallel-render.test.ts's
 * builds of one and two threads (the same split: there the main thread routes, here a worker).
 * From ONE_RENDER_WORKER_PAGES one worker renders (each holds a copy of the site), unless --jobs
 * says more, and its workers get a larger young generation: rules checked on their own
 * (building 60,000 pages here would take minutes; young-generation.test.ts shows a worker
 * started after the setting gets it).
 */
import { cpSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LARGE_SITE_YOUNG_GENERATION_MB, ONE_RENDER_WORKER_PAGES, parseThreads, renderThreads, youngGenerationMbFor } from '../../src/render/render-threads.ts';
import { WORKER_YOUNG_GENERATION_MB } from '../../src/render/worker-handle.ts';
import { useGeneratedSite } from '../support/generated-site.ts';
import { PROJECT_ROOT, runCliBuild } from '../support/site-build.ts';

const LOCATIONS = 120;
const site = useGeneratedSite('cleansite-worker-routing-', LOCATIONS);

/** Builds `content` with this many jobs (a fresh output folder; the content cache is keyed by the folder, so copies parse every file). */
async function build(content: string, jobs: number, extra: string[] = []) {
  return runCliBuild([
    '--content', content,
    '--templates', path.join(PROJECT_ROOT, 'templates'),
    '--public', path.join(PROJECT_ROOT, 'public'),
    '--out', path.join(site.root, `out-${path.basename(content)}-${jobs}`),
    '--jobs', String(jobs),
    ...extra,
  ], { timeoutMs: 170_000, sourceDateEpoch: 1_795_140_000 });
}

/** A copy of the generated content per build (each parses every file), changed by `edit`. */
function contentCopy(name: string, jobs: number, edit: (dir: string) => void): string {
  const dir = path.join(site.root, `${name}-${jobs}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(site.contentDir, dir, { recursive: true });
  edit(dir);
  return dir;
}

/** The error lines, with the copy's folder name taken out (each build has its own). */
function errorLines(stderr: string, dir: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('error:')).map((line) => line.replaceAll(path.basename(dir), 'CONTENT'));
}

/** Builds the same broken content with one job and with two, and returns both builds' error lines. */
async function errorsBothWays(name: string, edit: (dir: string) => void): Promise<[string[], string[]]> {
  const results: string[][] = [];
  for (const jobs of [1, 2]) {
    const dir = contentCopy(name, jobs, edit);
    const result = await build(dir, jobs);
    expect(result.exitCode, `${name}, --jobs ${jobs} should fail:\n${result.stderr}`).toBe(1);
    results.push(errorLines(result.stderr, dir));
  }
  return results as [string[], string[]];
}

const locationFile = (dir: string, index: number) => path.join(dir, 'locations', path.basename(site.locationFiles[index]!));
const edited = (file: string, change: (text: string) => string) => writeFileSync(file, change(readFileSync(file, 'utf8')));

describe('the site routed by a render worker', () => {
  it('is rendered by one worker from ONE_RENDER_WORKER_PAGES pages, unless --jobs asks for more', () => {
    expect(renderThreads(ONE_RENDER_WORKER_PAGES - 1, undefined, 4, true)).toBe(4);
    expect(renderThreads(ONE_RENDER_WORKER_PAGES, undefined, 4, true)).toBe(1);
    expect(renderThreads(ONE_RENDER_WORKER_PAGES, undefined, 4)).toBe(1);
    expect(renderThreads(ONE_RENDER_WORKER_PAGES * 2, 2, 4, true)).toBe(2);
  });

  it('parses on as many threads as --jobs asks for, never more than there are files to parse', () => {
    expect(parseThreads(5_000, 3, 2)).toBe(3);
    expect(parseThreads(2, 3, 2)).toBe(2);
    // An unchanged site (every file in the content cache) with --jobs 2 started a parse helper for nothing.
    expect(parseThreads(0, 2, 2)).toBe(1);
    expect(parseThreads(0, undefined, 2)).toBe(1);
  });

  it('renders 55,000 pages on two workers by default: two fit 60,000 generated locations in 1 GB (888 MB measured, 2026-11-26)', () => {
    expect(renderThreads(55_000, undefined, 2, true)).toBe(2);
    expect(renderThreads(55_000, undefined, 2)).toBe(2);
    expect(renderThreads(100_000, undefined, 2, true)).toBe(1);
  });

  it('gives a large site\'s workers a larger young generation, only on the default of one render worker in a build', () => {
    expect(LARGE_SITE_YOUNG_GENERATION_MB).toBeGreaterThan(WORKER_YOUNG_GENERATION_MB);
    expect(youngGenerationMbFor(ONE_RENDER_WORKER_PAGES, undefined, false)).toBe(LARGE_SITE_YOUNG_GENERATION_MB);
    expect(youngGenerationMbFor(100_000, undefined, false)).toBe(LARGE_SITE_YOUNG_GENERATION_MB);
    // Two render workers (below the threshold, or --jobs) and watch keep the small one: their memory has no room for it.
    expect(youngGenerationMbFor(ONE_RENDER_WORKER_PAGES - 1, undefined, false)).toBe(WORKER_YOUNG_GENERATION_MB);
    expect(youngGenerationMbFor(100_000, 2, false)).toBe(WORKER_YOUNG_GENERATION_MB);
    expect(youngGenerationMbFor(100_000, undefined, true)).toBe(WORKER_YOUNG_GENERATION_MB);
  });

  it('reports a duplicate route, broken references and the assembly\'s problems as the main thread does, in the same order', async () => {
    const [oneDuplicate, twoDuplicate] = await errorsBothWays('duplicate', (dir) => {
      const name = /^name: .*$/m.exec(readFileSync(locationFile(dir, 3), 'utf8'))![0];
      edited(locationFile(dir, 70), (text) => text.replace(/^name: .*$/m, name));
    });
    expect(oneDuplicate.join('\n')).toMatch(/is produced by two files/);
    expect(twoDuplicate).toEqual(oneDuplicate);

    const [oneReferences, twoReferences] = await errorsBothWays('references', (dir) => {
      edited(locationFile(dir, 5), (text) => `${text}\nSee [the old page](/no-such-page) and ![a photo](/images/no-such-photo.jpg).\n`);
      edited(locationFile(dir, 90), (text) => text.replace(/^ {2}src: \/images\/.*$/m, '  src: /images/missing-photo.jpg'));
    });
    expect(oneReferences).toHaveLength(3);
    expect(oneReferences.join('\n')).toMatch(/links to \/no-such-page/);
    expect(oneReferences.join('\n')).toMatch(/missing-photo\.jpg/);
    expect(twoReferences).toEqual(oneReferences);

    // A file's own problem comes first, then the assembly's (site.md missing), whichever thread assembles.
    const [oneAssembly, twoAssembly] = await errorsBothWays('assembly', (dir) => {
      unlinkSync(path.join(dir, 'site.md'));
      edited(locationFile(dir, 40), (text) => text.replace(/^order: .*$/m, 'order: not-a-number'));
    });
    expect(oneAssembly).toHaveLength(2);
    expect(oneAssembly[0]).toMatch(/order: expected number/);
    expect(oneAssembly[1]).toMatch(/site\.md is missing/);
    expect(twoAssembly).toEqual(oneAssembly);
  }, 600_000);
});
