/**
 * The one trailing-slash policy: every page is a folder with an index.html,
 * and every internal URL ends in a slash (`/about/`). Netlify and the S3
 * website endpoint both serve `/about/` straight from `about/index.html`
 * without a redirect, so canonical links, sitemap URLs and internal links
 * all use that form.
 */

/**
 * The files cleansite writes into every output beside the pages (output/sitemap-xml.ts), with
 * what each holds: a link to one is a link to the site, and a public/ file may not take its place.
 */
export const GENERATED_FILES: Readonly<Record<string, string>> = {
  'robots.txt': 'allowing every page and naming sitemap.xml',
  'sitemap.xml': 'listing every page',
};

/** Whether an output file (relative, forward slashes) is one of GENERATED_FILES. */
export const isGeneratedFile = (relative: string): boolean => Object.hasOwn(GENERATED_FILES, relative);

/** `/about` -> `/about/`, `/` -> `/`; keeps `?query` and `#fragment`; leaves file URLs (`/sitemap.xml`) alone. */
export function toUrl(sitePath: string): string {
  const match = /^([^?#]*)(.*)$/.exec(sitePath);
  const pathname = match?.[1] ?? sitePath;
  const rest = match?.[2] ?? '';
  if (pathname === '' || pathname.endsWith('/') || /\.[a-z0-9]+$/i.test(pathname)) return pathname + rest;
  return `${pathname}/${rest}`;
}

/** `/about` -> `about/index.html`, `/` -> `index.html`; a file path is its own file: `/guides/feed.xml` -> `guides/feed.xml`. */
export function toOutputFile(sitePath: string): string {
  const trimmed = sitePath.replace(/^\/+|\/+$/g, '');
  if (fileExtension(sitePath) !== undefined) return trimmed;
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

/**
 * The extension of a site path that names a file (`/guides/feed.xml` -> `xml`), or undefined for
 * a page (`/guides/page/2`). Only the last segment counts, and only letters and digits after its dot.
 */
export function fileExtension(sitePath: string): string | undefined {
  return /\/[^/]*[^/.]\.([a-z0-9]+)$/i.exec(sitePath)?.[1]?.toLowerCase();
}

/** What a route writes: `html` for a page (a folder's index.html), else the file's extension. */
export function outputFormat(sitePath: string): string {
  return fileExtension(sitePath) ?? 'html';
}

/** Absolute URL for a site path, e.g. for canonical links and sitemap.xml. */
export function toAbsoluteUrl(baseUrl: string, sitePath: string): string {
  return new URL(toUrl(sitePath), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
}

/** Letters NFKD leaves whole, spelt the way their languages write them in ASCII. */
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i' };

/**
 * The one slug rule, for every routed file (page and service file names,
 * location names): accents transliterated (NFKD, combining marks dropped),
 * lower case, every run of anything but a-z and 0-9 one hyphen, none at the
 * ends. `Café Ōtara` -> `cafe-otara`, `Surfers' Paradise & Main Beach` ->
 * `surfers-paradise-main-beach`. For names of letters, digits and single
 * spaces it is the spec's rule (lower case, spaces to hyphens).
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłı]/g, (letter) => LETTERS[letter]!)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A slug the rule above leaves as it is. */
export function isCleanSlug(text: string): boolean {
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(text);
}
