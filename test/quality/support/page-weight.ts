/**
 * What each page costs a visitor, gzipped (level 6, gzip's own default): the
 * HTML, plus every stylesheet and script it loads (images excluded), and
 * whether anything would be fetched from another origin.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileForPath, type LinkedSite, type SiteProblem } from './link-check.ts';
import { extractCssUrls, extractReferences } from './page-references.ts';

export interface PageWeight {
  file: string;
  html: number;
  css: number;
  /** External scripts plus inline executable scripts (JSON-LD is data, not script). */
  js: number;
  /** html + css + external js (inline scripts are already inside the HTML). */
  total: number;
  /** The stylesheets and scripts counted, for the failure message. */
  assets: string[];
}

const LOCAL_ORIGIN = 'http://site.invalid';

export function gzippedSize(contents: string | Uint8Array): number {
  return gzipSync(contents, { level: 6 }).byteLength;
}

function resolveLocalFile(site: LinkedSite, fromUrl: string, value: string): string | undefined {
  try {
    const url = new URL(value, LOCAL_ORIGIN + fromUrl);
    return url.origin === LOCAL_ORIGIN ? fileForPath(site, url.pathname) : undefined;
  } catch {
    return undefined;
  }
}

/** A stylesheet and, recursively, the stylesheets it @imports. */
function collectStylesheets(site: LinkedSite, file: string, found: Set<string>): void {
  if (found.has(file)) return;
  found.add(file);
  const css = readFileSync(path.join(site.dir, file), 'utf8');
  for (const match of css.matchAll(/@import\s+(?:url\(\s*)?["']?([^"')\s;]+)/gi)) {
    const imported = resolveLocalFile(site, `/${file}`, match[1]!);
    if (imported) collectStylesheets(site, imported, found);
  }
}

export function measurePageWeights(site: LinkedSite): PageWeight[] {
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzippedSize(readFileSync(path.join(site.dir, file)));
      sizes.set(file, size);
    }
    return size;
  };
  return site.pages.map((page) => {
    const { $ } = page;
    const stylesheets = new Set<string>();
    $('link[href]').each((_, element) => {
      const rels = ($(element).attr('rel') ?? '').toLowerCase().split(/\s+/);
      const isStyle = rels.includes('stylesheet') || (rels.includes('preload') && $(element).attr('as') === 'style');
      const file = isStyle ? resolveLocalFile(site, page.url, $(element).attr('href')!) : undefined;
      if (file) collectStylesheets(site, file, stylesheets);
    });
    const scripts = new Set<string>();
    $('script[src]').each((_, element) => {
      const file = resolveLocalFile(site, page.url, $(element).attr('src')!);
      if (file) scripts.add(file);
    });
    $('link[href]').each((_, element) => {
      const rels = ($(element).attr('rel') ?? '').toLowerCase().split(/\s+/);
      if (rels.includes('modulepreload') || (rels.includes('preload') && $(element).attr('as') === 'script')) {
        const file = resolveLocalFile(site, page.url, $(element).attr('href')!);
        if (file) scripts.add(file);
      }
    });
    const inlineScript = $('script:not([src])').filter((_, element) => {
      const type = ($(element).attr('type') ?? '').toLowerCase();
      return type === '' || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
    }).map((_, element) => $(element).text()).get().join('\n');

    const html = gzippedSize(page.html);
    const css = [...stylesheets].reduce((sum, file) => sum + sizeOf(file), 0);
    const externalJs = [...scripts].reduce((sum, file) => sum + sizeOf(file), 0);
    const js = externalJs + (inlineScript.trim() ? gzippedSize(inlineScript) : 0);
    return { file: page.file, html, css, js, total: html + css + externalJs, assets: [...stylesheets, ...scripts] };
  });
}

/**
 * Resources (stylesheets, scripts, images, icons, preloads, frames, media,
 * CSS url() and @import) that would be fetched from anywhere but the page's
 * own origin. Every such URL must be root-relative: an absolute URL, even to
 * the site's public host, is a request to another origin on a preview deploy.
 */
export function findOtherOriginRequests(site: LinkedSite): SiteProblem[] {
  const problems: SiteProblem[] = [];
  const check = (file: string, fromUrl: string, where: string, value: string) => {
    let url: URL;
    try {
      url = new URL(value, LOCAL_ORIGIN + fromUrl);
    } catch {
      return; // Unparsable URLs are the link gate's to report.
    }
    if (url.origin !== LOCAL_ORIGIN && (url.protocol === 'http:' || url.protocol === 'https:')) {
      problems.push({ file, problem: `${where} "${value}" is fetched from ${url.origin}` });
    }
  };
  for (const page of site.pages) {
    for (const reference of extractReferences(page.$)) {
      if (reference.kind === 'resource') check(page.file, page.url, reference.where, reference.value);
    }
  }
  for (const stylesheet of [...site.files].filter((file) => file.endsWith('.css'))) {
    for (const value of extractCssUrls(readFileSync(path.join(site.dir, stylesheet), 'utf8'))) check(stylesheet, `/${stylesheet}`, 'CSS url()', value);
  }
  return problems;
}
