/**
 * Watch keeps the page manifest of the folder it serves and saves it when it stops, so its next
 * start renders only what changed meanwhile (watch-restart.test.ts, through the CLI). A stop that
 * lands while a pass runs must save it after that pass has ended: the pass removes the saved
 * manifest before it changes the output in place, and a save made at once was removed after it,
 * so the next start rendered every page (seen once in CI: "309 rendered, 0 unchanged").
 * In-process, where the order is the test's to choose: the pass is started, then close() called.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readPageManifest } from '../../src/cache/page-manifest-file.ts';
import { createWatchSession } from '../../src/watch/watch-session.ts';
import { copyRealSite } from '../support/real-site.ts';

const copy = copyRealSite({ prefix: 'cleansite-watch-stop-', inMemory: true });
afterAll(() => copy.remove());

it('saves the page manifest after the pass a stop cut short, so the next start renders only the pages the edit touches', async () => {
  const cacheDir = path.join(copy.root, '.cache');
  const outDir = path.join(copy.root, 'out');
  const options = { rootDir: copy.root, contentDir: copy.contentDir, templatesDir: copy.templatesDir, publicDir: copy.publicDir, outDir, cacheDir, buildDate: '2026-11-20', devScripts: [], drafts: false };
  const first = createWatchSession(options);
  expect((await first.rebuild([])).problems).toEqual([]);
  const pages = [...readPageManifest(cacheDir, outDir)?.pages.keys() ?? []];
  expect(pages.length, 'the first pass saved a manifest').toBeGreaterThan(80);

  const westEnd = path.join(copy.contentDir, 'locations', 'west-end.md');
  writeFileSync(westEnd, `${readFileSync(westEnd, 'utf8')}\nEdited as watch stops.\n`);
  const pass = first.rebuild([{ file: westEnd, event: 'change' }]);
  await first.close(pass);
  // Cut short: nothing more is rendered, and the output stays as the last pass left it.
  expect((await pass).problems.map((problem) => problem.message)).toEqual(['watch is stopping: nothing more is rendered']);
  expect(readFileSync(path.join(outDir, 'locations', 'west-end', 'index.html'), 'utf8')).not.toContain('Edited as watch stops.');
  const saved = readPageManifest(cacheDir, outDir);
  expect(saved, 'watch stopped during a pass and left no page manifest: its next start renders every page').toBeDefined();
  // It vouches for every page but the one the pass found stale.
  expect(pages.filter((page) => !saved!.pages.has(page))).toEqual(['/locations/west-end']);

  const next = createWatchSession(options);
  try {
    const report = await next.rebuild([]);
    expect(report.problems).toEqual([]);
    // The edited location and the few pages that list it, not all of them.
    expect(report.rendered).toBeGreaterThan(0);
    expect(report.rendered).toBeLessThan(20);
    expect(readFileSync(path.join(outDir, 'locations', 'west-end', 'index.html'), 'utf8')).toContain('Edited as watch stops.');
  } finally {
    await next.close();
  }
}, 180_000);
