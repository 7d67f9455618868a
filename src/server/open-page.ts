/**
 * The page a live-reload client says it is open on: the live-reload script
 * connects to the event stream as `/__cleansite/events?page=<location.pathname>`,
 * and watch renders the pages clients are open on before the rest
 * (session/open-pages-first.ts). The value comes from whoever connects, so it
 * is untrusted: it is bounded in length, decoded once without throwing, and
 * kept only when it is the URL of a page the site has (`isPage`); anything
 * else leaves the client connected with no page, never an error.
 */

/** Longer than any URL path a site of ours makes; a longer value is not a page. */
export const MAX_PAGE_LENGTH = 512;

/** The page named in the event stream's request URL, when it is a page of the site; else undefined. */
export function requestedPage(requestUrl: string | undefined, isPage: (url: string) => boolean): string | undefined {
  const url = requestUrl ?? '';
  const query = url.indexOf('?');
  // A query far longer than one page path is not one the live-reload script sent.
  if (query === -1 || url.length - query > MAX_PAGE_LENGTH * 4) return undefined;
  const named = new URLSearchParams(url.slice(query + 1)).getAll('page');
  // Named twice is not what the script sends: no guess which one is meant.
  const raw = named.length === 1 ? named[0]! : undefined;
  if (raw === undefined || raw.length === 0 || raw.length > MAX_PAGE_LENGTH || !raw.startsWith('/')) return undefined;
  let page: string;
  try {
    // location.pathname is percent-encoded; route URLs are not.
    page = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (/[\u0000-\u001f\u007f]/.test(page)) return undefined;
  if (page.endsWith('/index.html')) page = page.slice(0, -'index.html'.length);
  return isPage(page) ? page : undefined;
}
