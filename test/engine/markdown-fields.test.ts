/**
 * Markdown in front-matter is a collection's declaration, not an engine
 * convention: the bookshop's books declare `markdown: { 'reviews[].text':
 * 'html' }` and get each review rendered, checked and reported with its
 * file line; its pages declare nothing, so their `sections[].body` is
 * printed as written. Before, the engine rendered (and link-checked)
 * `sections[].body` of every collection and nothing else.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, describe, expect, it } from 'vitest';
import { hashText } from '../../src/core/hash-text.ts';
import { buildFixture, fixturesDir, repoRoot } from '../support/fixture-site.ts';

const sites: string[] = [];
afterAll(() => {
  for (const site of sites) rmSync(site, { recursive: true, force: true });
});

const read = (file: string) => readFileSync(file, 'utf8');
const errorLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('error: '));

/** A throwaway copy of the bookshop, as a user's project (its cache, when used, lives in it). */
function bookshop(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cleansite-bookshop-'));
  sites.push(dir);
  cpSync(path.join(fixturesDir, 'bookshop-site'), dir, { recursive: true });
  return dir;
}

function edit(site: string, relative: string, from: string, to: string): void {
  const file = path.join(site, relative);
  const text = read(file);
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

const BOOK = 'content/books/the-long-tide.md';
const CONFIG = 'templates/site.config.ts';
const DECLARATION = "markdown: { 'reviews[].text': 'html' },";

/** The bookshop as committed, built once for the tests that only read its output (whichever runs first builds it). */
let committed: { site: string; built: ReturnType<typeof buildFixture> } | undefined;
function committedBookshop(): { site: string; built: ReturnType<typeof buildFixture> } {
  if (!committed) {
    const site = bookshop();
    committed = { site, built: buildFixture(site) };
  }
  return committed;
}

describe('a collection that declares a Markdown field', () => {
  it('gets that field of each list item rendered beside it, site links given their trailing slash and raw HTML escaped', () => {
    const { site, built } = committedBookshop();
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    const $ = load(read(path.join(site, 'dist', 'books', 'the-long-tide', 'index.html')));
    const reviews = $('blockquote.review');
    expect(reviews.length).toBe(2);
    expect(reviews.eq(0).find('div em').text()).toBe('Salt on every page.');
    expect(reviews.eq(0).find('div p').length).toBe(2);
    expect(reviews.eq(0).find('div a').attr('href')).toBe('/books/paper-cities/');
    expect(reviews.eq(1).find('div p').text()).toBe('Five stars, <b>no question</b>.');
    expect(reviews.eq(1).find('b').length).toBe(0);
    expect(reviews.eq(1).find('cite').text()).toBe('A reader in Penzance');
  });

  it('reports a broken site link inside the field with the file and the line it is written on', () => {
    const copy = bookshop();
    edit(copy, BOOK, '(/books/paper-cities)', '(/books/salt-roads)');
    const result = buildFixture(copy);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual([`error: ${BOOK}:11: links to /books/salt-roads, which is not a page of this site or a file in public/`]);
  });

  it('reports Markdown nested too deep inside the field with its line', () => {
    const copy = bookshop();
    edit(copy, BOOK, 'text: Five stars, <b>no question</b>.', `text: "${'> '.repeat(60)}deep"`);
    const result = buildFixture(copy);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      `error: ${BOOK}:13: the Markdown is nested more than 50 levels deep (blockquotes and lists); deeper text would be dropped`,
    ]);
  });
});

describe('a collection that declares no Markdown field', () => {
  it('gets its fields as written: sections[].body is printed as escaped text, and its links are not checked', () => {
    // The link to /blog has no route: when the engine rendered every collection's sections, this build failed.
    const { site, built: result } = committedBookshop();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const $ = load(read(path.join(site, 'dist', 'about', 'index.html')));
    const note = $('section.note');
    expect(note.find('h2').text()).toBe('Opening hours');
    expect(note.find('p').text()).toBe('**Late** on Thursdays: see [our blog](/blog) <i>soon</i>.');
    expect(note.find('strong, a, i').length).toBe(0);
  });
});

describe('a changed declaration with the content cache on', () => {
  it('renders the field again, or stops rendering it, though no content file changed', () => {
    const site = bookshop();
    const page = () => load(read(path.join(site, 'dist', 'books', 'the-long-tide', 'index.html')))('blockquote.review').first();

    const first = buildFixture(site);
    expect(first.status, first.stderr).toBe(0);
    // The engine's cache folder (beside its node_modules), one content cache file per project.
    expect(existsSync(path.join(repoRoot, '.cache', 'content', `${hashText(`${path.join(site, 'content')}\n${site}`)}.v8`))).toBe(true);
    expect(page().find('div em').text()).toBe('Salt on every page.');

    edit(site, CONFIG, DECLARATION, '');
    const undeclared = buildFixture(site);
    expect(undeclared.status, undeclared.stderr).toBe(0);
    expect(page().find('div').html()).toBe('');

    edit(site, CONFIG, "body: 'required',", `body: 'required', ${DECLARATION}`);
    const again = buildFixture(site);
    expect(again.status, again.stderr).toBe(0);
    expect(page().find('div em').text()).toBe('Salt on every page.');
  });
});

describe('a malformed declaration', () => {
  it('stops the build with one CONFIG_INVALID line naming collections.<name>.markdown', () => {
    const site = bookshop();
    edit(site, CONFIG, DECLARATION, "markdown: { 'reviews[]text': 'html' },");
    const result = buildFixture(site);
    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      'error: templates/site.config.ts: collections.books.markdown: "reviews[]text" is not a field path: write field, parent.field or list[].field',
    ]);
  });
});
