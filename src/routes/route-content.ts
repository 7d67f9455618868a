/**
 * Stage 3, route: the route table and the navigation of loaded content, as
 * the site source (session/site-source.ts) makes them for `build` and watch,
 * by the site's declaration.
 */
import type { ContentLoad, FingerprintedEntry } from '../content/content-loader.ts';
import type { SiteConfig } from '../config/site-config.ts';
import type { Content } from '../content/entry-types.ts';
import type { CleansiteError } from '../core/errors.ts';
import { buildNavigation } from './navigation.ts';
import { resolveBuildDate } from '../core/format.ts';
import { publishedContent, type LeftOutEntry, type PublishOptions } from './publish-entries.ts';
import { buildRouteTable, type RouteTable } from './route-table.ts';

/** The site after stages 1-3: content, route table and navigation. */
export interface LoadedSite {
  content: Content;
  table: RouteTable;
  /** The site's own menus (its site.config.ts `navigation`). */
  navigation: object;
  baseUrl: string;
  /** The site's name, as its config's `settings` gives it. */
  siteName: string;
  /** Entry `file` -> fingerprint of its source, when loaded through the content cache. */
  fingerprints?: ReadonlyMap<string, string>;
  /** Every entry with its fingerprint, in file order, when loaded through the content cache (render workers need them). */
  items?: readonly FingerprintedEntry[];
  /** Writes the content cache, when it changed. */
  saveCache?: () => void;
  /** Content files found, how many of them were parsed (the rest came from the content cache), and how many of those by workers. */
  files?: { found: number; parsed: number; elsewhere: number };
  /** Entries left out of this build (drafts, scheduled), for the summary. */
  leftOut: LeftOutEntry[];
  /**
   * Set when a render worker routed the site and this thread holds no content (a build's parse
   * helpers): what it found that this thread would otherwise find in the content, the broken
   * references and the image uses (session/site-source.ts).
   */
  checkedElsewhere?: { references: CleansiteError[]; imageUses: ReadonlyArray<[string, string | undefined]> };
}

/**
 * `baseUrl` overrides the site config's (the --base-url option). Drafts and entries scheduled after
 * the build date (default: today in the site's time zone) are left out first, so nothing routes them.
 */
export function routeContent(config: SiteConfig, loaded: Pick<ContentLoad, 'content' | 'fingerprints'>, baseUrl: string | undefined, publish: Partial<PublishOptions> = {}): LoadedSite {
  const { content, leftOut } = publishedContent(loaded.content, { buildDate: publish.buildDate ?? resolveBuildDate(config.utcOffsetHours), drafts: publish.drafts ?? false });
  const table = buildRouteTable(config, content);
  const navigation = buildNavigation(config, content, table);
  const settings = config.settings(content);
  return { content, table, navigation, baseUrl: baseUrl ?? settings.baseUrl, siteName: settings.name, fingerprints: loaded.fingerprints, leftOut };
}
