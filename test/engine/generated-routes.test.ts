/**
 * Generated routes on the bookshop fixture: its news is listed six to a
 * page, has a page per tag and an index of tags, and Atom and JSON feeds;
 * drafts and scheduled posts are left out of all of them. Its events are a
 * data file (a list in content/events.yaml), on the home page, with strict dates. Built for real
 * (in-process build()) from posts written into a scratch copy of the site,
 * and read back with cheerio, a real feed parser (feedsmith) and xmllint.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturesDir, makeTempDir } from '../support/fixture-site.ts';
import { buildSite } from '../support/site-build.ts';
import { serveSite } from '../support/site-server.ts';
import { expectWellFormedXml } from '../support/xml-well-formed.ts';

const scratch = makeTempDir('cleansite-generated-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let sites = 0;
/** A copy of the bookshop whose news is exactly `posts` (file name -> front-matter lines and body). */
function bookshopWith(posts: Record<string, string>): string {
  const site = path.join(scratch, `site-${++sites}`);
  cpSync(path.join(fixturesDir, 'bookshop-site'), site, { recursive: true });
  rmSync(path.join(site, 'content', 'news'), { recursive: true });
  mkdirSync(path.join(site, 'content', 'news'));
  for (const [name, text] of Object.entries(posts)) writeFileSync(path.join(site, 'content', 'news', `${name}.md`), text);
  return site;
}

const post = (title: string, date: string, extra = '', body = 'A post.') =>
  `---\ntitle: "${title.replace(/["\\]/g, '\\$&')}"\ndate: ${date}\nsummary: About ${title.replace(/[:"#]/g, '')}.\n${extra}---\n${body}\n`;

/** `count` posts, one a day from 1 October 2026, tagged `Every` and `Odd` or `Even`. */
function numberedPosts(count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => {
    const day = `2026-10-${String(index + 1).padStart(2, '0')}`;
    return [`post-${index + 1}`, post(`Post ${index + 1}`, day, `tags: [Every, ${index % 2 === 0 ? 'Odd' : 'Even'}]\n`)];
  }));
}

// 1 November 2026, 00:00 UTC: the 1st in the bookshop's London and in the build date (Queensland, 10:00).
const NOVEMBER_FIRST = Date.UTC(2026, 10, 1) / 1000;
const build = (site: string, epoch = NOVEMBER_FIRST) => buildSite({ rootDir: site, outDir: path.join(site, 'dist'), sourceDateEpoch: epoch });
const page = (out: string, file: string) => load(readFileSync(path.join(out, file), 'utf8'));
const listed = (out: string, file: string) => page(out, file)('ul.posts a').map((_, link) => page(out, file)(link).text()).get();
const sitemapUrls = (out: string) => [...readFileSync(path.join(out, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

describe('pagination: six posts a page at /news, /news/page/2, ...', () => {
  it.each([
    [0, [0]],
    [1, [1]],
    [6, [6]],
    [7, [6, 1]],
    [13, [6, 6, 1]],
  ])('%i posts make pages of %j posts', async (count, perPage) => {
    const site = bookshopWith(numberedPosts(count));
    const { dir: out } = await build(site);
    const files = perPage.map((_, index) => (index === 0 ? 'news/index.html' : `news/page/${index + 1}/index.html`));
    expect(files.map((file) => listed(out, file).length)).toEqual(perPage);
    expect(existsSync(path.join(out, 'news', 'page', String(perPage.length + 1)))).toBe(false);
    // Newest first, across the pages.
    if (count > 0) expect(listed(out, 'news/index.html')[0]).toBe(`Post ${count}`);
    files.forEach((file, index) => {
      const $ = page(out, file);
      expect($('.page-number').text()).toBe(`Page ${index + 1} of ${perPage.length}`);
      expect($('link[rel="prev"]').attr('href')).toBe(index === 0 ? undefined : index === 1 ? '/news/' : `/news/page/${index}/`);
      expect($('link[rel="next"]').attr('href')).toBe(index === perPage.length - 1 ? undefined : `/news/page/${index + 2}/`);
    });
    const urls = sitemapUrls(out);
    expect(urls.filter((url) => url.includes('/news/page/'))).toEqual(files.slice(1).map((file) => `https://books.example.org/${file.replace('index.html', '')}`));
    expect(urls.some((url) => /feed\.(xml|json)/.test(url))).toBe(false);
  });
});

describe('a page per tag and an index of tags', () => {
  it('lists each tag with its posts, links each post to its tags, and drops a tag whose one post is removed', async () => {
    const site = bookshopWith({
      ...numberedPosts(3),
      lonely: post('A Lonely Post', '2026-10-20', 'tags: [Rare Finds, Every]\n'),
    });
    const { dir: out } = await build(site);
    expect(listed(out, 'news/tags/every/index.html')).toEqual(['A Lonely Post', 'Post 3', 'Post 2', 'Post 1']);
    expect(listed(out, 'news/tags/rare-finds/index.html')).toEqual(['A Lonely Post']);
    const index = page(out, 'news/tags/index.html');
    expect(index('ul.tags li').map((_, item) => index(item).text()).get()).toEqual(['Even (1)', 'Every (4)', 'Odd (2)', 'Rare Finds (1)']);
    const lonely = page(out, 'news/lonely/index.html');
    expect(lonely('.post-tags a').map((_, link) => lonely(link).attr('href')).get()).toEqual(['/news/tags/rare-finds/', '/news/tags/every/']);

    unlinkSync(path.join(site, 'content', 'news', 'lonely.md'));
    await build(site);
    expect(existsSync(path.join(out, 'news', 'tags', 'rare-finds'))).toBe(false);
    expect(sitemapUrls(out)).not.toContain('https://books.example.org/news/tags/rare-finds/');
    const after = page(out, 'news/tags/index.html');
    expect(after('ul.tags li').map((_, item) => after(item).text()).get()).toEqual(['Even (1)', 'Every (3)', 'Odd (2)']);
  });
});

const PAYLOADS = {
  title: 'Tom & Jerry </title><script>alert(1)</script> ]]> <!-- x',
  body: 'Text with <script>alert("body")</script> and a [link](/about) & an ampersand.\n\n<![CDATA[ ]]>',
  tag: 'Quotes " and \' <b>bold</b>',
};

describe('Atom and JSON feeds', () => {
  it('are read by a real feed parser, well-formed, absolute, dated in the site\'s time zone, with content escaped', async () => {
    const site = bookshopWith({
      ...numberedPosts(2),
      nasty: post(PAYLOADS.title, '2026-10-25', `tags: ["${PAYLOADS.tag.replace(/"/g, '\\"')}"]\n`, PAYLOADS.body),
    });
    const { dir: out } = await build(site);
    const xml = readFileSync(path.join(out, 'news', 'feed.xml'), 'utf8');
    expectWellFormedXml({ file: path.join(out, 'news', 'feed.xml') });
    expect(xml).not.toMatch(/<script/i);

    const atom = parseAtomFeed(xml);
    expect(atom.title).toMatchObject({ value: 'Marlowe Street Books: News' });
    expect(atom.links?.find((link) => link.rel === 'self')?.href).toBe('https://books.example.org/news/feed.xml');
    expect(atom.entries?.map((entry) => entry.title)).toEqual([{ value: PAYLOADS.title, type: 'text' }, { value: 'Post 2', type: 'text' }, { value: 'Post 1', type: 'text' }]);
    const nasty = atom.entries![0]!;
    expect(nasty.id).toBe('https://books.example.org/news/nasty/');
    expect(nasty.published).toBe('2026-10-25T00:00:00+00:00');
    expect(nasty.categories?.map((category) => category.term)).toEqual([PAYLOADS.tag]);
    // The body's raw HTML was escaped by the Markdown renderer; the feed carries that HTML as text.
    expect(nasty.content?.value).toContain('&lt;script&gt;alert(“body”)&lt;/script&gt;');
    expect(nasty.content?.value).toContain('<a href="/about/">link</a>');

    const json = parseJsonFeed(JSON.parse(readFileSync(path.join(out, 'news', 'feed.json'), 'utf8')));
    expect(json.feed_url).toBe('https://books.example.org/news/feed.json');
    expect(json.items?.map((item) => item.title)).toEqual([PAYLOADS.title, 'Post 2', 'Post 1']);
    expect(json.items?.[0]).toMatchObject({ url: 'https://books.example.org/news/nasty/', date_published: '2026-10-25T00:00:00+00:00', tags: [PAYLOADS.tag] });

    // Served as the preview server (and deploy, by the same rule) types them: by extension, as UTF-8 text.
    const server = await serveSite(out);
    try {
      const types = await Promise.all(['/news/feed.xml', '/news/feed.json', '/news/'].map(async (url) => (await fetch(server.origin + url)).headers.get('content-type')));
      expect(types).toEqual(['application/xml; charset=utf-8', 'application/json; charset=utf-8', 'text/html; charset=utf-8']);
      expect((await fetch(`${server.origin}/news/feed.xml/`)).status).toBe(404);
    } finally {
      await server.close();
    }

    // Linked from the news pages.
    const listing = page(out, 'news/index.html');
    expect(listing('link[rel="alternate"]').map((_, link) => `${listing(link).attr('type')} ${listing(link).attr('href')}`).get())
      .toEqual(['application/atom+xml /news/feed.xml', 'application/feed+json /news/feed.json']);
  });
});

describe('drafts and scheduled posts', () => {
  const posts = {
    ...numberedPosts(2),
    hidden: post('Hidden Draft', '2026-10-20', 'tags: [Secret]\ndraft: true\n'),
    later: post('Coming Later', '2026-12-01', 'tags: [Every]\npublishDate: 2026-12-01\n'),
  };

  it('leave a draft and a post scheduled after the build date out of pages, listings, tags, feeds and the sitemap, and say so', async () => {
    const site = bookshopWith(posts);
    const { dir: out, summary } = await build(site);
    expect(existsSync(path.join(out, 'news', 'hidden'))).toBe(false);
    expect(existsSync(path.join(out, 'news', 'later'))).toBe(false);
    expect(existsSync(path.join(out, 'news', 'tags', 'secret'))).toBe(false);
    expect(listed(out, 'news/index.html')).toEqual(['Post 2', 'Post 1']);
    expect(listed(out, 'news/tags/every/index.html')).toEqual(['Post 2', 'Post 1']);
    for (const feed of ['feed.xml', 'feed.json']) expect(readFileSync(path.join(out, 'news', feed), 'utf8')).not.toMatch(/Hidden Draft|Coming Later/);
    expect(sitemapUrls(out).filter((url) => /hidden|later|secret/.test(url))).toEqual([]);
    expect(summary.leftOut?.map(({ file, reason }) => `${path.basename(file)} ${reason}`).sort()).toEqual(['hidden.md draft', 'later.md scheduled']);
  });

  it('publishes the scheduled post on its day (SOURCE_DATE_EPOCH), and never the draft', async () => {
    const site = bookshopWith(posts);
    const { dir: out, summary } = await build(site, Date.UTC(2026, 11, 1, 1) / 1000);
    expect(listed(out, 'news/index.html')).toEqual(['Coming Later', 'Post 2', 'Post 1']);
    expect(readFileSync(path.join(out, 'news', 'feed.xml'), 'utf8')).toContain('Coming Later');
    expect(existsSync(path.join(out, 'news', 'hidden'))).toBe(false);
    expect(summary.leftOut?.map((entry) => entry.reason)).toEqual(['draft']);
  });
});

describe('a data file: the events listed in content/events.yaml', () => {
  it('puts each entry of the list on the home page, in the file\'s order', async () => {
    const { dir: out } = await build(bookshopWith(numberedPosts(1)));
    const home = page(out, 'index.html');
    expect(home('ul.events li').map((_, item) => home(item).text()).get()).toEqual([
      '2026-11-20 Poetry by candlelight, with Ada Finch',
      '2026-12-04 Signing: The Long Tide',
      '2026-12-12 Winter stories for children, with Sam Okoro',
    ]);
    expect(home('ul.events time').map((_, time) => home(time).attr('datetime')).get()).toEqual(['2026-11-20', '2026-12-04', '2026-12-12']);
  });

  it('reports a day that does not exist, and one written day-first, at the data file\'s lines', async () => {
    const site = bookshopWith(numberedPosts(1));
    const file = path.join(site, 'content', 'events.yaml');
    const events = readFileSync(file, 'utf8');
    expect(events.split('\n')[5]).toBe('  date: 2026-12-04');
    writeFileSync(file, events.replace('date: 2026-12-04', 'date: 2026-02-30').replace('date: 2026-12-12', 'date: 12/12/2026'));
    const failure = await build(site).then(() => new Error('built'), (error: Error) => error);
    expect(failure.message).toMatch(/content\/events\.yaml:6: date: "2026-02-30" is not a date: February 2026 has 28 days/);
    expect(failure.message).toMatch(/content\/events\.yaml:8: date: "12\/12\/2026" must be a date written YYYY-MM-DD/);
  });
});

describe('a news post\'s date is strict', () => {
  it('is an error at its line, not a day rolled over into the next month', async () => {
    const site = bookshopWith({ rolled: post('Rolled Over', '2026-09-31') });
    await expect(build(site)).rejects.toThrow(/content\/news\/rolled\.md:3: date: "2026-09-31" is not a date: September 2026 has 30 days/);
  });
});

describe('what route functions return is checked', () => {
  const withConfig = (edit: (config: string) => string) => {
    const site = bookshopWith(numberedPosts(1));
    const file = path.join(site, 'templates', 'news.ts');
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    return site;
  };

  it('names the collection, the file and the field of a page without a title', async () => {
    const site = withConfig((text) => text.replace("...page(post.title, post.summary,", "...page(undefined as unknown as string, post.summary,"));
    await expect(build(site)).rejects.toThrow(/content\/news\/post-1\.md: collections\.news\.routes\.pages gave the entry's page a "title" field that is missing/);
  });

  it('names the route of a generated page with a bad path, and a text template that returns markup', async () => {
    const badPath = withConfig((text) => text.replace('path: term.path,', "path: term.path + '/',"));
    await expect(build(badPath)).rejects.toThrow(/site\.config\.ts: collections\.news\.routes\.generate gave \/news\/tags\/every\/ a path that is not a site path/);
    const markup = withConfig((text) => text.replace("template: 'json-feed'", "template: 'news'"));
    await expect(build(markup)).rejects.toThrow(/\/news\/feed\.json is a \.json file, but its template "news" returned markup, not text/);
  });

  it('reports two routes at one path with both sources', async () => {
    const site = withConfig((text) => text.replace('{ path: `${NEWS.base}/feed.json`', '{ path: `${NEWS.base}/feed.xml`'));
    await expect(build(site)).rejects.toThrow(/\/news\/feed\.xml is produced by two files/);
    const overNotFound = withConfig((text) => text.replace('{ path: `${NEWS.base}/feed.json`', "{ path: '/404.html'"));
    await expect(build(overNotFound)).rejects.toThrow(/\/404\.html and \/404 both write 404\.html: site\.config\.ts and content\/shop\.md/);
  });
});

describe('docs/site-config.md', () => {
  it('shows the fixture\'s own declaration and feed template, as tested here', () => {
    const docs = readFileSync(path.join(fixturesDir, '..', '..', 'docs', 'site-config.md'), 'utf8');
    const news = readFileSync(path.join(fixturesDir, 'bookshop-site', 'templates', 'news.ts'), 'utf8');
    const line = news.split('\n').find((text) => text.startsWith('export const atomTemplate'))!;
    expect(docs).toContain(line.replace('`${NEWS.base}/feed.xml`', "'/news/feed.xml'"));
    for (const call of ["paginate(sorted.map(linkOf), { base: '/news', size: 6 })", "taxonomy(sorted, { base: '/news/tags', termsOf: (post) => post.tags })"]) {
      expect(docs).toContain(call);
      expect(news).toContain(call.replace("'/news'", 'NEWS.base').replace("'/news/tags'", 'NEWS.tags').replace('size: 6', 'size: NEWS.pageSize'));
    }
    const events = "events: defineCollection({ files: 'events.yaml', schema: eventSchema, body: 'none' })";
    expect(docs).toContain(events);
    expect(readFileSync(path.join(fixturesDir, 'bookshop-site', 'templates', 'site.config.ts'), 'utf8')).toContain(events);
  });
});

describe('images in Markdown bodies', () => {
  it('get the image pipeline\'s formats, srcset, width and height, and load lazily', async () => {
    const site = bookshopWith({ shelf: post('A Shelf', '2026-10-03', '', 'Before.\n\n![Books on a "shelf" & more](/images/shelves.jpg "The shelf")\n\nAfter.') });
    cpSync(path.join(fixturesDir, 'bookshop-site', 'public'), path.join(site, 'public'), { recursive: true });
    const { dir: out } = await build(site);
    const $ = page(out, 'news/shelf/index.html');
    const picture = $('main picture');
    expect(picture).toHaveLength(1);
    expect(picture.find('source').map((_, source) => $(source).attr('type')).get()).toEqual(['image/avif', 'image/webp']);
    const img = picture.find('img');
    expect(img.attr('alt')).toBe('Books on a "shelf" & more');
    expect(img.attr('title')).toBe('The shelf');
    expect(Number(img.attr('width'))).toBeGreaterThan(0);
    expect(Number(img.attr('height'))).toBeGreaterThan(0);
    expect(img.attr('loading')).toBe('lazy');
    expect(img.attr('src')).toMatch(/^\/assets\/img\/shelves-\d+\.[0-9a-f]+\.jpg$/);
    expect(img.attr('srcset')).toMatch(/\/assets\/img\/shelves-\d+\.[0-9a-f]+\.jpg \d+w/);
    for (const file of [img.attr('src')!, ...picture.find('source').map((_, source) => $(source).attr('srcset')!.split(', ').map((part) => part.split(' ')[0]!)).get()]) {
      expect(existsSync(path.join(out, file)), file).toBe(true);
    }
    expect($('main img:not(picture img)')).toHaveLength(0);
  });

  it('name the file and line of an image that is not in public/', async () => {
    const site = bookshopWith({ broken: post('Broken', '2026-10-04', '', 'Line one.\n\n![Gone](/images/gone.jpg)') });
    await expect(build(site)).rejects.toThrow(/content\/news\/broken\.md:8: .*\/images\/gone\.jpg/);
  });
});

