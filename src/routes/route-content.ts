/**
 * Stage 3, route: the route table and the navigation of loaded content, as
 * `build` (build.ts loadSite) and watch (watch-session.ts) both make them.
 */
import type { LoadedSite } from '../build.ts';
import type { ContentLoad } from '../content/content-loader.ts';
import { buildNavigation } from './navigation.ts';
import { buildRouteTable } from './route-table.ts';

/** `baseUrl` overrides the site config's (the --base-url option). */
export function routeContent(loaded: Pick<ContentLoad, 'content' | 'fingerprints'>, baseUrl: string | undefined): LoadedSite {
  const table = buildRouteTable(loaded.content);
  const navigation = buildNavigation(loaded.content, table);
  return { content: loaded.content, table, navigation, baseUrl: baseUrl ?? loaded.content.site.baseUrl, fingerprints: loaded.fingerprints };
}
