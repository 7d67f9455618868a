/**
 * The Guides section of the real site, built from content/guides: six a
 * page, a page per topic, Atom and JSON feeds a real parser reads,
 * BlogPosting data, the menus, and the draft and the scheduled guide left
 * out everywhere. A second build with a hostile guide shows the JSON-LD
 * and the feeds hold against injection.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { afterAll, describe, expect, it } from 'vitest';
import { copyRealSite, type RealSiteCopy } from '../support/real-site.ts';
import { buildSite } from '../support/site-build.ts';
import { expectWellFormedXml } from '../support/xml-well-formed.ts';
import { GUIDE_ARTICLES, GUIDE_TOPICS } from './support/spec.ts';
import { useBuiltPages } from './support/built-pages.ts';

const built = useBuiltPages();
const hrefs = ($: ReturnType<typeof load>, selector: string) => $(selector).map((_, element) => $(element).attr('href')).get();
const feedFile = (name: string) => readFileSync(path.join(built.site.dir, 'guides', name), 'utf8');

describe('the Guides listing', () => {
  it('shows the 13 published guides six a page, newest first, with page numbers and prev/next links', () => {
    const pages = ['/guides/', '/guides/page/2/', '/guides/page/3/'].map((url) => built.page(url));
    expect(pages.map(($) => $('.guide-card').length)).toEqual([6, 6, 1]);
    const dates = pages.flatMap(($) => $('.guide-card time').map((_, time) => $(time).attr('datetime')).get());
    expect(dates).toEqual([...dates].sort().reverse());
    expect(pages.map(($) => [$('link[rel="prev"]').attr('href'), $('link[rel="next"]').attr('href')])).toEqual([
      [undefined, '/guides/page/2/'], ['/guides/', '/guides/page/3/'], ['/guides/page/2/', undefined],
    ]);
    expect(pages.map(($) => $('.pager__status').text())).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
    const linked = pages.flatMap(($) => hrefs($, '.guide-card__title a'));
    expect(linked.sort()).toEqual(GUIDE_ARTICLES.map((slug) => `/guides/${slug}/`).sort());
  });

  it('has a page per topic, an index of topics, and links each guide to its topics', () => {
    const index = built.page('/guides/topics/');
    expect(hrefs(index, '.topic-index a')).toEqual(GUIDE_TOPICS.map((slug) => `/guides/topics/${slug}/`));
    const safety = built.page('/guides/topics/health-and-safety/');
    expect(safety('h1').text()).toBe('Guides: Health and safety');
    expect(hrefs(safety, '.guide-card__title a')).toContain('/guides/safety-data-sheets-for-cleaning-chemicals/');
    const article = built.page('/guides/cleaning-versus-disinfecting/');
    expect(hrefs(article, 'main .topic-list a').every((href) => /^\/guides\/topics\/[a-z-]+\/$/.test(href))).toBe(true);
    expect(hrefs(article, 'main .topic-list a').length).toBeGreaterThan(0);
  });

  it('is reachable from the Resources part of the Services menu and from the footer', () => {
    const home = built.page('/');
    expect(hrefs(home, 'header [data-dropdown] a')).toContain('/guides/');
    expect(hrefs(home, 'footer a')).toContain('/guides/');
  });

  it('keeps the spec routes of the older resources where they were', () => {
    for (const url of ['/resources/commercial-cleaning-guide/', '/resources/cleaning-checklist/', '/cleaning-guide/']) expect(built.pages.has(url), url).toBe(true);
  });
});

describe('a guide page', () => {
  it('carries BlogPosting data with the guide\'s own headline, dates, image and publisher, and links the feeds', () => {
    const $ = built.page('/guides/writing-a-cleaning-scope-of-work/');
    const nodes = $('script[type="application/ld+json"]').map((_, script) => JSON.parse($(script).html()!)).get() as Array<Record<string, unknown>>;
    const posting = nodes.find((node) => node['@type'] === 'BlogPosting')!;
    expect(posting).toMatchObject({
      headline: $('h1').text(), url: 'https://www.example.com/guides/writing-a-cleaning-scope-of-work/',
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), publisher: { '@type': 'Organization', name: 'Riverbright Commercial Cleaning' },
    });
    expect(String(posting.image)).toMatch(/^https:\/\/www\.example\.com\/assets\/img\//);
    expect(hrefs($, 'link[rel="alternate"]')).toEqual(['/guides/feed.xml', '/guides/feed.json']);
  });
});

describe('the Guides feeds', () => {
  it('are well-formed Atom and JSON Feed that a feed parser reads, with absolute URLs and Queensland dates', () => {
    expectWellFormedXml({ file: path.join(built.site.dir, 'guides', 'feed.xml') });
    const atom = parseAtomFeed(feedFile('feed.xml'));
    expect(atom.entries).toHaveLength(13);
    expect(atom.entries!.every((entry) => /^https:\/\/www\.example\.com\/guides\/[a-z-]+\/$/.test(String(entry.id)))).toBe(true);
    expect(atom.entries!.every((entry) => String(entry.published).endsWith('T00:00:00+10:00'))).toBe(true);
    const json = parseJsonFeed(JSON.parse(feedFile('feed.json')));
    expect(json.items?.map((item) => item.url)).toEqual(atom.entries!.map((entry) => entry.id));
  });

  it('are never in sitemap.xml, which lists every Guides page', () => {
    const sitemap = readFileSync(path.join(built.site.dir, 'sitemap.xml'), 'utf8');
    expect(sitemap).not.toMatch(/feed\.(xml|json)/);
    expect(sitemap).toContain('<loc>https://www.example.com/guides/page/3/</loc>');
    expect(sitemap).toContain('<loc>https://www.example.com/guides/topics/seasonal-care/</loc>');
  });
});

describe('the draft and the scheduled guide', () => {
  it('are left out of the pages, listings, topic pages, feeds and both site maps', () => {
    const everything = [...built.pages.values()].map(($) => $.html()).join('\n') + feedFile('feed.xml') + feedFile('feed.json') + readFileSync(path.join(built.site.dir, 'sitemap.xml'), 'utf8');
    for (const leftOut of ['choosing-greener-cleaning-products', 'Choosing Greener Cleaning Products', 'cyclone-season-checklist', 'A Cyclone Season Checklist']) expect(everything).not.toContain(leftOut);
  });
});

describe('a guide with hostile text', () => {
  let copy: RealSiteCopy | undefined;
  afterAll(() => copy?.remove());

  it('cannot end the JSON-LD script or break the feeds', async () => {
    const title = '</script><script>alert(1)</script> & ]]>';
    copy = copyRealSite({ folders: ['content'], prefix: 'cleansite-guides-', with: {
      'content/guides/colour-coded-cleaning.md': (text) => text.replace(/^title: .*$/m, `title: "${title}"`).replace(/^summary: .*$/m, 'summary: "<b>bold</b> & \\"quoted\\""'),
    } });
    const site = await buildSite({ contentDir: copy.contentDir, outDir: path.join(copy.root, 'dist') });
    const html = readFileSync(path.join(site.dir, 'guides', 'colour-coded-cleaning', 'index.html'), 'utf8');
    const $ = load(html);
    // Every script element is a linked file or JSON-LD: the title opened none of its own.
    expect($('script').filter((_, script) => !$(script).attr('src') && $(script).attr('type') !== 'application/ld+json').length).toBe(0);
    const posting = $('script[type="application/ld+json"]').map((_, script) => JSON.parse($(script).html()!)).get().find((node: { '@type': string }) => node['@type'] === 'BlogPosting');
    expect(posting.headline).toBe(title);
    expect(html).not.toContain('<script>alert(1)');
    expectWellFormedXml({ file: path.join(site.dir, 'guides', 'feed.xml') });
    const atom = parseAtomFeed(readFileSync(path.join(site.dir, 'guides', 'feed.xml'), 'utf8'));
    expect(atom.entries?.find((entry) => String(entry.id).endsWith('/colour-coded-cleaning/'))?.title).toMatchObject({ value: title });
  }, 120_000);
});
