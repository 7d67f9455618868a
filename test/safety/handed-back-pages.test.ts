/**
 * A build whose render workers leave a core idle (one worker on a machine of two cores or more:
 * the committed site's, and a 100,000-page site's) has them hand their pages back through a
 * shared buffer, and the main thread writes them (src/render/page-files.ts, docs/performance.md,
 * History, `render-2w`). What it checks, with the compiled CLI on a copy of the committed
 * content: the main thread wrote every page (its CLEANSITE_TRACE lines), the output is the one
 * two workers that write their own pages make, byte for byte; and a page the main thread cannot
 * write (a slug too long for a file name: ENAMETOOLONG) fails the build naming the file, and
 * leaves the previous output as it was, with no staging folder beside it.
 */
import { availableParallelism } from 'node:os';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, traceLabels } from '../support/cli.ts';
import { hashTree } from '../support/fixture-site.ts';
import { copyRealSite, type RealSiteCopy } from '../support/real-site.ts';

const LONG_SLUG = 'a'.repeat(300);

describe('pages handed back to the main thread', () => {
  let site: RealSiteCopy | undefined;
  afterAll(() => site?.remove());

  const build = (out: string, extra: string[] = [], trace?: string) => {
    if (trace) rmSync(trace, { force: true });
    return runCli(['build', '--quiet', '--content', site!.contentDir, '--templates', site!.templatesDir, '--public', site!.publicDir, '--out', path.join(site!.root, out), ...extra],
      undefined, trace ? { CLEANSITE_TRACE: trace } : {}, 170_000);
  };

  it('are written by the main thread, byte for byte as workers that write their own; one it cannot write fails the build and keeps the previous output', () => {
    expect(availableParallelism(), 'one render worker leaves a core idle only on two cores or more').toBeGreaterThanOrEqual(2);
    site = copyRealSite({ folders: ['content'], prefix: 'cleansite-handed-back-' });

    const trace = path.join(site.root, 'one.trace');
    const one = build('dist-one', [], trace);
    expect(one.status, one.stderr).toBe(0);
    const labels = traceLabels(trace);
    const handedBack = labels.filter((label) => label.startsWith('pages handed back ')).reduce((sum, label) => sum + Number(label.split(' ').at(-1)), 0);
    const rendered = labels.filter((label) => label.startsWith('worker: rendered ')).reduce((sum, label) => sum + Number(label.split(' ').at(-1)), 0);
    expect(rendered, labels.join('\n')).toBeGreaterThan(50);
    expect(handedBack, 'pages the main thread wrote').toBe(rendered);

    const two = build('dist-two', ['--jobs', '2']);
    expect(two.status, two.stderr).toBe(0);
    expect(hashTree(path.join(site.root, 'dist-one'))).toBe(hashTree(path.join(site.root, 'dist-two')));

    // One page's folder name is too long to make: the main thread's write fails.
    const previous = hashTree(path.join(site.root, 'dist-one'));
    site.edit('content/locations/bathurst.md', (text) => text.replace(/^name: Bathurst$/m, `name: Bathurst\nslug: ${LONG_SLUG}`));
    const failed = build('dist-one');
    expect(failed.status, failed.stderr).toBe(1);
    expect(failed.stderr).toMatch(new RegExp(`ENAMETOOLONG[^\\n]*locations/${LONG_SLUG}`));
    expect(failed.stderr).toContain('the previous output was left untouched');
    expect(hashTree(path.join(site.root, 'dist-one')), 'the previous output changed').toBe(previous);
    expect(readdirSync(site.root).filter((name) => name.startsWith('.cleansite-dist-one')), 'a staging folder or lock was left').toEqual([]);
  }, 240_000);
});
