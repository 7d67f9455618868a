/**
 * Output file <-> URL, the one mapping every test uses (the site's trailing-slash policy):
 * `about/index.html` is served at `/about/`, `index.html` at `/`, `404.html` at `/404.html`.
 */

/** The URL path a built file is served at: folder URLs for index.html. */
export function pageUrl(file: string): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'index.html'.length)}`;
  return `/${file}`;
}

/** Each path segment percent-encoded, as a client sends it (`a b/c.html` -> `/a%20b/c.html`). */
export function encodedUrl(file: string): string {
  return pageUrl(file).split('/').map((part) => encodeURIComponent(part)).join('/');
}

/** Every URL a file is requested at: a page both at its folder URL and by its file name. */
export function requestUrls(file: string, options: { encode?: boolean } = {}): string[] {
  const url = options.encode ? encodedUrl : pageUrl;
  const byName = options.encode ? `/${file.split('/').map((part) => encodeURIComponent(part)).join('/')}` : `/${file}`;
  return file === 'index.html' || file.endsWith('/index.html') ? [url(file), byName] : [byName];
}

/**
 * The status every built page is served with at its own URL (`/404.html` too: it is a file of the
 * build). Here, not beside the gates' page lists, so the browser gates' pass needs no HTML parser.
 */
export function expectedStatus(_url: string): number {
  return 200;
}
