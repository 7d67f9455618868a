/**
 * The page cache is only worth having if a warm build is exactly a cold
 * build: every test here changes something, builds warm, and compares the
 * whole output, file by file, with a from-scratch build (`cache: false`) of
 * the same content. It also checks that unchanged pages really were reused
 * (same inode: hard-linked, not rewritten) and that what a page shows of
 * other entries (the footer's service areas, the sitemap) follows their edits.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashText } from '../../src/core/hash-text.ts';
import { listFiles, PROJECT_ROOT } from '../support/site-build.ts';
import { copyRealSite } from '../support/real-site.ts';
import { createPerfSite, differingFiles, inodeOf, type PerfSite } from './support/perf-site.ts';

let site: PerfSite;
let dist: string;
let references = 0;

/** A from-scratch build of the current content, to compare the warm output with. */
async function expectSameAsColdBuild(options: { templatesDir?: string } = {}): Promise<void> {
  const name = `reference-${++references}`;
  // From scratch in every way: no caches, and the shared header and footer rendered on every page.
  const summary = await site.build(name, { cache: false, shareChunks: false, ...options });
  expect(summary.reused ?? 0).toBe(0);
  expect(differingFiles(dist, path.join(site.root, name))).toEqual([]);
}

const page = (relative: string) => load(readFileSync(path.join(dist, relative), 'utf8'));

beforeAll(async () => {
  site = createPerfSite();
  dist = path.join(site.root, 'dist');
  const first = await site.build('dist');
  expect(first.rendered).toBe(first.pages);
});

afterAll(() => site?.remove());

describe('page cache', () => {
  it('leaves the output folder untouched when nothing changed', async () => {
    const before = { folder: inodeOf(dist), page: statSync(path.join(dist, 'about/index.html')).mtimeMs };
    const summary = await site.build('dist');
    expect(summary.upToDate).toBe(true);
    expect(summary.rendered).toBe(0);
    expect(summary.reused).toBe(summary.pages);
    expect(inodeOf(dist)).toBe(before.folder);
    expect(statSync(path.join(dist, 'about/index.html')).mtimeMs).toBe(before.page);
    await expectSameAsColdBuild();
  });

  it('editing one entry re-renders only the pages that show what changed, and links the rest from the previous output', async () => {
    // Lithgow is in no menu; a few location pages list it by name under "Also servicing nearby".
    const listing = listFiles(dist).filter((file) => file.startsWith('locations/') && !file.startsWith('locations/lithgow/')
      && readFileSync(path.join(dist, file), 'utf8').includes('href="/locations/lithgow/"'));
    expect(listing.length).toBeGreaterThan(0);
    const before = new Map(['about/index.html', 'index.html', 'locations/lithgow/index.html', ...listing].map((file) => [file, inodeOf(path.join(dist, file))]));
    site.edit('locations/lithgow.md', (text) => `${text.trimEnd()}\n\nWe also clean the coal-mining offices in the valley.\n`);
    const summary = await site.build('dist');
    expect(summary.upToDate).toBeFalsy();
    expect(summary.rendered).toBeGreaterThan(0);
    expect(summary.rendered! + summary.reused!).toBe(summary.pages);
    expect(summary.rendered).toBeLessThan(summary.pages / 4);
    // Pages that show Lithgow's name but not its text: the very same files, hard-linked into the new output.
    for (const file of ['about/index.html', 'index.html', ...listing]) expect(inodeOf(path.join(dist, file)), file).toBe(before.get(file));
    expect(inodeOf(path.join(dist, 'locations/lithgow/index.html'))).not.toBe(before.get('locations/lithgow/index.html'));
    expect(page('locations/lithgow/index.html')('main').text()).toContain('coal-mining offices in the valley');
    await expectSameAsColdBuild();
  });

  it('renaming a featured location updates the footer and the sitemap of every other page', async () => {
    expect(page('about/index.html')('footer a[href="/locations/noosa/"]').text()).toBe('Noosa');
    site.edit('locations/noosa.md', (text) => text.replace(/^name: Noosa$/m, 'name: Noosa Heads'));
    await site.build('dist');

    expect(existsSync(path.join(dist, 'locations/noosa/index.html'))).toBe(false);
    expect(existsSync(path.join(dist, 'locations/noosa-heads/index.html'))).toBe(true);
    for (const other of ['about/index.html', 'privacy/index.html', 'locations/bathurst/index.html']) {
      const $ = page(other);
      expect($('footer a[href="/locations/noosa-heads/"]').text(), other).toBe('Noosa Heads');
      expect($('a[href="/locations/noosa/"]').length, other).toBe(0);
    }
    // The home page lists the featured places in its body (its footer leaves them out).
    expect(page('index.html')('main a[href="/locations/noosa-heads/"]').text()).toBe('Noosa Heads');
    expect(page('index.html')('a[href="/locations/noosa/"]').length).toBe(0);
    expect(page('sitemap/index.html')('main a[href="/locations/noosa-heads/"]').text()).toBe('Noosa Heads');
    expect(readFileSync(path.join(dist, 'sitemap.xml'), 'utf8')).toContain('/locations/noosa-heads/');
    await expectSameAsColdBuild();
  });

  it('renaming a location outside the menus updates the other location pages that list it as nearby', async () => {
    // Lithgow is in no menu; the places nearest to it (Wallerawang, 11 km) list it under "Also servicing nearby".
    expect(page('locations/wallerawang/index.html')('a[href="/locations/lithgow/"]').text()).toBe('Lithgow');
    site.edit('locations/lithgow.md', (text) => text.replace(/^name: Lithgow$/m, 'name: Lithgow Valley'));
    const summary = await site.build('dist');
    expect(summary.reused).toBeGreaterThan(0);
    expect(page('locations/wallerawang/index.html')('a[href="/locations/lithgow-valley/"]').text()).toBe('Lithgow Valley');
    await expectSameAsColdBuild();
    // Lithgow again, for the tests that find it at /locations/lithgow/, in whatever order they run.
    site.edit('locations/lithgow.md', (text) => text.replace(/^name: Lithgow Valley$/m, 'name: Lithgow'));
    await site.build('dist');
  });

  it('a change to the site config re-renders every page', async () => {
    site.edit('site.md', (text) => text.replace(/^ {2}display: .*$/m, '  display: (07) 3999 1234'));
    const summary = await site.build('dist');
    expect(summary.rendered).toBe(summary.pages);
    expect(page('privacy/index.html')('.call-button').text().replace(/\s+/g, ' ')).toContain('(07) 3999 1234');
    await expectSameAsColdBuild();
  });

  it('a failed build keeps the previous output, and the next good build is still correct', async () => {
    const folder = inodeOf(dist);
    const original = readFileSync(path.join(site.contentDir, 'locations/orange.md'), 'utf8');
    site.edit('locations/orange.md', (text) => text.replace(/^region: .*$/m, 'region: [unclosed'));
    await expect(site.build('dist')).rejects.toThrow(/orange\.md/);
    expect(inodeOf(dist)).toBe(folder);
    site.edit('locations/orange.md', () => original.replace(/^intro: .*$/m, 'intro: Orange is a regional city with a busy commercial centre, wineries and a base hospital.'));
    await site.build('dist');
    expect(page('locations/orange/index.html')('main').text()).toContain('wineries and a base hospital');
    await expectSameAsColdBuild();
  });

  it('a page missing from the output is written again', async () => {
    rmSync(path.join(dist, 'contact/index.html'));
    const summary = await site.build('dist');
    expect(summary.upToDate).toBeFalsy();
    expect(existsSync(path.join(dist, 'contact/index.html'))).toBe(true);
    await expectSameAsColdBuild();
  });

  it('deleting the cache is safe: the next build renders everything again', async () => {
    const pages = path.join(site.cacheDir, 'pages', `${hashText(dist)}.json`);
    const content = path.join(site.cacheDir, 'content', `${hashText(`${site.contentDir}\n${PROJECT_ROOT}`)}.v8`);
    // Both are there to delete: a name that no longer matches the cache's would make this test prove nothing.
    expect([existsSync(pages), existsSync(content)]).toEqual([true, true]);
    rmSync(pages);
    rmSync(content);
    const summary = await site.build('dist');
    expect(summary.rendered).toBe(summary.pages);
    await expectSameAsColdBuild();
  });

  it('a template change re-renders every page', async () => {
    // A private copy of the templates.
    const templates = copyRealSite({ folders: ['templates'], prefix: 'cleansite-perf-templates-' });
    try {
      const { templatesDir } = templates;
      await site.build('dist', { templatesDir });
      templates.edit('templates/layout/site-footer.tsx', (text) => text.replace('>About Us</h2>', '>About Riverbright</h2>'));
      const summary = await site.build('dist', { templatesDir });
      expect(summary.rendered).toBe(summary.pages);
      expect(page('about/index.html')('#footer-about').text()).toBe('About Riverbright');
      await expectSameAsColdBuild({ templatesDir });
    } finally {
      templates.remove();
    }
    // Back to the project's templates: every test leaves dist/ the build of the site as the others expect it, in any order.
    await site.build('dist');
  });
});
