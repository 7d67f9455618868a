/**
 * Stage 3, route: the one route table. Every output page, the header and
 * footer navigation, the human /sitemap page and sitemap.xml are all derived
 * from it, so they cannot disagree.
 */
import { CleansiteError, CleansiteErrorList } from '../core/errors.ts';
import type { ImageRef, PageTemplateName, SiteContent } from '../content/schemas.ts';
import { MAX_TITLE_LENGTH } from '../content/seo-limits.ts';
import { findNearbyPlaces } from './nearby-locations.ts';
import { slugify, toOutputFile, toUrl } from './urls.ts';

/** "Also servicing nearby" on a location page: up to six places of its state, none further than a half day's drive. */
export const NEARBY = { count: 6, maxKm: 350 } as const;

export type TemplateName = PageTemplateName | 'service' | 'location' | 'not-found';

/** Which content entry a route renders: an index into the matching SiteContent list. */
export type RouteEntry =
  | { kind: 'page'; index: number }
  | { kind: 'service'; index: number }
  | { kind: 'location'; index: number }
  | { kind: 'none' };

export interface Route {
  /** Site path without trailing slash: `/`, `/about`, `/locations/noosa`. */
  path: string;
  /** Public URL under the trailing-slash policy: `/about/`. */
  url: string;
  /** File inside the output folder: `about/index.html`. */
  outputFile: string;
  template: TemplateName;
  title: string;
  navLabel: string;
  seoTitle: string;
  description: string;
  keywords: string[];
  sitemapGroup: string;
  /** ISO date (YYYY-MM-DD) of the content's last change. */
  lastmod: string;
  image: ImageRef;
  /** Source file the route comes from. */
  source: string;
  entry: RouteEntry;
  /** False for pages that are not part of the site map (the 404 page). */
  listed: boolean;
  /**
   * Location routes: the nearest other locations of the same state, nearest
   * first (see NEARBY). Part of the route, so a page is rendered again when
   * its list changes, and the page reads nothing of the other locations.
   */
  nearby?: Array<{ path: string; name: string }>;
}

export interface RouteTable {
  /** Sorted by path, so output order is deterministic. */
  routes: Route[];
  byPath: ReadonlyMap<string, Route>;
}

export function buildRouteTable(content: SiteContent): RouteTable {
  const { site } = content;
  const errors: CleansiteError[] = [];
  const routes: Route[] = [];
  // Search results cut titles after about 60 characters: a long one takes the short brand name, or none.
  const seoTitle = (title: string, override?: string) => {
    if (override) return override;
    const candidates = [`${title} | ${site.name}`, ...(site.logoText ? [`${title} | ${site.logoText}`] : []), title];
    return candidates.find((candidate) => candidate.length <= MAX_TITLE_LENGTH) ?? title;
  };
  const isoDate = (date: Date | undefined) => (date ?? site.updated).toISOString().slice(0, 10);

  content.pages.forEach((page, index) => {
    routes.push({
      path: page.path, url: toUrl(page.path), outputFile: toOutputFile(page.path), template: page.template,
      title: page.title, navLabel: page.navLabel ?? page.title, seoTitle: seoTitle(page.title, page.seoTitle),
      description: page.description, keywords: page.keywords ?? [], sitemapGroup: page.sitemapGroup,
      lastmod: isoDate(page.updated), image: page.hero?.image ?? page.image ?? site.defaultImage,
      source: page.file, entry: { kind: 'page', index }, listed: true,
    });
  });
  content.services.forEach((service, index) => {
    const path = `/services/${service.slug}`;
    routes.push({
      path, url: toUrl(path), outputFile: toOutputFile(path), template: 'service',
      title: service.name, navLabel: service.navLabel ?? service.name, seoTitle: seoTitle(service.name, service.seoTitle),
      description: service.description, keywords: service.keywords ?? [], sitemapGroup: service.sitemapGroup,
      lastmod: isoDate(service.updated), image: service.image, source: service.file, entry: { kind: 'service', index }, listed: true,
    });
  });
  const nearby = findNearbyPlaces(content.locations, NEARBY);
  content.locations.forEach((location, index) => {
    const path = `/locations/${location.slug}`;
    const title = `Commercial Cleaning in ${location.name}`;
    routes.push({
      path, url: toUrl(path), outputFile: toOutputFile(path), template: 'location',
      title, navLabel: location.navLabel ?? location.name, seoTitle: seoTitle(title, location.seoTitle),
      description: location.description, keywords: location.keywords ?? [], sitemapGroup: slugify(location.region),
      lastmod: isoDate(location.updated), image: location.image ?? site.defaultImage,
      source: location.file, entry: { kind: 'location', index }, listed: true,
      nearby: nearby[index]!.map((other) => ({ path: `/locations/${content.locations[other]!.slug}`, name: content.locations[other]!.name })),
    });
  });
  routes.push({
    path: '/404', url: '/404.html', outputFile: '404.html', template: 'not-found',
    title: 'Page not found', navLabel: 'Page not found', seoTitle: seoTitle('Page not found'),
    description: `The page you were looking for is not on the ${site.name} website.`, keywords: [], sitemapGroup: '',
    lastmod: isoDate(undefined), image: site.defaultImage, source: site.file, entry: { kind: 'none' }, listed: false,
  });

  const byPath = new Map<string, Route>();
  for (const route of routes) {
    const existing = byPath.get(route.path);
    if (existing) {
      errors.push(new CleansiteError({
        code: 'DUPLICATE_ROUTE',
        message: `${route.path} is produced by two files: ${existing.source} and ${route.source}`,
        hint: route.template === 'location' ? 'two locations have names that give the same slug; rename one, or give it a slug: field' : 'rename one of them, or give it a slug: field',
        location: { file: route.source },
      }));
    } else byPath.set(route.path, route);
  }

  for (const route of routes) {
    if (route.seoTitle.length > MAX_TITLE_LENGTH) {
      // Named after the field that made the title, like a schema error, so tools can tell which field to fix.
      const field = route.entry.kind === 'page' ? 'title' : 'name';
      errors.push(new CleansiteError({
        code: 'CONTENT_INVALID',
        message: `${field}: gives the page title "${route.seoTitle}" of ${route.seoTitle.length} characters; search results cut titles after ${MAX_TITLE_LENGTH}`,
        hint: `add a seoTitle of at most ${MAX_TITLE_LENGTH} characters, or shorten the title`,
        location: { file: route.source },
      }));
    }
  }

  const groups = new Set(content.sitemapGroups.map((group) => group.key));
  for (const route of routes) {
    if (route.listed && !groups.has(route.sitemapGroup)) {
      errors.push(new CleansiteError({
        code: 'CONTENT_INVALID',
        message: `sitemapGroup: "${route.sitemapGroup}" is not one of the sitemap groups (${[...groups].join(', ') || 'none defined'})`,
        hint: 'add a file under content/sitemap-groups/ or use an existing key',
        location: { file: route.source },
      }));
    }
  }
  if (errors.length > 0) throw new CleansiteErrorList(errors);

  routes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { routes, byPath };
}
