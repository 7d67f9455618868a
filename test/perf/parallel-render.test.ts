/**
 * Rendering in worker threads must not change a byte: the same synthetic
 * site (the committed content with 160 generated locations) is built by
 * the real CLI on the main thread only, with two threads and with three,
 * and the outputs are compared file by file; --debug's count of the pages each
 * thread rendered shows that both workers of two rendered some, and their build summaries (`--json`)
 * are the same whether the main thread (one thread) or a render worker (two) routed the site
 * (test/perf/worker-routing.test.ts checks the error lines the same way). Then a warm build in three
 * threads (pages recorded in the workers, one file edited) must equal a
 * single-threaded build from scratch. The default thread count is a rule
 * checked on its own: building 3,000 pages in a test would take too long.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARALLEL_THRESHOLD, renderThreads } from '../../src/render/render-threads.ts';
import { useGeneratedSite } from '../support/generated-site.ts';
import { listFiles, PROJECT_ROOT, runCliBuild } from '../support/site-build.ts';
import { differingFiles } from './support/perf-site.ts';
import { linkSiteConfig } from '../support/site-config.ts';
import { copyRealSite } from '../support/real-site.ts';

/** Enough pages for many chunks on every thread (chunks are 8-200 routes). */
const LOCATIONS = 160;
const site = useGeneratedSite('cleansite-parallel-', LOCATIONS);

async function buildWith(out: string, extra: string[], content = site.contentDir): Promise<string> {
  return (await buildWithOutput(out, extra, content)).stderr;
}

/** The build's stdout too (its `--json` summary). */
async function buildWithOutput(out: string, extra: string[], content = site.contentDir): Promise<{ stderr: string; stdout: string }> {
  const outDir = path.join(site.root, out);
  const result = await runCliBuild([
    '--content', content,
    '--templates', path.join(PROJECT_ROOT, 'templates'),
    '--public', path.join(PROJECT_ROOT, 'public'),
    '--out', outDir,
    '--debug',
    ...extra,
  ], { timeoutMs: 170_000 });
  expect(result.exitCode, result.stderr).toBe(0);
  return result;
}

/** What a user reads in the `--json` summary, with the content folder's name taken out (each build has its own). */
function summaryOf(stdout: string, content: string): Record<string, unknown> {
  const { pages, files, bytes, leftOut, warnings } = JSON.parse(stdout) as Record<string, unknown>;
  return { pages, files, bytes, leftOut: JSON.stringify(leftOut).replaceAll(`${path.basename(content)}/`, 'CONTENT/'), warnings };
}

/** What a user reads in --json does not depend on the thread that routed: the main thread with one, a render worker with two. */
function expectSameSummary(oneThread: string, twoThreads: string, twoContent: string): void {
  const summary = summaryOf(oneThread, site.contentDir);
  expect(summary.pages).toBeGreaterThan(LOCATIONS);
  // The committed content has a draft and a scheduled guide: the worker's report carries them.
  expect(summary.leftOut).toContain('scheduled');
  expect(summaryOf(twoThreads, twoContent)).toEqual(summary);
}

/** `rendered by worker 1: 31 pages, worker 2: 40 pages` (--debug) as { 'worker 1': 31, 'worker 2': 40 }. */
function pagesPerThread(output: string): Record<string, number> {
  const line = /^debug: rendered by (.+)$/m.exec(output);
  expect(line, `no per-thread line in --debug output:\n${output}`).not.toBeNull();
  return Object.fromEntries(line![1]!.split(', ').map((part) => {
    const [, thread, pages] = /^(.+): (\d+) pages$/.exec(part)!;
    return [thread!, Number(pages)];
  }));
}

function copyContent(name: string): string {
  const copy = path.join(site.root, name);
  cpSync(site.contentDir, copy, { recursive: true });
  return copy;
}

describe('parallel rendering', () => {
  it('writes byte-identical output on one thread, on two and on three, and the same build summary whether the main thread or a worker routed', async () => {
    const { stderr: single, stdout: singleJson } = await buildWithOutput('single', ['--jobs', '1', '--json']);
    // Copies of the content: the content cache is keyed by its folder, so each build parses every file.
    const twoContent = copyContent('content-two');
    const { stderr: two, stdout: twoJson } = await buildWithOutput('two', ['--jobs', '2', '--json'], twoContent);
    const three = await buildWith('three', ['--jobs', '3'], copyContent('content-three'));
    expect(single).toMatch(/on 1 thread\b/);
    expect(two).toMatch(/on 2 threads/);
    expect(three).toMatch(/on 3 threads/);
    // --jobs counts the threads that parse the content too; the workers keep what they parsed.
    expect(single).toMatch(/parsed \(0 by render workers\)/);
    expect(two).toMatch(/parsed \([1-9]\d* by render workers\)/);
    expect(three).toMatch(/parsed \([1-9]\d* by render workers\)/);
    // Pages always render in workers (render/render-threads.ts), and with two both take some.
    const total = pagesPerThread(single)['worker 1']!;
    expect(pagesPerThread(single)).toEqual({ 'worker 1': total });
    expect(total).toBeGreaterThan(LOCATIONS);
    const perThread = pagesPerThread(two);
    expect(Object.keys(perThread).sort()).toEqual(['worker 1', 'worker 2']);
    expect(perThread['worker 1'], 'worker 1 rendered no page').toBeGreaterThan(0);
    expect(perThread['worker 2'], 'worker 2 rendered no page').toBeGreaterThan(0);
    expect(perThread['worker 1']! + perThread['worker 2']!).toBe(total);

    const files = listFiles(path.join(site.root, 'single'));
    expect(files.filter((file) => file.startsWith('locations/')).length).toBe(LOCATIONS);
    expect(differingFiles(path.join(site.root, 'single'), path.join(site.root, 'two'))).toEqual([]);
    expect(differingFiles(path.join(site.root, 'single'), path.join(site.root, 'three'))).toEqual([]);
    expectSameSummary(singleJson, twoJson, twoContent);
  }, 600_000);

  it('uses one render thread per core from the threshold on, unless --jobs says otherwise', () => {
    expect(renderThreads(PARALLEL_THRESHOLD - 1, undefined, 4)).toBe(1);
    expect(renderThreads(PARALLEL_THRESHOLD, undefined, 4)).toBe(4);
    expect(renderThreads(10, 3, 4)).toBe(3);
    expect(renderThreads(100_000, 0, 4)).toBe(1);
    expect(renderThreads(100_000, 1, 4)).toBe(1);
  });

  it('a warm build in worker threads equals a single-threaded build from scratch', async () => {
    // The content 'three' was built from, edited: the workers parse only the edited file.
    const content = path.join(site.root, 'content-three');
    const target = path.join(content, path.relative(site.contentDir, site.locationFiles.at(-1)!));
    site.editFile(target, 1);
    const warm = await buildWith('three', ['--jobs', '3'], content);
    expect(warm).toMatch(/pages: \d+ rendered, [1-9]\d* unchanged/);
    expect(warm).toMatch(/content: \d+ files, 1 parsed/);
    await buildWith('fresh', ['--jobs', '1'], content);
    expect(differingFiles(path.join(site.root, 'three'), path.join(site.root, 'fresh'))).toEqual([]);
    const slug = path.basename(target, '.md');
    expect(readFileSync(path.join(site.root, 'three', 'locations', slug, 'index.html'), 'utf8')).toContain('Benchmark edit number 1');
  }, 600_000);

  it('reports the same content errors, in the same order, whichever thread parsed the files', async () => {
    const broken = copyContent('content-broken');
    const locations = site.locationFiles.map((file) => path.join(broken, path.relative(site.contentDir, file)));
    // The first file in content order is always in a worker's share (the first batch goes out while
    // this thread still reads files); the others fall wherever the queue puts them.
    const first = listFiles(broken).filter((file) => file.endsWith('.md')).sort()[0]!;
    const firstFile = path.join(broken, first);
    writeFileSync(firstFile, readFileSync(firstFile, 'utf8').replace(/^---\n/, '---\nbroken: [unclosed\n'));
    writeFileSync(locations[3]!, readFileSync(locations[3]!, 'utf8').replace(/^region: .*$/m, 'region: [unclosed'));
    writeFileSync(locations.at(-2)!, readFileSync(locations.at(-2)!, 'utf8').replace(/^name: .*$/m, 'name: 42'));
    writeFileSync(locations.at(-1)!, readFileSync(locations.at(-1)!, 'utf8').replace(/^region: .*$/m, 'region: "open'));
    const run = (jobs: string) => runCliBuild(['--content', broken, '--templates', path.join(PROJECT_ROOT, 'templates'), '--public', path.join(PROJECT_ROOT, 'public'), '--out', path.join(site.root, `broken-${jobs}`), '--jobs', jobs], { timeoutMs: 170_000 });
    const one = await run('1');
    // The content cache keeps only valid entries: the second build parses the broken files again.
    rmSync(path.join(site.root, 'broken-1'), { recursive: true, force: true });
    const two = await run('2');
    expect(one.exitCode).toBe(1);
    expect(two.exitCode).toBe(1);
    const errors = (text: string) => text.split('\n').filter((line) => line.includes('content-broken/'));
    expect(errors(one.stderr).length).toBeGreaterThanOrEqual(4);
    expect(errors(one.stderr)[0]).toContain(first);
    expect(errors(two.stderr)).toEqual(errors(one.stderr));
  }, 600_000);

  it('with workers parsing, templates that fail stop the build with their error, and no worker keeps it running', async () => {
    const run = (templates: string, out: string) => runCliBuild(['--content', copyContent(`content-${out}`), '--templates', templates,
      '--public', path.join(PROJECT_ROOT, 'public'), '--out', path.join(site.root, out), '--jobs', '2'], { timeoutMs: 60_000 });
    // No templates entry (an empty folder; a missing one is refused before any work): compiling
    // fails while the workers still parse (they once kept the process alive).
    mkdirSync(path.join(site.root, 'no-templates'), { recursive: true });
    linkSiteConfig(path.join(site.root, 'no-templates'));
    const missing = await run(path.join(site.root, 'no-templates'), 'missing');
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('no templates entry');

    // Templates that throw as they load, in the workers and in the main thread alike.
    const throwingTemplates = copyRealSite({ folders: ['templates'], prefix: 'cleansite-throwing-templates-',
      with: { 'templates/index.tsx': (text) => `${text}\nthrow new Error('boom while loading');\n` } });
    const throwing = await run(throwingTemplates.templatesDir, 'throwing-out').finally(throwingTemplates.remove);
    expect(throwing.exitCode).toBe(1);
    expect(throwing.stderr).toMatch(/templates\/index\.tsx \(or a module it imports\) threw while loading: boom while loading/);
    expect(throwing.stderr).not.toMatch(/Unhandled|node:internal/);
  }, 300_000);
});
