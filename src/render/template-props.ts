/**
 * The props every template receives for one route: the site data, the
 * route, its content entry and three helpers. No React here, so modules
 * that only build props (the page cache's recorder, watch mode) do not load
 * react-dom.
 */
import type { ReactNode } from 'react';
import { CleansiteError } from '../core/errors.ts';
import type { Route } from '../routes/route-table.ts';
import { toAbsoluteUrl, toUrl } from '../core/urls.ts';
import type { ResolvedImage, SiteData, TemplateProps } from './page-props.ts';

const routeIndexes = new WeakMap<readonly Route[], ReadonlySet<string>>();

/**
 * The set of routable paths, built once per route table rather than once per page (nor per
 * SiteData: a render worker makes one per pass around the table it holds, and watch's template
 * save would build it again, ~5 ms at 10,000 pages, before the open page renders).
 */
export function routePaths(site: SiteData): ReadonlySet<string> {
  let paths = routeIndexes.get(site.routes);
  if (!paths) {
    paths = new Set(site.routes.map((candidate) => candidate.path));
    routeIndexes.set(site.routes, paths);
  }
  return paths;
}

/** The content entry a route renders, or null for routes without one (404). */
export function entryOf(route: Route, site: SiteData): unknown {
  const { entry } = route;
  if (!entry) return null;
  return ((site.content as Record<string, unknown>)[entry.collection] as unknown[] | undefined)?.[entry.index] ?? null;
}

export function createTemplateProps(route: Route, site: SiteData): TemplateProps {
  const routesByPath = routePaths(site);
  // Fields named one by one: an object literal of fixed shape is several times faster to make
  // than a spread, and this runs once per page.
  return {
    content: site.content,
    routes: site.routes,
    navigation: site.navigation,
    images: site.images,
    assets: site.assets,
    buildDate: site.buildDate,
    baseUrl: site.baseUrl,
    siteName: site.siteName,
    lang: site.lang,
    route,
    entry: entryOf(route, site),
    href(path: string): string {
      const [pathname = '', fragment] = path.split('#');
      if (!routesByPath.has(pathname)) {
        throw new CleansiteError({
          code: 'UNKNOWN_ROUTE',
          message: `${route.path} links to ${path}, which is not a page of this site`,
          location: { file: route.source },
        });
      }
      return toUrl(pathname) + (fragment ? `#${fragment}` : '');
    },
    absoluteUrl: (path: string) => toAbsoluteUrl(site.baseUrl, path),
    image(src: string): ResolvedImage {
      const image = site.images[src];
      if (!image) {
        throw new CleansiteError({
          code: 'IMAGE_MISSING',
          message: `${route.path} uses the image ${src}, which is not in public/`,
          location: { file: route.source },
        });
      }
      return image;
    },
    // Rendered in place; the render stage swaps in a build-wide cache of shared markup.
    shared: (_key: string, render: () => ReactNode) => render(),
  };
}
