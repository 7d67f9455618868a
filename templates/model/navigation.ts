/**
 * This site's menus and human site map, made from `navigation` in
 * content/site.md and the sitemap groups, resolved against the route table
 * with the engine's link tool (a path with no route is a build error).
 */
import { slugify, type NavigationTools, type RouteTable } from 'cleansite';
import type { Location, NavEntry, Site, SitemapGroup } from './schemas.ts';

/** What the menus and the site map are made from. */
interface NavigationContent {
  site: Site;
  locations: readonly Location[];
  sitemapGroups: readonly SitemapGroup[];
}

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

export function buildNavigation(content: NavigationContent, table: RouteTable, tools: NavigationTools): Navigation {
  const { navigation, file } = content.site;
  const link = (path: string, label: string | undefined, field: string) => optional(tools.link(path, { label, field: `navigation.${field}`, file }));

  const resolve = (entries: NavEntry[], field: string): NavItem[] =>
    entries.flatMap((entry): NavItem[] => {
      if (typeof entry === 'string') return link(entry, undefined, field);
      if ('path' in entry) return link(entry.path, entry.label, field);
      const links = content.locations
        .filter((location) => location.featured && location.region === entry.region)
        .flatMap((location) => link(`/locations/${location.slug}`, location.name, field));
      return [{ title: entry.region, key: slugify(entry.region), links }];
    });

  return {
    header: navigation.header.flatMap((path) => link(path, undefined, 'header')),
    servicesMenu: resolve(navigation.servicesMenu, 'servicesMenu'),
    mobileServicesMenu: resolve(navigation.mobileServicesMenu, 'mobileServicesMenu'),
    footerQuickLinks: resolve(navigation.footerQuickLinks, 'footerQuickLinks'),
    footerServices: resolve(navigation.footerServices, 'footerServices'),
    footerAreas: resolve(navigation.footerAreas, 'footerAreas'),
    legal: resolve(navigation.legal, 'legal'),
    sitemap: buildSitemapGroups(content, table, tools),
  };
}

/** Groups in content order; within a group, routes keep the order of their content (the `order` field). */
function buildSitemapGroups(content: NavigationContent, table: RouteTable, tools: NavigationTools): NavGroup[] {
  const listed = tools.routesInContentOrder(table.routes.filter((route) => route.listed));
  return content.sitemapGroups.map((group) => ({
    title: group.title,
    key: group.key,
    links: listed.filter((route) => route.sitemapGroup === group.key).map((route) => ({ label: route.navLabel, path: route.path, url: route.url })),
  }));
}

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}
