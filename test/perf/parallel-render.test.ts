/**
 * Rendering in worker threads must not change a byte: the same synthetic
 * site (the committed content with 160 generated locations) is built by
 * the real CLI on the main thread only, with two threads and with three,
 * and the outputs are compared file by file. Then a warm build in three
 * threads (pages recorded in the workers, one file edited) must equal a
 * single-threaded build from scratch. The default thread count is a rule
 * checked on its own: building 3,000 pages in a test would take too long.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARALLEL_THRESHOLD, renderThreads } from '../../src/output/write-pages.ts';
// @ts-expect-error plain ESM helper shared with the benchmark
import { editFile, generateSite } from '../../bench/generate-site.mjs';
import { listFiles, PROJECT_ROOT, runCliBuild } from '../support/site-build.ts';
import { differingFiles } from './support/perf-site.ts';

/** Enough pages for many chunks on every thread (chunks are 8-200 routes). */
const LOCATIONS = 160;
let root: string;
let contentDir: string;
let locationFiles: string[];

async function buildWith(out: string, extra: string[]): Promise<string> {
  const outDir = path.join(root, out);
  const result = await runCliBuild([
    '--content', contentDir,
    '--templates', path.join(PROJECT_ROOT, 'templates'),
    '--public', path.join(PROJECT_ROOT, 'public'),
    '--out', outDir,
    '--debug',
    ...extra,
  ], { timeoutMs: 170_000 });
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stderr;
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cleansite-parallel-'));
  contentDir = path.join(root, 'content');
  locationFiles = generateSite(path.join(PROJECT_ROOT, 'content'), contentDir, LOCATIONS) as string[];
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('parallel rendering', () => {
  it('writes byte-identical output on one thread, on two and on three', async () => {
    const single = await buildWith('single', ['--jobs', '1']);
    const two = await buildWith('two', ['--jobs', '2']);
    const three = await buildWith('three', ['--jobs', '3']);
    expect(single).toMatch(/start 1 render thread\b/);
    expect(two).toMatch(/start 2 render threads/);
    expect(three).toMatch(/start 3 render threads/);

    const files = listFiles(path.join(root, 'single'));
    expect(files.filter((file) => file.startsWith('locations/')).length).toBe(LOCATIONS);
    expect(differingFiles(path.join(root, 'single'), path.join(root, 'two'))).toEqual([]);
    expect(differingFiles(path.join(root, 'single'), path.join(root, 'three'))).toEqual([]);
  }, 600_000);

  it('uses one render thread per core from the threshold on, unless --jobs says otherwise', () => {
    expect(renderThreads(PARALLEL_THRESHOLD - 1, undefined, 4)).toBe(1);
    expect(renderThreads(PARALLEL_THRESHOLD, undefined, 4)).toBe(4);
    expect(renderThreads(10, 3, 4)).toBe(3);
    expect(renderThreads(100_000, 0, 4)).toBe(1);
    expect(renderThreads(100_000, 1, 4)).toBe(1);
  });

  it('a warm build in worker threads equals a single-threaded build from scratch', async () => {
    const target = locationFiles.at(-1)!;
    editFile(target, 1);
    const warm = await buildWith('three', ['--jobs', '3']);
    expect(warm).toMatch(/pages: \d+ rendered, [1-9]\d* unchanged/);
    await buildWith('fresh', ['--jobs', '1']);
    expect(differingFiles(path.join(root, 'three'), path.join(root, 'fresh'))).toEqual([]);
    const slug = path.basename(target, '.md');
    expect(readFileSync(path.join(root, 'three', 'locations', slug, 'index.html'), 'utf8')).toContain('Benchmark edit number 1');
  }, 600_000);
});
