/**
 * Stage 3, route: the one route table. Every output page, the site's menus,
 * the human site map and sitemap.xml are all derived from it, so they
 * cannot disagree. Which entries become pages, and their titles and
 * templates, is the site's to say (each collection's `routes`); the URL
 * policy and the checks are the engine's.
 */
import type { PageFields, SiteConfig } from '../config/site-config.ts';
import type { Content, Entry } from '../content/entry-types.ts';
import { CleansiteError, CleansiteErrorList } from '../core/errors.ts';
import { toOutputFile, toUrl } from '../core/urls.ts';

/** Which content entry a route renders: an index into its collection's list. */
export interface RouteEntry {
  collection: string;
  index: number;
}

/** One output page: its collection's PageFields, placed by the engine. */
export interface Route<Data = unknown> extends Pick<PageFields<Data>, 'template' | 'title' | 'navLabel' | 'seoTitle' | 'description' | 'keywords' | 'sitemapGroup' | 'image' | 'data'> {
  /** Site path without trailing slash: `/`, `/about`, `/books/paper-cities`. */
  path: string;
  /** Public URL under the trailing-slash policy: `/about/`. */
  url: string;
  /** File inside the output folder: `about/index.html`. */
  outputFile: string;
  /** ISO date (YYYY-MM-DD) of the content's last change (PageFields' `updated`). */
  lastmod: string;
  /** Source file the route comes from. */
  source: string;
  /** The entry it renders; null for the 404 page. */
  entry: RouteEntry | null;
  /** False for pages that are not part of the site map (the 404 page). */
  listed: boolean;
}

export interface RouteTable {
  /** Sorted by path, so output order is deterministic. */
  routes: Route[];
  byPath: ReadonlyMap<string, Route>;
}

/** Every page of every routed collection, plus the 404 page; throws a CleansiteErrorList. */
export function buildRouteTable(config: Pick<SiteConfig, 'collections' | 'notFound'>, content: Content): RouteTable {
  const errors: CleansiteError[] = [];
  const routes: Route[] = [];
  const context = {
    content,
    problem({ file, message, hint, line, code }: { file: string; message: string; hint?: string; line?: number; code?: 'CONTENT_INVALID' | 'UNKNOWN_ROUTE' }) {
      errors.push(new CleansiteError({ code: code ?? 'CONTENT_INVALID', message, hint, location: { file, line } }));
    },
  };
  const toRoute = (path: string, fields: PageFields, source: string, entry: RouteEntry | null): Route => ({
    path, url: toUrl(path), outputFile: toOutputFile(path), template: fields.template,
    title: fields.title, navLabel: fields.navLabel, seoTitle: fields.seoTitle,
    description: fields.description, keywords: fields.keywords, sitemapGroup: fields.sitemapGroup,
    lastmod: fields.updated.toISOString().slice(0, 10), image: fields.image, source, entry, listed: entry !== null,
    ...(fields.data === undefined ? {} : { data: fields.data }),
  });

  for (const [collection, declared] of Object.entries(config.collections)) {
    if (!declared.routes) continue;
    const entries = (content[collection] ?? []) as Entry[];
    const pages = declared.routes.pages(entries, context);
    if (pages.length !== entries.length) {
      throw new CleansiteError({ code: 'CONTENT_INVALID', message: `collections.${collection}.routes.pages gave ${pages.length} pages for ${entries.length} entries`, hint: 'return one page per entry, in the order given', location: { file: 'site.config.ts' } });
    }
    const base = declared.routes.base ?? '';
    entries.forEach((entry, index) => {
      const path = declared.routes!.slug === 'path' ? String(entry.path) : `${base}/${String(entry.slug)}`;
      routes.push(toRoute(path, pages[index]!, entry.file, { collection, index }));
    });
  }
  const notFound = config.notFound(content);
  routes.push({ ...toRoute('/404', notFound, notFound.source, null), url: '/404.html', outputFile: '404.html' });

  const byPath = new Map<string, Route>();
  for (const route of routes) {
    const existing = byPath.get(route.path);
    if (existing) {
      errors.push(new CleansiteError({
        code: 'DUPLICATE_ROUTE',
        message: `${route.path} is produced by two files: ${existing.source} and ${route.source}`,
        hint: duplicateHint(config, route),
        location: { file: route.source },
      }));
    } else byPath.set(route.path, route);
  }

  if (errors.length > 0) throw new CleansiteErrorList(errors);

  routes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { routes, byPath };
}

/** Two entries whose slugs come from a field (say, place names) collide when the names slugify alike. */
function duplicateHint(config: Pick<SiteConfig, 'collections'>, route: Route): string {
  const slug = route.entry ? config.collections[route.entry.collection]?.routes?.slug : undefined;
  return slug && typeof slug === 'object'
    ? `two ${route.entry!.collection} entries have ${slug.field}s that give the same slug; rename one, or give it a slug: field`
    : 'rename one of them, or give it a slug: field';
}
