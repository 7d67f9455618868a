/**
 * Gate: what search results show of each page fits. On every built page the
 * <title> has at most 60 characters and the meta description 70 to 160,
 * each unique across the site; and an author who writes a longer one is
 * told at build time, with the file and line, not by this gate.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CleansiteError, CleansiteErrorList } from '../../src/core/errors.ts';
import { parseSourceFile } from '../../src/content/load-content.ts';
import { DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from '../../templates/model/seo-limits.ts';
import { assembleContent } from '../../src/content/assemble-content.ts';
import { validateSource } from '../../src/content/validate-content.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { useBuiltPages } from '../site/support/built-pages.ts';
import { collections, siteRoutes } from '../support/site-config.ts';

const contentDir = path.join(PROJECT_ROOT, 'content');

/** Validates one real content file after `edit`; returns the problems as `file:line: message`. */
function problemsAfterEdit(relative: string, edit: (text: string) => string): string[] {
  const text = readFileSync(path.join(contentDir, relative), 'utf8');
  const edited = edit(text);
  expect(edited).not.toBe(text);
  const errors: CleansiteError[] = [];
  validateSource(parseSourceFile(edited, relative, `content/${relative}`, collections), errors, collections);
  return errors.map((error) => `${error.location?.file}:${error.location?.line}: ${error.message}`);
}

describe('title and description lengths on every built page', () => {
  const built = useBuiltPages();

  it(`keeps every <title> within ${MAX_TITLE_LENGTH} characters and unique`, () => {
    const titles = [...built.pages].map(([url, $]) => ({ url, title: $('head title').text() }));
    // 63 pages of the spec's routes and 23 of the Guides section (test/site/support/spec.ts).
    expect(titles.length).toBe(86);
    expect(titles.filter(({ title }) => title.length > MAX_TITLE_LENGTH || title.trim().length < 10).map(({ url, title }) => `${url} (${title.length}): ${title}`)).toEqual([]);
    expect(new Set(titles.map(({ title }) => title)).size).toBe(titles.length);
  });

  it(`keeps every meta description between ${DESCRIPTION_LENGTH.min} and ${DESCRIPTION_LENGTH.max} characters and unique`, () => {
    const descriptions = [...built.pages].map(([url, $]) => ({ url, description: $('meta[name="description"]').attr('content') ?? '' }));
    const outside = descriptions.filter(({ description }) => description.length < DESCRIPTION_LENGTH.min || description.length > DESCRIPTION_LENGTH.max);
    expect(outside.map(({ url, description }) => `${url} (${description.length})`)).toEqual([]);
    expect(new Set(descriptions.map(({ description }) => description)).size).toBe(descriptions.length);
  });

  it('keeps the brand in titles that have room for it, and shortens it rather than cutting the page name', () => {
    const title = (url: string) => built.page(url)('head title').text();
    expect(title('/locations/west-bathurst/')).toBe('Commercial Cleaning in West Bathurst | Riverbright');
    expect(title('/sitemap/')).toBe('Sitemap | Riverbright Commercial Cleaning');
    for (const [url, $] of built.pages) expect($('head title').text(), url).toMatch(/\| Riverbright( Commercial Cleaning)?$/);
  });
});

describe('length rules at build time', () => {
  it('rejects an over-long description or seoTitle, naming the file and the line', () => {
    const long = 'Commercial cleaning for Cairns hotels, tour operators, medical practices and offices, with mould prevention, pressure washing and after-hours teams all year round.';
    expect(long.length).toBeGreaterThan(160);
    expect(problemsAfterEdit('locations/cairns.md', (text) => text.replace(/^description: .*$/m, `description: ${long}`))).toEqual([
      'content/locations/cairns.md:9: description: must be at most 160 characters (search results cut longer descriptions)',
    ]);
    expect(problemsAfterEdit('pages/faq.md', (text) => text.replace(/^seoTitle: .*$/m, 'seoTitle: Frequently Asked Questions About Commercial Cleaning | Riverbright'))).toEqual([
      'content/pages/faq.md:7: seoTitle: must be at most 60 characters (search results cut longer titles)',
    ]);
    expect(problemsAfterEdit('pages/faq.md', (text) => text.replace(/^description: .*$/m, 'description: Answers to common questions.'))).toEqual([
      'content/pages/faq.md:8: description: must be at least 70 characters (search engines show ~155)',
    ]);
  });

  it('fails the route table for a page title that fits no pattern, and points to seoTitle', () => {
    const sources = ['site.md', 'locations/cairns.md', 'sitemap-groups/other-queensland-regions.md'].map((relative) => {
      const text = readFileSync(path.join(contentDir, relative), 'utf8');
      const edited = relative === 'locations/cairns.md' ? text.replace(/^name: Cairns$/m, 'name: Cairns and the Far North Queensland Tablelands') : text;
      return parseSourceFile(edited, relative, `content/${relative}`, collections);
    });
    const errors: CleansiteError[] = [];
    const validated = sources.map((source) => ({ kind: source.kind, entry: validateSource(source, errors, collections)! }));
    expect(errors).toEqual([]);
    let thrown: unknown;
    try {
      siteRoutes(assembleContent(collections, validated));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CleansiteErrorList);
    const [error] = (thrown as CleansiteErrorList).errors;
    expect(error?.message).toBe('name: gives the page title "Commercial Cleaning in Cairns and the Far North Queensland Tablelands" of 69 characters; search results cut titles after 60');
    expect(error?.hint).toContain('seoTitle');
    expect(error?.location?.file).toBe('content/locations/cairns.md');
  });
});
