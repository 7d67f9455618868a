/**
 * A build saves the image sources' hash index (`.cache/images/sources.json`, assets/images/
 * source-hashes.ts) while its pages render, not on the way to the render: the save checks that
 * every path the cache has made images for still exists (on a machine that runs the test suite,
 * hundreds of them), and it was ~12 ms of the main thread's CPU between the content and the first
 * page of the committed site's cold build (docs/performance.md, History, `cold-cpu-5`). A build
 * that fails before it writes still saves it, as before.
 *
 * What it watches: the compiled CLI's CLEANSITE_TRACE lines (the main thread's own order) and the
 * index file, for builds of a fresh copy of the public folder (its images have new paths, so the
 * index changes).
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, traceLabels } from '../support/cli.ts';
import { copyRealSite, type RealSiteCopy } from '../support/real-site.ts';

/** The source paths the index remembers. */
function indexedSources(cacheDir: string): string[] {
  return Object.keys((JSON.parse(readFileSync(path.join(cacheDir, 'images', 'sources.json'), 'utf8')) as { entries: Record<string, unknown> }).entries);
}

describe('the image sources\' hash index', () => {
  const sites: RealSiteCopy[] = [];
  afterAll(() => sites.forEach((site) => site.remove()));

  function build(site: RealSiteCopy) {
    const trace = path.join(site.root, 'build.trace');
    rmSync(trace, { force: true });
    const run = runCli(['build', '--quiet', '--content', site.contentDir, '--templates', site.templatesDir, '--public', site.publicDir, '--out', path.join(site.root, 'dist')],
      undefined, { CLEANSITE_TRACE: trace }, 170_000);
    return { run, labels: traceLabels(trace) };
  }

  it('is saved once the site was sent to render, with the new sources in it', () => {
    const site = copyRealSite({ folders: ['public'], prefix: 'cleansite-image-index-' });
    sites.push(site);
    const { run, labels } = build(site);
    expect(run.status, run.stderr).toBe(0);
    const sent = labels.indexOf('pages sent to render');
    expect(sent, labels.join('\n')).toBeGreaterThan(-1);
    // Before: saved by the image step, before the pages were sent.
    expect(labels.indexOf('images: index saved'), labels.join('\n')).toBeGreaterThan(sent);
    expect(labels.filter((label) => label === 'images: index saved'), 'saved once').toHaveLength(1);
    expect(indexedSources(site.cacheDir)).toContain(path.join(site.publicDir, 'images', 'gallery', 'boardroom.jpg'));
  }, 180_000);

  it('is saved by a build that fails before it writes (a broken link)', () => {
    const site = copyRealSite({ folders: ['content', 'public'], prefix: 'cleansite-image-index-failed-', with: {
      'content/locations/bathurst.md': (text) => `${text}\nSee [the old page](/no-such-page).\n`,
    } });
    sites.push(site);
    const { run, labels } = build(site);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/no-such-page/);
    expect(labels, 'nothing was sent to render').not.toContain('pages sent to render');
    expect(labels).toContain('images: index saved');
    expect(indexedSources(site.cacheDir)).toContain(path.join(site.publicDir, 'images', 'gallery', 'boardroom.jpg'));
  }, 180_000);
});
