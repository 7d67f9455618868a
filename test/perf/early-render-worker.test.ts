/**
 * A build whose output folder has no page manifest renders every page, so its render worker
 * starts as the session starts (session/session.ts) and loads while the main thread compiles or
 * finds the config and lists and loads the content: it is sent the site as soon as the content is
 * loaded, and assembles it while the main thread resolves the images. Before, it started at the
 * first file to parse, or (every entry from the content cache, the templates from the step cache)
 * only at the render stage, with its whole start-up on the build's critical path
 * (docs/performance.md, History, `cold-cpu-5`). A build of an output that is current starts none.
 *
 * What it watches: the worker's own CLEANSITE_TRACE lines (src/core/trace.ts) of the compiled
 * CLI's builds of a copy of the committed site's content. The first build fills the content cache
 * for the copy; the second, into a new output folder, parses nothing.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, traceLabels } from '../support/cli.ts';
import { copyRealSite, type RealSiteCopy } from '../support/real-site.ts';

describe('a build of an output folder with no page manifest', () => {
  let site: RealSiteCopy | undefined;
  afterAll(() => site?.remove());

  it('starts its render worker as it starts, even when no file is parsed: the worker is sent the site as the content loads', () => {
    site = copyRealSite({ folders: ['content'], prefix: 'cleansite-early-worker-' });
    const build = (out: string, trace: string) => {
      rmSync(trace, { force: true });
      const run = runCli(['build', '--quiet', '--content', site!.contentDir, '--templates', site!.templatesDir, '--public', site!.publicDir, '--out', path.join(site!.root, out)],
        undefined, { CLEANSITE_TRACE: trace }, 170_000);
      expect(run.status, run.stderr).toBe(0);
      return traceLabels(trace);
    };
    // Fills the content cache for the copy (and the step cache, if the templates were not compiled yet).
    build('dist-first', path.join(site.root, 'first.trace'));

    // A new output folder: every page renders, and no file is parsed (the content cache holds them all).
    const second = build('dist-second', path.join(site.root, 'second.trace'));
    // Spawned before the templates step ran (this thread's own order; before, at the render stage).
    expect(second.filter((label) => label === 'render worker spawned'), second.join('\n')).toHaveLength(1);
    expect(second.indexOf('render worker spawned'), second.join('\n')).toBeLessThan(second.indexOf('templates compiled'));
    expect(second.filter((label) => label === 'worker: started'), second.join('\n')).toHaveLength(1);
    // Two patches: the site as soon as the content was loaded, then the render settings. Before,
    // the worker was started for the render and was sent one.
    expect(second.filter((label) => label === 'worker: site patch received'), second.join('\n')).toHaveLength(2);
    expect(second.filter((label) => label === 'worker: rendered 8').length, 'the worker rendered the pages').toBeGreaterThan(5);

    // The same output again: every page is current, and no worker is started (or spawned and stopped unused).
    const third = build('dist-second', path.join(site.root, 'third.trace'));
    expect(third, 'the build was traced').toContain('templates compiled');
    expect(third.filter((label) => label.startsWith('worker') || label === 'render worker spawned'), third.join('\n')).toEqual([]);
  }, 180_000);
});
