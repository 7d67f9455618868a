/**
 * --base-url and site.md's baseUrl: a site is served from the root of its
 * host, so a URL with a path is refused rather than silently cut to its
 * origin, and credentials, a query or a fragment never reach the pages.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBaseUrlProblem } from '../../src/core/base-url.ts';
import { makeSafetySite, type SafetySite } from './support/safety-site.ts';

let site: SafetySite;
let siteMd: string;
let siteMdText: string;

beforeAll(() => {
  site = makeSafetySite();
  siteMd = path.join(site.project, 'content', 'site.md');
  siteMdText = readFileSync(siteMd, 'utf8');
});

afterAll(() => site?.remove());

const refusals: Array<[string, string]> = [
  ['https://example.com/sub/dir', 'must be the root of the host (https://example.com): sites served under a sub-path such as /sub/dir are not supported'],
  ['https://example.com/sub/', 'must be the root of the host (https://example.com): sites served under a sub-path such as /sub/ are not supported'],
  ['https://user:pass@example.com', 'must not hold a user name or password: it would be published in every page'],
  ['https://token@example.com/', 'must not hold a user name or password: it would be published in every page'],
  ['https://example.com/?utm=1', 'must not have a query (?...)'],
  ['https://example.com?', 'must not have a query (?...)'],
  ['https://example.com/#top', 'must not have a fragment (#...)'],
  ['ftp://example.com', 'must start with https:// or http://, not ftp://'],
  ['example.com', 'is not an absolute URL such as https://www.example.com'],
];

describe('findBaseUrlProblem', () => {
  it.each(refusals)('%s', (value, problem) => expect(findBaseUrlProblem(value)).toBe(problem));
  it.each(['https://example.com', 'https://example.com/', 'http://localhost:8080', 'https://www.example.com.au/'])('accepts %s', (value) => {
    expect(findBaseUrlProblem(value)).toBeUndefined();
  });
});

describe('--base-url through the CLI', () => {
  it.each(refusals)('refuses %s with exit 2, one error line, and no output', (value, problem) => {
    const result = site.run(['build', '--base-url', value, '--out', 'refused']);
    expect(result.status, result.stderr).toBe(2);
    expect(result.errorLines[0]).toBe(`error: option '--base-url <url>' argument '${value}' is invalid. The site URL ${problem}.`);
    expect(result.errorLines.filter((line) => line.startsWith('error'))).toHaveLength(1);
    expect(existsSync(path.join(site.project, 'refused'))).toBe(false);
  });

  it('puts a root URL in canonical links, every sitemap entry and the robots Sitemap line', () => {
    const result = site.run(['build', '--base-url', 'https://www.example.org/', '--out', 'dist']);
    expect(result.status, result.stderr).toBe(0);
    const dist = path.join(site.project, 'dist');
    const $ = load(readFileSync(path.join(dist, 'about', 'index.html'), 'utf8'));
    expect($('link[rel=canonical]').attr('href')).toBe('https://www.example.org/about/');
    const locs = [...readFileSync(path.join(dist, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/www\.example\.org\//);
    expect(readFileSync(path.join(dist, 'robots.txt'), 'utf8')).toContain('Sitemap: https://www.example.org/sitemap.xml\n');
  });
});

describe('baseUrl in content/site.md', () => {
  const line = () => siteMdText.split('\n').findIndex((text) => text.startsWith('baseUrl:')) + 1;
  const withBaseUrl = (value: string) => siteMdText.replace(/^baseUrl: .*$/m, `baseUrl: ${value}`);

  it.each([
    ['https://bob:secret@fixture.example.com', 'must not hold a user name or password: it would be published in every page'],
    ['https://fixture.example.com/shop', 'must be the root of the host (https://fixture.example.com): sites served under a sub-path such as /shop are not supported'],
    ['https://fixture.example.com/?ref=1', 'must not have a query (?...)'],
  ])('%s is a content error naming the file and line, and nothing is published', (value, problem) => {
    writeFileSync(siteMd, withBaseUrl(value));
    try {
      const result = site.run(['build', '--out', 'from-site-md']);
      expect(result.status, result.stderr).toBe(1);
      expect(result.errorLines[0]).toBe(`error: content/site.md:${line()}: baseUrl: ${problem}`);
      expect(existsSync(path.join(site.project, 'from-site-md'))).toBe(false);
    } finally {
      writeFileSync(siteMd, siteMdText);
    }
  });
});
