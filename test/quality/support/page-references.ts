/**
 * Every URL a built page refers to, sorted by what the browser does with it:
 * `link` (the visitor follows it: <a>, <area>), `resource` (the browser
 * fetches it while loading the page: stylesheets, scripts, images, icons,
 * preloads, frames, CSS url()), and `meta` (named for machines: canonical,
 * Open Graph, Twitter card, JSON-LD).
 */
import type { CheerioAPI } from 'cheerio';

export type ReferenceKind = 'link' | 'resource' | 'meta';

export interface Reference {
  kind: ReferenceKind;
  /** Where it was found, e.g. `<a href>`, `<img srcset>`, `JSON-LD image`, `CSS url()`. */
  where: string;
  /** The URL as written. */
  value: string;
  /** For links: the target attribute. */
  target?: string;
  /** For links: the rel attribute. */
  rel?: string;
}

/** link rel values that make the browser fetch the href. */
const FETCHED_LINK_RELS = new Set(['stylesheet', 'icon', 'shortcut', 'apple-touch-icon', 'apple-touch-icon-precomposed', 'manifest', 'preload', 'modulepreload', 'prefetch', 'mask-icon']);
/** link rel values that only name a URL. */
const NAMING_LINK_RELS = new Set(['canonical', 'alternate', 'author', 'license', 'help', 'search', 'sitemap', 'home', 'next', 'prev']);
/** link rel values that open a connection to an origin (a request to it, for the budget). */
const CONNECTING_LINK_RELS = new Set(['preconnect', 'dns-prefetch']);

const RESOURCE_ATTRIBUTES: Array<[selector: string, attribute: string, srcset: boolean]> = [
  ['script[src]', 'src', false],
  ['img[src]', 'src', false],
  ['img[srcset]', 'srcset', true],
  ['source[src]', 'src', false],
  ['source[srcset]', 'srcset', true],
  ['iframe[src]', 'src', false],
  ['frame[src]', 'src', false],
  ['video[src]', 'src', false],
  ['video[poster]', 'poster', false],
  ['audio[src]', 'src', false],
  ['track[src]', 'src', false],
  ['embed[src]', 'src', false],
  ['object[data]', 'data', false],
  ['input[src]', 'src', false],
  ['image[href]', 'href', false],
  ['use[href]', 'href', false],
];

const META_URL_SELECTORS = [
  'meta[property="og:url"]', 'meta[property="og:image"]', 'meta[property="og:image:url"]', 'meta[property="og:image:secure_url"]',
  'meta[name="twitter:image"]', 'meta[name="twitter:image:src"]', 'meta[name="msapplication-TileImage"]',
];

/** `a.jpg 480w, b.jpg 960w` -> [`a.jpg`, `b.jpg`]. */
export function parseSrcset(srcset: string): string[] {
  return srcset.split(/,\s+/).map((candidate) => candidate.trim().split(/\s+/)[0] ?? '').filter(Boolean);
}

/** url(...) and @import targets of a stylesheet (comments removed first). */
export function extractCssUrls(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const urls: string[] = [];
  for (const match of text.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi)) urls.push(match[1] ?? match[2] ?? match[3] ?? '');
  for (const match of text.matchAll(/@import\s+(?:"([^"]*)"|'([^']*)')/gi)) urls.push(match[1] ?? match[2] ?? '');
  return urls.filter((url) => url !== '' && !url.startsWith('data:') && !url.startsWith('#'));
}

export function extractReferences($: CheerioAPI): Reference[] {
  const references: Reference[] = [];
  $('a[href], area[href]').each((_, element) => {
    references.push({
      kind: 'link', where: `<${element.tagName} href>`, value: $(element).attr('href') ?? '',
      target: $(element).attr('target'), rel: $(element).attr('rel'),
    });
  });
  $('link[href], link[imagesrcset]').each((_, element) => {
    const rels = ($(element).attr('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const href = $(element).attr('href');
    const fetched = rels.some((rel) => FETCHED_LINK_RELS.has(rel) || CONNECTING_LINK_RELS.has(rel));
    if (href !== undefined) {
      const kind: ReferenceKind = fetched || !rels.every((rel) => NAMING_LINK_RELS.has(rel)) ? 'resource' : 'meta';
      references.push({ kind, where: `<link rel="${rels.join(' ')}" href>`, value: href });
    }
    const imageSrcset = $(element).attr('imagesrcset');
    if (imageSrcset) for (const url of parseSrcset(imageSrcset)) references.push({ kind: 'resource', where: '<link imagesrcset>', value: url });
  });
  for (const [selector, attribute, isSrcset] of RESOURCE_ATTRIBUTES) {
    $(selector).each((_, element) => {
      const value = $(element).attr(attribute) ?? '';
      const tag = 'tagName' in element ? element.tagName : selector.replace(/\[.*$/, '');
      for (const url of isSrcset ? parseSrcset(value) : [value]) references.push({ kind: 'resource', where: `<${tag} ${attribute}>`, value: url });
    });
  }
  $('[style]').each((_, element) => {
    for (const url of extractCssUrls($(element).attr('style') ?? '')) references.push({ kind: 'resource', where: `<${element.tagName} style> url()`, value: url });
  });
  $('style').each((_, element) => {
    for (const url of extractCssUrls($(element).text())) references.push({ kind: 'resource', where: '<style> url()', value: url });
  });
  for (const selector of META_URL_SELECTORS) {
    $(selector).each((_, element) => {
      references.push({ kind: 'meta', where: selector.replace(/^meta\[/, '<meta ').replace(/\]$/, '>'), value: $(element).attr('content') ?? '' });
    });
  }
  $('script[type="application/ld+json"]').each((_, element) => {
    let data: unknown;
    try {
      data = JSON.parse($(element).text());
    } catch {
      return; // The JSON-LD gate elsewhere reports unparsable blocks; here there is nothing to follow.
    }
    for (const [key, url] of collectJsonLdUrls(data)) references.push({ kind: 'meta', where: `JSON-LD ${key}`, value: url });
  });
  return references;
}

/** Every string value that is an absolute http(s) URL, with its key (fragments kept: @id values often have one). */
function collectJsonLdUrls(value: unknown, key = '', found: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === 'string') {
    if (/^https?:\/\//i.test(value)) found.push([key, value]);
  } else if (Array.isArray(value)) {
    for (const item of value) collectJsonLdUrls(item, key, found);
  } else if (value && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) collectJsonLdUrls(item, name, found);
  }
  return found;
}
