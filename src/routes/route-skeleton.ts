/**
 * A route as a build's main thread keeps it once render workers hold the
 * site: what it still reads of each route (pages to hand out, output files,
 * errors naming the template and file, the fallback sitemap.xml), without
 * the fields only templates read (titles, texts, the image, the site's
 * `data`, the entry). A render worker that routed the site sends these
 * instead of the route table (session/render-worker.ts), and the main thread
 * empties its own routes to them at the hand-over (session/session.ts).
 */
import type { Route, RouteTable } from './route-table.ts';

/** The fields of a route the main thread reads once render workers hold the site. */
export type RouteSkeleton = Pick<Route, 'path' | 'url' | 'outputFile' | 'format' | 'template' | 'lastmod' | 'source' | 'listed' | 'draft'>;

const NO_KEYWORDS: string[] = [];
const NO_IMAGE = { src: '', alt: '' };

/** The skeleton of a route, to cross to the main thread. */
export function skeletonOf(route: Route): RouteSkeleton {
  const { path, url, outputFile, format, template, lastmod, source, listed, draft } = route;
  return { path, url, outputFile, format, template, lastmod, source, listed, ...(draft ? { draft } : {}) };
}

/** Empties the fields only templates read, in place: about 2 KB a location page (its nearby places, image, breadcrumbs and texts). */
export function emptyTemplateFields(route: Route): Route {
  route.title = route.navLabel = route.seoTitle = route.description = route.sitemapGroup = '';
  route.keywords = NO_KEYWORDS;
  route.image = NO_IMAGE;
  route.data = undefined;
  route.entry = null;
  return route;
}

/** A route table of skeletons (sorted by path, as the worker's table was). */
export function skeletonTable(skeletons: readonly RouteSkeleton[]): RouteTable {
  const routes = skeletons.map((skeleton) => emptyTemplateFields(skeleton as Route));
  return { routes, byPath: new Map(routes.map((route) => [route.path, route])) };
}
