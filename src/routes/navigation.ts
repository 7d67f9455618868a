/**
 * Header, footer and human-sitemap data, resolved against the route table.
 * A navigation entry that names a path with no route is a build error, so
 * the menus can never link to a page that was not built.
 */
import { CleansiteError, CleansiteErrorList } from '../core/errors.ts';
import type { NavEntry, SiteContent } from '../content/schemas.ts';
import type { RouteTable } from './route-table.ts';
import { slugify } from './urls.ts';

export interface NavLink {
  label: string;
  path: string;
  url: string;
}

export interface NavGroup {
  title: string;
  key: string;
  links: NavLink[];
}

export type NavItem = NavLink | NavGroup;

export interface Navigation {
  header: NavLink[];
  servicesMenu: NavItem[];
  mobileServicesMenu: NavItem[];
  footerQuickLinks: NavItem[];
  footerServices: NavItem[];
  footerAreas: NavItem[];
  legal: NavItem[];
  /** The human site map: every listed route, grouped as content/sitemap-groups says. */
  sitemap: NavGroup[];
}

export function isNavGroup(item: NavItem): item is NavGroup {
  return 'links' in item;
}

export function buildNavigation(content: SiteContent, table: RouteTable): Navigation {
  const errors: CleansiteError[] = [];
  const { navigation } = content.site;

  const link = (path: string, label: string | undefined, field: string): NavLink | undefined => {
    const route = table.byPath.get(path);
    if (!route) {
      errors.push(new CleansiteError({
        code: 'UNKNOWN_ROUTE',
        message: `navigation.${field}: ${path} is not a page of this site`,
        hint: 'link to an existing route, or add the page under content/',
        location: { file: content.site.file },
      }));
      return undefined;
    }
    return { label: label ?? route.navLabel, path, url: route.url };
  };

  const resolve = (entries: NavEntry[], field: string): NavItem[] =>
    entries.flatMap((entry): NavItem[] => {
      if (typeof entry === 'string') return optional(link(entry, undefined, field));
      if ('path' in entry) return optional(link(entry.path, entry.label, field));
      const links = content.locations
        .filter((location) => location.featured && location.region === entry.region)
        .flatMap((location) => optional(link(`/locations/${location.slug}`, location.name, field)));
      return [{ title: entry.region, key: slugify(entry.region), links }];
    });

  const result: Navigation = {
    header: navigation.header.flatMap((path) => optional(link(path, undefined, 'header'))),
    servicesMenu: resolve(navigation.servicesMenu, 'servicesMenu'),
    mobileServicesMenu: resolve(navigation.mobileServicesMenu, 'mobileServicesMenu'),
    footerQuickLinks: resolve(navigation.footerQuickLinks, 'footerQuickLinks'),
    footerServices: resolve(navigation.footerServices, 'footerServices'),
    footerAreas: resolve(navigation.footerAreas, 'footerAreas'),
    legal: resolve(navigation.legal, 'legal'),
    sitemap: buildSitemapGroups(content, table),
  };
  if (errors.length > 0) throw new CleansiteErrorList(errors);
  return result;
}

/** Groups in content order; within a group, routes keep the order of their content (the `order` field). */
function buildSitemapGroups(content: SiteContent, table: RouteTable): NavGroup[] {
  const contentOrder = (path: string): number => {
    const route = table.byPath.get(path)!;
    const kindRank = { page: 0, service: 1, location: 2, none: 3 }[route.entry.kind];
    const index = 'index' in route.entry ? route.entry.index : 0;
    return kindRank * 100_000 + index;
  };
  return content.sitemapGroups.map((group) => ({
    title: group.title,
    key: group.key,
    links: table.routes
      .filter((route) => route.listed && route.sitemapGroup === group.key)
      .sort((a, b) => contentOrder(a.path) - contentOrder(b.path))
      .map((route) => ({ label: route.navLabel, path: route.path, url: route.url })),
  }));
}

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}
