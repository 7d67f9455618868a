/**
 * How this site's entries become pages: their titles, templates, site-map
 * groups, images and dates. The engine turns each into a route (path, URL,
 * output file) and checks duplicates; the rules of this site live here:
 * "{title} | {name}" titles that fit search results, every listed page in a
 * known site-map group, location pages titled for the service and listing
 * their nearby places.
 */
import { slugify, type GeneratedRoute, type ImageRef, type PageFields, type RouteContext } from 'cleansite';
import { articleData, guideListings, listingRoute, type Guide, type GuidesData } from './guides.ts';
import { findNearbyPlaces } from './nearby-locations.ts';
import type { Location, Page, Service, Site, SitemapGroup } from './schemas.ts';
import { MAX_TITLE_LENGTH } from './seo-limits.ts';

/** "Also servicing nearby" on a location page: up to six places of its state, none further than a half day's drive. */
export const NEARBY = { count: 6, maxKm: 350 } as const;

export interface NearbyPlace {
  path: string;
  name: string;
}

/** What a location page's route carries besides its fields. */
export interface RouteData {
  nearby?: NearbyPlace[];
  /** What a Guides page or feed shows (model/guides.ts). */
  guides?: GuidesData;
}

/** What this site's route functions read of the content besides their own entries. */
export interface RouteContent {
  site: Site;
  sitemapGroups: readonly SitemapGroup[];
}
/** The context this site's route functions take: a new collection's routes can use pageFields with it. */
export type SiteRouteContext = RouteContext<RouteContent>;

interface Described {
  file: string;
  seoTitle?: string;
  description: string;
  keywords?: string[];
  navLabel?: string;
  updated?: Date;
}

/** The fields every page of this site shares the rules for; `label` is its menu label unless it sets navLabel, `titleField` names the field a too-long title comes from. */
export function pageFields(context: SiteRouteContext, entry: Described, page: { template: string; title: string; label: string; sitemapGroup: string; image: ImageRef; titleField: string; data?: RouteData }): PageFields {
  const { content } = context;
  const seoTitle = entry.seoTitle ?? titleFor(page.title, content.site);
  if (seoTitle.length > MAX_TITLE_LENGTH) {
    // Named after the field that made the title, like a schema error, so tools can tell which field to fix.
    context.problem({
      file: entry.file,
      message: `${page.titleField}: gives the page title "${seoTitle}" of ${seoTitle.length} characters; search results cut titles after ${MAX_TITLE_LENGTH}`,
      hint: `add a seoTitle of at most ${MAX_TITLE_LENGTH} characters, or shorten the title`,
    });
  }
  if (!content.sitemapGroups.some((group) => group.key === page.sitemapGroup)) {
    const groups = content.sitemapGroups.map((group) => group.key);
    context.problem({
      file: entry.file,
      message: `sitemapGroup: "${page.sitemapGroup}" is not one of the sitemap groups (${groups.join(', ') || 'none defined'})`,
      hint: 'add a file under content/sitemap-groups/ or use an existing key',
    });
  }
  return {
    template: page.template, title: page.title, navLabel: entry.navLabel ?? page.label, seoTitle,
    description: entry.description, keywords: entry.keywords ?? [], sitemapGroup: page.sitemapGroup,
    updated: entry.updated ?? content.site.updated, image: page.image,
    ...(page.data ? { data: page.data } : {}),
  };
}

/** Search results cut titles after about 60 characters: a long one takes the short brand name, or none. */
export function titleFor(title: string, site: Site): string {
  const candidates = [`${title} | ${site.name}`, ...(site.logoText ? [`${title} | ${site.logoText}`] : []), title];
  return candidates.find((candidate) => candidate.length <= MAX_TITLE_LENGTH) ?? title;
}

export function pagePages(pages: readonly Page[], context: SiteRouteContext): PageFields[] {
  const { site } = context.content;
  return pages.map((page) => pageFields(context, page, {
    template: page.template, title: page.title, label: page.title, sitemapGroup: page.sitemapGroup, titleField: 'title',
    image: page.hero?.image ?? page.image ?? site.defaultImage,
  }));
}

export function servicePages(services: readonly Service[], context: SiteRouteContext): PageFields[] {
  return services.map((service) => pageFields(context, service, {
    template: 'service', title: service.name, label: service.name, sitemapGroup: service.sitemapGroup, titleField: 'name', image: service.image,
  }));
}

export function locationPages(locations: readonly Location[], context: SiteRouteContext): PageFields[] {
  const { site } = context.content;
  const nearby = findNearbyPlaces(locations, NEARBY);
  return locations.map((location, index) => pageFields(context, location, {
    template: 'location', title: `Commercial Cleaning in ${location.name}`, label: location.name, sitemapGroup: slugify(location.region), titleField: 'name',
    image: location.image ?? site.defaultImage,
    data: { nearby: nearby[index]!.map((other) => ({ path: `/locations/${locations[other]!.slug}`, name: locations[other]!.name })) },
  }));
}

/** One page per guide at /guides/<file name>, in the Resources group of the site map. */
export function guidePages(guides: readonly Guide[], context: SiteRouteContext): PageFields[] {
  return guides.map((guide) => {
    const { data, updated, image } = articleData(guide);
    return pageFields(context, { ...guide, updated }, {
      template: 'guide-article', title: guide.title, label: guide.title, sitemapGroup: 'resources', titleField: 'title', image, data: { guides: data },
    });
  });
}

/** The Guides listing (six a page), a page per topic, the topics index and the feeds. */
export function guideRoutes(guides: readonly Guide[], context: SiteRouteContext): GeneratedRoute[] {
  const { site } = context.content;
  // A site with no guides (yet) has no Guides section, rather than an empty one.
  if (guides.length === 0) return [];
  const { pages, feeds } = guideListings(guides, site.updated);
  const image = guides[0] ? { src: guides[0].image, alt: guides[0].imageAlt } : site.defaultImage;
  const listings = pages.map((page) => listingRoute(page, pageFields(context, { file: page.from?.file ?? site.file, description: page.description, updated: page.updated }, {
    template: 'guides', title: page.title, label: page.title, sitemapGroup: 'resources', titleField: page.from?.field ?? 'title', image, data: { guides: page.data },
  })));
  return [...listings, ...feeds];
}

export function notFoundPage(content: { site: Site }): PageFields & { source: string } {
  const { site } = content;
  return {
    template: 'not-found', title: 'Page not found', navLabel: 'Page not found', seoTitle: titleFor('Page not found', site),
    description: `The page you were looking for is not on the ${site.name} website.`, keywords: [], sitemapGroup: '',
    updated: site.updated, image: site.defaultImage, source: site.file,
  };
}
