/**
 * The one trailing-slash policy: every page is a folder with an index.html,
 * and every internal URL ends in a slash (`/about/`). Netlify and the S3
 * website endpoint both serve `/about/` straight from `about/index.html`
 * without a redirect, so canonical links, sitemap URLs and internal links
 * all use that form.
 */

/** `/about` -> `/about/`, `/` -> `/`; keeps `?query` and `#fragment`; leaves file URLs (`/sitemap.xml`) alone. */
export function toUrl(sitePath: string): string {
  const match = /^([^?#]*)(.*)$/.exec(sitePath);
  const pathname = match?.[1] ?? sitePath;
  const rest = match?.[2] ?? '';
  if (pathname === '' || pathname.endsWith('/') || /\.[a-z0-9]+$/i.test(pathname)) return pathname + rest;
  return `${pathname}/${rest}`;
}

/** `/about` -> `about/index.html`, `/` -> `index.html`. */
export function toOutputFile(sitePath: string): string {
  const trimmed = sitePath.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

/** Absolute URL for a site path, e.g. for canonical links and sitemap.xml. */
export function toAbsoluteUrl(baseUrl: string, sitePath: string): string {
  return new URL(toUrl(sitePath), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
}

/** The spec's slug rule: lower-case the name and turn spaces into hyphens. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
