/**
 * Stage 3, route: the route table and the navigation of loaded content, as
 * `build` (build.ts loadSite) and watch (watch-session.ts) both make them.
 */
import type { ContentLoad, FingerprintedEntry } from '../content/content-loader.ts';
import type { SiteContent } from '../content/schemas.ts';
import { buildNavigation, type Navigation } from './navigation.ts';
import { buildRouteTable, type RouteTable } from './route-table.ts';

/** The site after stages 1-3: content, route table and navigation. */
export interface LoadedSite {
  content: SiteContent;
  table: RouteTable;
  navigation: Navigation;
  baseUrl: string;
  /** Entry `file` -> fingerprint of its source, when loaded through the content cache. */
  fingerprints?: ReadonlyMap<string, string>;
  /** Every entry with its fingerprint, in file order, when loaded through the content cache (render workers need them). */
  items?: readonly FingerprintedEntry[];
  /** Writes the content cache, when it changed. */
  saveCache?: () => void;
  /** Content files found, how many of them were parsed (the rest came from the content cache), and how many of those by workers. */
  files?: { found: number; parsed: number; elsewhere: number };
}

/** `baseUrl` overrides the site config's (the --base-url option). */
export function routeContent(loaded: Pick<ContentLoad, 'content' | 'fingerprints'>, baseUrl: string | undefined): LoadedSite {
  const table = buildRouteTable(loaded.content);
  const navigation = buildNavigation(loaded.content, table);
  return { content: loaded.content, table, navigation, baseUrl: baseUrl ?? loaded.content.site.baseUrl, fingerprints: loaded.fingerprints };
}
