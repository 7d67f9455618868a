/**
 * The link checks over a built output folder, as plain functions so the gate
 * can be run on the real site and proven on a deliberately broken one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { listFiles, listRedirectPages } from '../../support/site-build.ts';
import { extractCssUrls, extractReferences, type Reference } from './page-references.ts';
import { readPages, toPageUrl, type BuiltPage } from './site-pages.ts';

/** Stands in for the serving origin while resolving relative URLs. */
const LOCAL_ORIGIN = 'http://site.invalid';
/** Link schemes that leave the web and are fine to link to. */
const SAFE_SCHEMES = new Set(['mailto:', 'tel:', 'sms:']);

export interface SiteProblem {
  /** Output file the problem is in. */
  file: string;
  problem: string;
}

export interface LinkedSite {
  dir: string;
  pages: BuiltPage[];
  files: Set<string>;
  /** id and a[name] values of each page, by page URL. */
  anchors: Map<string, Set<string>>;
  /** The public origin (content/site.md's baseUrl), read from the home page's canonical link; '' without one. */
  origin: string;
}

export function readLinkedSite(dir: string): LinkedSite {
  const files = new Set(listFiles(dir));
  // Redirect fallback pages are reached by their redirect, not by links (test/publish/ checks them).
  const redirectPages = new Set(listRedirectPages(dir));
  const pages = readPages(dir, [...files].filter((file) => file.endsWith('.html') && !redirectPages.has(file)));
  const anchors = new Map(pages.map((page) => {
    const ids = new Set<string>();
    page.$('[id]').each((_, element) => { ids.add(page.$(element).attr('id')!); });
    page.$('a[name]').each((_, element) => { ids.add(page.$(element).attr('name')!); });
    return [page.url, ids];
  }));
  const canonical = pages.find((page) => page.url === '/')?.$('link[rel="canonical"]').attr('href');
  let origin = '';
  try {
    origin = canonical ? new URL(canonical).origin : '';
  } catch { /* no usable canonical: only relative URLs count as internal */ }
  return { dir, pages, files, anchors, origin };
}

/** The built file a site URL path is served from, or undefined. Folder URLs need their trailing slash. */
export function fileForPath(site: LinkedSite, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const relative = decoded.replace(/^\/+/, '');
  const file = relative === '' || relative.endsWith('/') ? `${relative}index.html` : relative;
  return site.files.has(file) ? file : undefined;
}

function isInternal(site: LinkedSite, url: URL): boolean {
  return url.origin === LOCAL_ORIGIN || (site.origin !== '' && url.origin === site.origin);
}

/** What is wrong with one reference from one page (or stylesheet) URL, or undefined when it is fine. */
export function checkReference(site: LinkedSite, fromUrl: string, reference: Reference): string | undefined {
  const shown = `${reference.where} "${reference.value}"`;
  if (reference.value.trim() === '') return `${shown}: empty URL`;
  if (reference.kind === 'link' && reference.value === '#') return `${shown}: a placeholder link to nothing`;
  let url: URL;
  try {
    url = new URL(reference.value, LOCAL_ORIGIN + fromUrl);
  } catch {
    return `${shown}: not a valid URL`;
  }
  if (SAFE_SCHEMES.has(url.protocol)) return reference.kind === 'link' ? undefined : `${shown}: ${url.protocol} is not a fetchable URL`;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${shown}: the ${url.protocol} scheme is not allowed`;

  if (!isInternal(site, url)) {
    if (reference.kind === 'resource') return undefined; // The weight-budget gate forbids requests to other origins.
    if (url.protocol !== 'https:') return `${shown}: external URLs must use https:`;
    if (reference.target === '_blank' && !(reference.rel ?? '').toLowerCase().split(/\s+/).includes('noopener')) {
      return `${shown}: opens in a new tab (target="_blank") without rel="noopener"`;
    }
    return undefined;
  }

  const file = fileForPath(site, url.pathname);
  if (!file) {
    const folder = fileForPath(site, `${url.pathname}/`);
    return folder ? `${shown}: no file at ${url.pathname} (the trailing-slash policy wants ${url.pathname}/)` : `${shown}: no built file at ${url.pathname}`;
  }
  if (reference.kind === 'link' && url.hash.length > 1) {
    const fragment = decodeURIComponent(url.hash.slice(1));
    const targetUrl = toPageUrl(file);
    // The HTML spec scrolls to the top for #top even without such an element.
    if (fragment.toLowerCase() !== 'top' && !site.anchors.get(targetUrl)?.has(fragment)) return `${shown}: ${targetUrl} has no element with id="${fragment}"`;
  }
  return undefined;
}

/** Broken internal links, fragments and asset references, and unsafe external links, on every page. */
export function findBrokenReferences(site: LinkedSite): SiteProblem[] {
  const problems: SiteProblem[] = [];
  for (const page of site.pages) {
    for (const reference of extractReferences(page.$)) {
      const problem = checkReference(site, page.url, reference);
      if (problem) problems.push({ file: page.file, problem });
    }
  }
  return problems;
}

/** Broken url() and @import references inside the built stylesheets. */
export function findBrokenStylesheetReferences(site: LinkedSite): SiteProblem[] {
  const problems: SiteProblem[] = [];
  for (const stylesheet of [...site.files].filter((file) => file.endsWith('.css'))) {
    for (const value of extractCssUrls(readFileSync(path.join(site.dir, stylesheet), 'utf8'))) {
      const problem = checkReference(site, `/${stylesheet}`, { kind: 'resource', where: 'CSS url()', value });
      if (problem) problems.push({ file: stylesheet, problem });
    }
  }
  return problems;
}

/** Page URLs that following links from / never reaches (404.html, the host's error document, is exempt). */
export function findOrphanPages(site: LinkedSite): string[] {
  const byUrl = new Map(site.pages.map((page) => [page.url, page]));
  if (!byUrl.has('/')) return site.pages.map((page) => page.url);
  const reached = new Set<string>(['/']);
  const queue = ['/'];
  while (queue.length > 0) {
    const page = byUrl.get(queue.shift()!)!;
    for (const reference of extractReferences(page.$)) {
      if (reference.kind !== 'link') continue;
      let url: URL;
      try {
        url = new URL(reference.value, LOCAL_ORIGIN + page.url);
      } catch {
        continue;
      }
      if (!isInternal(site, url)) continue;
      const file = fileForPath(site, url.pathname);
      if (!file?.endsWith('.html')) continue;
      const target = toPageUrl(file);
      if (!reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  return site.pages.map((page) => page.url).filter((url) => url !== '/404.html' && !reached.has(url));
}

/** The output files sitemap.xml's <loc>s are served from (unresolvable ones as `(no built file) URL`), sorted. */
export function readSitemapFiles(site: LinkedSite): string[] {
  const $sitemap = load(readFileSync(path.join(site.dir, 'sitemap.xml'), 'utf8'), { xml: true });
  return $sitemap('url > loc').map((_, element) => $sitemap(element).text().trim()).get().map((loc) => {
    const url = new URL(loc);
    return (url.origin === site.origin ? fileForPath(site, url.pathname) : undefined) ?? `(no built file) ${loc}`;
  }).sort();
}

/** Folds the same problem on many files (a shared header) into one line listing where it is. */
export function formatProblems(problems: SiteProblem[], title: string): string {
  const grouped = new Map<string, Set<string>>();
  for (const { file, problem } of problems) grouped.set(problem, (grouped.get(problem) ?? new Set()).add(file));
  const lines = [...grouped].map(([problem, where]) => {
    const list = [...where];
    return `${problem}\n    in ${list.length} file${list.length === 1 ? '' : 's'}: ${list.slice(0, 4).join(', ')}${list.length > 4 ? `, ... (+${list.length - 4})` : ''}`;
  });
  return `${problems.length} ${title} (${grouped.size} distinct):\n${lines.join('\n')}`;
}
