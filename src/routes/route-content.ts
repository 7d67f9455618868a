/**
 * Stage 3, route: the route table and the navigation of loaded content, as
 * `build` (build.ts loadSite) and watch (watch-session.ts) both make them,
 * by the site's declaration.
 */
import type { LoadedSite } from '../build.ts';
import type { ContentLoad } from '../content/content-loader.ts';
import type { SiteConfig } from '../config/site-config.ts';
import { buildNavigation } from './navigation.ts';
import { buildRouteTable } from './route-table.ts';

/** `baseUrl` overrides the site config's (the --base-url option). */
export function routeContent(config: SiteConfig, loaded: Pick<ContentLoad, 'content' | 'fingerprints'>, baseUrl: string | undefined): LoadedSite {
  const table = buildRouteTable(config, loaded.content);
  const navigation = buildNavigation(config, loaded.content, table);
  const settings = config.settings(loaded.content);
  return { content: loaded.content, table, navigation, baseUrl: baseUrl ?? settings.baseUrl, siteName: settings.name, fingerprints: loaded.fingerprints };
}
