/**
 * Gate 3, links: across the whole built site, every internal link, fragment
 * and asset reference resolves to a built file (and element); every page is
 * reachable from the home page; every external link is https: and opens
 * safely; sitemap.xml and robots.txt name only built pages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltSite } from '../support/site-build.ts';
import { sharedSite } from '../support/shared-site.ts';
import {
  fileForPath, findBrokenReferences, findBrokenStylesheetReferences, findOrphanPages, formatProblems, readLinkedSite, readSitemapFiles, type LinkedSite,
} from './support/link-check.ts';

let built: BuiltSite;
let site: LinkedSite;

beforeAll(async () => {
  built = await sharedSite();
  site = readLinkedSite(built.dir);
}, 120_000);

afterAll(async () => {
  await built?.remove();
});

describe('Links, fragments and asset references', () => {
  it('reads the public https origin from the home page canonical link', () => {
    expect(site.pages.length).toBeGreaterThan(1);
    expect(site.origin).toMatch(/^https:\/\//);
  });

  it('has zero broken internal links, fragment targets or asset references, and no unsafe external link, on any page', () => {
    const problems = findBrokenReferences(site);
    expect(problems.length, formatProblems(problems, 'broken or unsafe references')).toBe(0);
  });

  it('has zero broken references inside the stylesheets', () => {
    expect([...site.files].some((file) => file.endsWith('.css'))).toBe(true);
    const problems = findBrokenStylesheetReferences(site);
    expect(problems.length, formatProblems(problems, 'broken stylesheet references')).toBe(0);
  });

  it('has zero orphan pages: every built page is reachable from the home page by links', () => {
    const orphans = findOrphanPages(site);
    expect(orphans, `${orphans.length} pages cannot be reached from / by following links:\n${orphans.join('\n')}`).toEqual([]);
  });

  it('lists exactly the built pages in sitemap.xml, and robots.txt points to it', () => {
    expect(readSitemapFiles(site)).toEqual(built.htmlFiles.filter((file) => file !== '404.html').sort());
    const robots = readFileSync(path.join(site.dir, 'robots.txt'), 'utf8');
    const sitemapUrl = /^Sitemap:\s*(\S+)\s*$/m.exec(robots)?.[1];
    expect(sitemapUrl, 'robots.txt has no Sitemap: line').toBeDefined();
    expect(new URL(sitemapUrl!).origin).toBe(site.origin);
    expect(fileForPath(site, new URL(sitemapUrl!).pathname)).toBe('sitemap.xml');
  });
});
