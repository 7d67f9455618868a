/**
 * Watch and the Guides section of the real site: drafts are shown, marked
 * as drafts, unless watch is told not to (--no-drafts); and a guide added
 * re-renders its own page and the listing pages, topic pages and feeds it
 * is on, not the topic pages and articles it leaves alone. A page counts as
 * re-rendered when watch wrote its file again (a new inode: watch moves
 * each rendered page into place). watch-equals-build.test.ts compares the
 * output of the same edits with fresh builds.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCacheDir } from '../../src/commands/command-support.ts';
import { createWatchSession, type WatchSession } from '../../src/watch/watch-session.ts';
import { copyRealSite, type RealSiteCopy } from '../support/real-site.ts';

let copy: RealSiteCopy | undefined;
let root: string;
const sessions: WatchSession[] = [];
beforeAll(() => {
  copy = copyRealSite({ prefix: 'cleansite-watch-guides-' });
  root = copy.root;
});
afterAll(async () => {
  for (const session of sessions) await session.close();
  copy?.remove();
});

async function watchInto(out: string, drafts?: boolean): Promise<WatchSession> {
  const session = createWatchSession({
    rootDir: root, contentDir: copy!.contentDir, templatesDir: copy!.templatesDir, publicDir: copy!.publicDir,
    outDir: path.join(root, out), cacheDir: defaultCacheDir(), buildDate: '2026-11-20', devScripts: [], ...(drafts === undefined ? {} : { drafts }),
  });
  sessions.push(session);
  const first = await session.rebuild([]);
  expect(first.problems.map((problem) => problem.format())).toEqual([]);
  return session;
}

const DRAFT = 'guides/choosing-greener-cleaning-products/index.html';
const read = (out: string, file: string) => load(readFileSync(path.join(root, out, file), 'utf8'));
const exists = (out: string, file: string) => statSync(path.join(root, out, file), { throwIfNoEntry: false }) !== undefined;

describe('drafts in watch', () => {
  it('are shown, marked as drafts and listed, while a scheduled guide stays out', async () => {
    await watchInto('with-drafts');
    expect(read('with-drafts', DRAFT)('.draft-banner').text()).toMatch(/^Draft:/);
    expect(read('with-drafts', 'guides/index.html')('.guide-card__title a').map((_, link) => read('with-drafts', 'guides/index.html')(link).text()).get()).toContain('Choosing Greener Cleaning Products');
    expect(read('with-drafts', 'guides/cleaning-versus-disinfecting/index.html')('.draft-banner')).toHaveLength(0);
    expect(exists('with-drafts', 'guides/cyclone-season-checklist/index.html')).toBe(false);
  }, 180_000);

  it('are left out with drafts: false (--no-drafts), as build leaves them out', async () => {
    await watchInto('without-drafts', false);
    expect(exists('without-drafts', DRAFT)).toBe(false);
    expect(readFileSync(path.join(root, 'without-drafts', 'guides', 'feed.xml'), 'utf8')).not.toContain('Choosing Greener');
  }, 180_000);
});

/** Every file of the output with its inode. */
function inodes(dir: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const absolute = path.join(entry.parentPath, entry.name);
      found.set(path.relative(dir, absolute).split(path.sep).join('/'), statSync(absolute).ino);
    }
  }
  return found;
}

describe('a guide added in watch', () => {
  it('re-renders its page, the listing pages, its topic pages, the topic index and the feeds, and leaves other topics and articles alone', async () => {
    const session = await watchInto('added', false);
    const out = path.join(root, 'added');
    const before = inodes(out);
    const file = path.join(root, 'content', 'guides', 'night-shift-cleaning.md');
    writeFileSync(file, readFileSync(path.join(root, 'content', 'guides', 'colour-coded-cleaning.md'), 'utf8')
      .replace(/^title: .*$/m, 'title: Night Shift Cleaning').replace(/^date: .*$/m, 'date: 2026-11-19').replace(/^topics: .*$/m, 'topics: [Office cleaning]'));
    const report = await session.rebuild([{ file, event: 'add' }]);
    expect(report.problems.map((problem) => problem.format())).toEqual([]);
    const after = inodes(out);
    const written = [...after].filter(([name, inode]) => before.get(name) !== inode).map(([name]) => name);
    expect(written).toEqual(expect.arrayContaining([
      'guides/night-shift-cleaning/index.html', 'guides/index.html', 'guides/page/2/index.html', 'guides/page/3/index.html',
      'guides/topics/office-cleaning/index.html', 'guides/topics/index.html', 'guides/feed.xml', 'guides/feed.json', 'sitemap.xml',
    ]));
    for (const untouched of ['guides/topics/health-and-safety/index.html', 'guides/topics/seasonal-care/index.html', 'guides/cleaning-versus-disinfecting/index.html', 'services/office-cleaning/index.html', 'locations/noosa/index.html']) {
      expect(written, untouched).not.toContain(untouched);
    }
    expect(read('added', 'guides/index.html')('.guide-card__title a').first().text()).toBe('Night Shift Cleaning');
  }, 180_000);
});
