/**
 * Data files through a real build: the bookshop (test/fixtures/bookshop-site)
 * with its books collection widened to YAML and JSON files. Entries from a
 * list in one YAML file and from a JSON file get their pages like Markdown
 * ones, and a problem in a list item fails the build at its file and line.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFixture, fixturesDir, makeTempDir, removeSite } from '../support/fixture-site.ts';

let sites: string[] = [];
afterEach(() => {
  for (const site of sites) removeSite(site);
  sites = [];
});

/** The bookshop, its books collection reading `books/*.{md,yaml,json}` (data files have no body, so the body is optional). */
function bookshopWithDataFiles(): string {
  const site = makeTempDir('cleansite-data-files-');
  sites.push(site);
  cpSync(path.join(fixturesDir, 'bookshop-site'), site, { recursive: true });
  const config = path.join(site, 'templates', 'site.config.ts');
  const declared = "files: 'books/*.md', schema: bookSchema, body: 'required'";
  const text = readFileSync(config, 'utf8');
  expect(text).toContain(declared);
  writeFileSync(config, text.replace(declared, "files: 'books/*.{md,yaml,json}', schema: bookSchema, body: 'markdown'"));
  return site;
}

const LIST = '# Two books in one file\n- title: Salt Roads\n  author: Mira Okafor\n  pricePence: 1099\n  description: A history of salt.\n\n- title: Night Ferries\n  author: Tom Hale\n  pricePence: 799\n  description: Crossings after dark.\n';

describe('data files in a build', () => {
  it('a YAML list and a JSON file become pages like Markdown entries', () => {
    const site = bookshopWithDataFiles();
    writeFileSync(path.join(site, 'content', 'books', 'more.yaml'), LIST);
    writeFileSync(path.join(site, 'content', 'books', 'atlas.json'), '{ "title": "Atlas of Rain", "author": "Lu Chen", "pricePence": 1250, "description": "Maps of weather." }\n');
    const result = buildFixture(site);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    for (const [slug, title] of [['salt-roads', 'Salt Roads'], ['night-ferries', 'Night Ferries'], ['atlas-of-rain', 'Atlas of Rain'], ['paper-cities', 'Paper Cities']] as const) {
      expect(load(readFileSync(path.join(site, 'dist', 'books', slug, 'index.html'), 'utf8'))('h1').text()).toBe(title);
    }
  });

  it('a problem in a list item fails the build at its file and line', () => {
    const site = bookshopWithDataFiles();
    writeFileSync(path.join(site, 'content', 'books', 'more.yaml'), LIST.replace('  pricePence: 799', '  pricePence: free').replace('  author: Mira Okafor', '  auther: Mira Okafor'));
    const result = buildFixture(site);
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('error: '))).toEqual([
      'error: content/books/more.yaml:2: author: is required (expected string)',
      'error: content/books/more.yaml:3: unknown field "auther" (did you mean "author"?)',
      'error: content/books/more.yaml:9: pricePence: expected number, received string "free"',
    ]);
  });
});
