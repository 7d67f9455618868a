/** The one rule for a site's base URL, shared by --base-url and baseUrl in the site config. */

/**
 * Why a site URL cannot be the base of every absolute URL the build writes,
 * or undefined when it can. Sites are served from the root of their host:
 * page links, assets, images, favicons and the host's _headers all start at
 * `/`, so a path would be dropped from some URLs and kept in others.
 */
export function findBaseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URL such as https://www.example.com';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `must start with https:// or http://, not ${url.protocol}//`;
  if (url.username !== '' || url.password !== '') return 'must not hold a user name or password: it would be published in every page';
  if (url.search !== '' || value.includes('?')) return 'must not have a query (?...)';
  if (url.hash !== '' || value.includes('#')) return 'must not have a fragment (#...)';
  if (url.pathname !== '/') return `must be the root of the host (${url.origin}): sites served under a sub-path such as ${url.pathname} are not supported`;
  return undefined;
}
