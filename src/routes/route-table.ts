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
import { shareRepeatedStrings } from '../core/share-strings.ts';
import { outputFormat, toOutputFile, toUrl } from '../core/urls.ts';
import { collectionRoutes, generatedRoutes, type PlacedRoute } from './collection-routes.ts';

/** Which content entry a route renders: an index into its collection's list. */
export interface RouteEntry {
  collection: string;
  index: number;
}

/** One output page or file: its collection's PageFields, placed by the engine. */
export interface Route<Data = unknown> extends Pick<PageFields<Data>, 'template' | 'title' | 'navLabel' | 'seoTitle' | 'description' | 'keywords' | 'sitemapGroup' | 'image' | 'data'> {
  /** Site path without trailing slash: `/`, `/about`, `/books/paper-cities`, or a file: `/books/feed.xml`. */
  path: string;
  /** Public URL under the trailing-slash policy: `/about/` (a file's is its path). */
  url: string;
  /** File inside the output folder: `about/index.html`, `books/feed.xml`. */
  outputFile: string;
  /** `html` for a page; else the file's extension (`xml`, `json`, `txt`): its template returns text. */
  format: string;
  /** ISO date (YYYY-MM-DD) of the content's last change (PageFields' `updated`). */
  lastmod: string;
  /** Source file the route comes from. */
  source: string;
  /** The entry it renders; null for the 404 page and for routes of a whole collection. */
  entry: RouteEntry | null;
  /** False for routes that are not part of the site maps (the 404 page, text files, routes generated as unlisted). */
  listed: boolean;
  /** True on the pages of an entry marked `draft: true` (watch shows them; build leaves them out). */
  draft?: true;
}

export interface RouteTable {
  /** Sorted by path, so output order is deterministic. */
  routes: Route[];
  byPath: ReadonlyMap<string, Route>;
}

/** Every route of every routed collection and of the site, plus the 404 page; throws a CleansiteErrorList. */
export function buildRouteTable(config: Pick<SiteConfig, 'collections' | 'notFound' | 'generate'>, content: Content): RouteTable {
  const errors: CleansiteError[] = [];
  const context = {
    content,
    problem({ file, message, hint, line, code }: { file: string; message: string; hint?: string; line?: number; code?: 'CONTENT_INVALID' | 'UNKNOWN_ROUTE' }) {
      errors.push(new CleansiteError({ code: code ?? 'CONTENT_INVALID', message, hint, location: { file, line } }));
    },
  };
  const placed: PlacedRoute[] = [];
  for (const [collection, declared] of Object.entries(config.collections)) {
    if (declared.routes) placed.push(...collectionRoutes(collection, declared, (content[collection] ?? []) as Entry[], context, errors));
  }
  if (config.generate) placed.push(...generatedRoutes('generate', config.generate(content, context), [], undefined, errors));
  const routes = placed.map((route) => toRoute(route, content));
  const notFound = config.notFound(content);
  routes.push({ ...toRoute({ path: '/404', fields: notFound, source: notFound.source, entry: null, listed: false }, content), url: '/404.html', outputFile: '404.html' });

  const byPath = new Map<string, Route>();
  // By output file too: a route at /404.html would write over the 404 page.
  const byFile = new Map<string, Route>();
  for (const route of routes) {
    const existing = byPath.get(route.path) ?? byFile.get(route.outputFile);
    if (existing) {
      errors.push(new CleansiteError({
        code: 'DUPLICATE_ROUTE',
        message: existing.path === route.path
          ? `${route.path} is produced by two files: ${existing.source} and ${route.source}`
          : `${existing.path} and ${route.path} both write ${route.outputFile}: ${existing.source} and ${route.source}`,
        hint: duplicateHint(config, route),
        location: { file: route.source },
      }));
    } else {
      byPath.set(route.path, route);
      byFile.set(route.outputFile, route);
    }
  }

  if (errors.length > 0) throw new CleansiteErrorList(errors);

  // Paths, groups and dates that many routes repeat (each page lists nearby pages), once per thread.
  shareRepeatedStrings(routes);
  routes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { routes, byPath };
}

function toRoute({ path, fields, source, entry, listed }: PlacedRoute, content: Content): Route {
  const format = outputFormat(path);
  const draft = entry !== null && ((content[entry.collection] as Entry[] | undefined)?.[entry.index] as { draft?: unknown } | undefined)?.draft === true;
  return {
    path, url: toUrl(path), outputFile: toOutputFile(path), format, template: fields.template,
    title: fields.title, navLabel: fields.navLabel, seoTitle: fields.seoTitle,
    description: fields.description, keywords: fields.keywords, sitemapGroup: fields.sitemapGroup,
    lastmod: fields.updated.toISOString().slice(0, 10), image: fields.image, source, entry,
    listed: format === 'html' && (listed ?? entry !== null),
    ...(fields.data === undefined ? {} : { data: fields.data }),
    ...(draft ? { draft: true as const } : {}),
  };
}

/** Two entries whose slugs come from a field (say, place names) collide when the names slugify alike. */
function duplicateHint(config: Pick<SiteConfig, 'collections'>, route: Route): string {
  const slug = route.entry ? config.collections[route.entry.collection]?.routes?.slug : undefined;
  return slug && typeof slug === 'object'
    ? `two ${route.entry!.collection} entries have ${slug.field}s that give the same slug; rename one, or give it a slug: field`
    : 'rename one of them, or give it a slug: field';
}
