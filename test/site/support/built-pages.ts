/**
 * The real site, built with the real CLI (once per run, shared: test/support/shared-site.ts), and every HTML page of it parsed with cheerio, keyed by URL.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load, type CheerioAPI } from 'cheerio';
import { afterAll, beforeAll } from 'vitest';
import { buildSiteWithCli, type BuiltSite, type SiteBuildOptions } from '../../support/site-build.ts';
import { sharedSite } from '../../support/shared-site.ts';

export interface BuiltPages {
  site: BuiltSite;
  /** URL path (`/`, `/about/`, `/404.html`) -> parsed page. */
  pages: Map<string, CheerioAPI>;
  /** Raw HTML by URL path. */
  html: Map<string, string>;
  /** The parsed page at a URL; fails the test when it was not built. */
  page(url: string): CheerioAPI;
}

/** `about/index.html` -> `/about/` (test/support/urls.ts; the old name stays for its importers). */
export { pageUrl as urlOfFile } from '../../support/urls.ts';
import { pageUrl as urlOfFile } from '../../support/urls.ts';

export async function buildPages(options: SiteBuildOptions = {}): Promise<BuiltPages> {
  // No options: the run's shared build (the same CLI build, made once per run; never written into).
  const site = Object.keys(options).length === 0 ? await sharedSite() : await buildSiteWithCli(options);
  const pages = new Map<string, CheerioAPI>();
  const html = new Map<string, string>();
  for (const file of site.htmlFiles) {
    const text = readFileSync(path.join(site.dir, file), 'utf8');
    html.set(urlOfFile(file), text);
    pages.set(urlOfFile(file), load(text));
  }
  return {
    site,
    pages,
    html,
    page(url: string): CheerioAPI {
      const found = pages.get(url);
      if (!found) throw new Error(`${url} was not built (built: ${[...pages.keys()].slice(0, 8).join(', ')}, ...)`);
      return found;
    },
  };
}

/**
 * The site built once for the enclosing test file or describe block (beforeAll) and removed after
 * it (afterAll). Read its fields inside tests, not while the tests are being collected.
 */
export function useBuiltPages(options: SiteBuildOptions = {}): BuiltPages {
  let built: BuiltPages | undefined;
  beforeAll(async () => {
    built = await buildPages(options);
  }, 180_000);
  afterAll(async () => {
    await built?.site.remove();
  });
  const current = (): BuiltPages => {
    if (!built) throw new Error('the site is built in beforeAll: read it inside a test');
    return built;
  };
  return {
    get site() { return current().site; },
    get pages() { return current().pages; },
    get html() { return current().html; },
    page: (url) => current().page(url),
  };
}

/** Visible text of a selection with whitespace collapsed. */
export function textOf($: CheerioAPI, selector: string): string {
  return $(selector).text().replace(/\s+/g, ' ').trim();
}
