/**
 * The site's menus and site map, resolved against the route table by the
 * site's own `navigation` (site.config.ts) with the tools here: a link to
 * a path with no route is a build error naming the file, so the menus can
 * never link to a page that was not built.
 */
import type { NavigationTools, SiteConfig } from '../config/site-config.ts';
import type { Content } from '../content/entry-types.ts';
import { CleansiteError, CleansiteErrorList } from '../core/errors.ts';
import type { Route, RouteTable } from './route-table.ts';

export function buildNavigation<Navigation extends object>(config: Pick<SiteConfig<any, Navigation>, 'navigation' | 'collections'>, content: Content, table: RouteTable): Navigation {
  const errors: CleansiteError[] = [];
  const rank = new Map(Object.keys(config.collections).map((name, index) => [name, index]));
  const tools: NavigationTools = {
    problem({ file, message, hint, line, code }) {
      errors.push(new CleansiteError({ code: code ?? 'CONTENT_INVALID', message, hint, location: { file, line } }));
    },
    link(path, { label, field, file }) {
      const route = table.byPath.get(path);
      if (route) return { label: label ?? route.navLabel, path, url: route.url };
      errors.push(new CleansiteError({
        code: 'UNKNOWN_ROUTE',
        message: `${field}: ${path} is not a page of this site`,
        hint: 'link to an existing route, or add the page under content/',
        location: { file },
      }));
      return undefined;
    },
    routesInContentOrder(routes) {
      const order = (route: Route) => (route.entry ? (rank.get(route.entry.collection) ?? rank.size) * 1e9 + route.entry.index : Number.MAX_SAFE_INTEGER);
      return [...routes].sort((a, b) => order(a) - order(b));
    },
  };
  const navigation = config.navigation(content, table, tools);
  if (errors.length > 0) throw new CleansiteErrorList(errors);
  return navigation;
}
