/**
 * The content model belongs to the site (its templates/site.config.ts), not
 * to the engine: a site that is not a cleaning business builds from its own
 * declaration, and a new routed collection is one declaration plus its
 * template, with errors as precise as the built-in collections'.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFixture, fixturesDir, makeFixtureSite, repoRoot } from '../support/fixture-site.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'cleansite-model-'));
const sites: string[] = [];
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  for (const site of sites) rmSync(site, { recursive: true, force: true });
});

const read = (file: string) => readFileSync(file, 'utf8');
const errorLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('error: '));
// 20:00 UTC on 18 November: already 19 November in Queensland (UTC+10), still the 18th in London (UTC+0).
const EVENING_UTC = String(Date.UTC(2026, 10, 18, 20) / 1000);

describe('a second site, a bookshop, with its own content model', () => {
  const out = path.join(scratch, 'bookshop');
  const built = buildFixture(path.join(fixturesDir, 'bookshop-site'), [], out, { SOURCE_DATE_EPOCH: EVENING_UTC });

  it('builds one page per book from its own collections, routes and templates', () => {
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    const $ = load(read(path.join(out, 'books', 'the-long-tide', 'index.html')));
    expect($('html').attr('lang')).toBe('en-GB');
    expect($('title').text()).toBe('The Long Tide by Ada Penhallow');
    expect($('h1').text()).toBe('The Long Tide');
    expect($('.price').text()).toBe('£12.99');
    expect($('nav a').map((_, link) => $(link).attr('href')).get()).toEqual(['/', '/about/', '/books/the-long-tide/', '/news/']);
    const home = load(read(path.join(out, 'index.html')));
    expect(home('.books a').map((_, link) => home(link).attr('href')).get()).toEqual(['/books/paper-cities/', '/books/the-long-tide/']);
    expect(existsSync(path.join(out, '404.html'))).toBe(true);
  });

  it('writes sitemap.xml from its routes and its base URL, and dates pages in its own time zone', () => {
    const sitemap = read(path.join(out, 'sitemap.xml'));
    expect(sitemap).toContain('<loc>https://books.example.org/books/paper-cities/</loc>');
    expect(sitemap).not.toContain('404');
    // The bookshop keeps UTC+0: the same moment is the 18th there and the 19th in the cleaning site's Queensland.
    expect(load(read(path.join(out, 'about', 'index.html')))('footer').text()).toBe('Prices as of 2026-11-18');
  });

  it('reports a book that breaks its schema with file, line and field', () => {
    const site = copyOf('bookshop-site');
    writeFileSync(path.join(site, 'content', 'books', 'torn.md'), '---\ntitle: Torn Pages\nauthor: Anon\npricePence: free\ndescription: A mystery.\n---\nText.\n');
    const result = buildFixture(site, [], path.join(scratch, 'torn'));
    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual(['error: content/books/torn.md:4: pricePence: expected number, received string "free"']);
  });
});

describe('adding a routed collection to a site', () => {
  it('takes one declaration in site.config.ts and one template, and builds, routes and lists its pages', () => {
    const site = caseStudySite();
    const result = buildFixture(site, [], path.join(scratch, 'case-studies'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const page = load(read(path.join(scratch, 'case-studies', 'case-studies', 'hospital-wing', 'index.html')));
    expect(page('body').attr('data-template')).toBe('case-study');
    expect(page('h1').text()).toBe('A hospital wing, cleaned overnight');
    expect(page('.body').text()).toContain('forty beds');
    const sitemap = read(path.join(scratch, 'case-studies', 'sitemap.xml'));
    expect(sitemap).toContain('/case-studies/hospital-wing/</loc>');
    // The collection's entries reach every template through the content, typed by the site.
    expect(existsSync(path.join(scratch, 'case-studies', 'services', 'office-cleaning', 'index.html'))).toBe(true);
  });

  it('reports an entry of the new collection with file, line, field and the site\'s own message', () => {
    const site = caseStudySite();
    writeFileSync(path.join(site, 'content', 'case-studies', 'no-client.md'), '---\ntitle: A school term\nclient: ""\ndescription: Fifty classrooms ready for the first day of a new term.\n---\nText.\n');
    const result = buildFixture(site, [], path.join(scratch, 'no-client'));
    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual(['error: content/case-studies/no-client.md:3: client: must not be empty']);
  });

  it('reports Markdown in a folder no collection claims (a collection renamed in the config) instead of dropping it', () => {
    const site = caseStudySite();
    const config = path.join(site, 'templates', 'site.config.ts');
    writeFileSync(config, read(config).replace("files: 'case-studies/*.md'", "files: 'case-study/*.md'"));
    const result = buildFixture(site, [], path.join(scratch, 'renamed'));
    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      "error: content/case-studies/hospital-wing.md: no collection holds the files in case-studies/: the site config (site.config.ts) declares none with files: 'case-studies/...'",
    ]);
  });

  it('reports a route rule that leaves out a page field, naming the collection, the entry\'s file and the field', () => {
    const site = caseStudySite();
    const config = path.join(site, 'templates', 'site.config.ts');
    writeFileSync(config, read(config).replace("updated: (content as { site: { updated: Date } }).site.updated, ", ''));
    const result = buildFixture(site, [], path.join(scratch, 'no-updated'));
    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      `error: content/case-studies/hospital-wing.md: collections.caseStudies.routes.pages gave the entry's page a "updated" field that is missing`,
    ]);
  });

  it('refuses a declaration the engine cannot use, naming the config and the field', () => {
    const site = caseStudySite();
    const config = path.join(site, 'templates', 'site.config.ts');
    writeFileSync(config, read(config).replace("files: 'case-studies/*.md'", "files: 'case-studies'"));
    const result = buildFixture(site, [], path.join(scratch, 'bad-config'));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/error: templates\/site\.config\.ts: collections\.caseStudies\.files: must be a folder's Markdown files/);
  });
});

/** A throwaway copy of a fixture site, as a user's project. */
function copyOf(fixture: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `cleansite-${fixture}-`));
  sites.push(dir);
  cpSync(path.join(fixturesDir, fixture), dir, { recursive: true });
  return dir;
}

/** basic-site with case studies added: the real site's declaration extended by one collection, and its template. */
function caseStudySite(): string {
  const site = makeFixtureSite();
  sites.push(site);
  const templates = path.join(site, 'templates');
  unlinkSync(path.join(templates, 'site.config.ts'));
  writeFileSync(path.join(templates, 'site.config.ts'), `
import { defineCollection, defineSite, z } from 'cleansite';
import base from ${JSON.stringify(path.join(repoRoot, 'templates', 'site.config.ts'))};

const caseStudy = z.strictObject({
  title: z.string().trim().min(1, 'must not be empty'),
  client: z.string().trim().min(1, 'must not be empty'),
  description: z.string().min(20),
});

export default defineSite({
  ...base,
  collections: {
    ...base.collections,
    caseStudies: defineCollection({
      files: 'case-studies/*.md',
      schema: caseStudy,
      body: 'markdown',
      routes: {
        slug: 'file',
        base: '/case-studies',
        pages: (entries, { content }) => entries.map((study) => ({
          template: 'case-study', title: study.title, navLabel: study.title, seoTitle: study.title,
          description: study.description, keywords: [study.client], sitemapGroup: 'resources',
          updated: (content as { site: { updated: Date } }).site.updated, image: { src: '/images/pixel.png', alt: '' },
        })),
      },
    }),
  },
});
`);
  const index = path.join(templates, 'index.tsx');
  writeFileSync(index, read(index).replace("'not-found': Generic,", "'not-found': Generic, 'case-study': Generic,"));
  mkdirSync(path.join(site, 'content', 'case-studies'));
  writeFileSync(path.join(site, 'content', 'case-studies', 'hospital-wing.md'),
    '---\ntitle: A hospital wing, cleaned overnight\nclient: Riverside Private Hospital\ndescription: Terminal cleaning of a forty-bed wing between two shifts.\n---\nWe cleaned forty beds between 10 pm and 6 am.\n');
  return site;
}
