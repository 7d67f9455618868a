/**
 * The routes of one routed collection: one page per entry (or none, where
 * the site's `pages` gives null), and whatever its `generate` adds (listing
 * pages, term pages, feeds, more pages of one entry). Every result is
 * checked before it becomes a route (route-fields.ts).
 */
import type { Collection, GeneratedRoute, PageFields, RouteContext } from '../config/site-config.ts';
import type { Entry } from '../content/entry-types.ts';
import { CleansiteError } from '../core/errors.ts';
import { generatedRouteProblems, pageFieldProblems, withPageDefaults } from './route-fields.ts';

/** One route to place: its path, fields, source file and entry (an index into the collection), before URLs are added. */
export interface PlacedRoute {
  path: string;
  fields: PageFields;
  source: string;
  entry: { collection: string; index: number } | null;
  listed?: boolean;
}

const CONFIG_FILE = 'site.config.ts';

/** The routes of `collection`, its problems pushed onto `errors`. */
export function collectionRoutes(collection: string, declared: Collection, entries: readonly Entry[], context: RouteContext, errors: CleansiteError[]): PlacedRoute[] {
  const rules = declared.routes!;
  const fn = `collections.${collection}.routes.pages`;
  const pages = rules.pages(entries as never[], context) as unknown;
  if (!Array.isArray(pages) || pages.length !== entries.length) {
    errors.push(new CleansiteError({
      code: 'CONTENT_INVALID', location: { file: CONFIG_FILE },
      message: `${fn} gave ${Array.isArray(pages) ? pages.length : 'no list of'} pages for ${entries.length} entries`,
      hint: 'return one PageFields per entry, in the order given, or null for an entry with no page of its own (more routes come from routes.generate)',
    }));
    return [];
  }
  const placed: PlacedRoute[] = [];
  const base = rules.base ?? '';
  entries.forEach((entry, index) => {
    const page = pages[index] as PageFields | null;
    if (page === null) return;
    const problems = pageFieldProblems(page, { fn, file: entry.file, which: `the entry's page` });
    if (problems.length > 0) return void errors.push(...problems);
    const path = rules.slug === 'path' ? String(entry.path) : `${base}/${String(entry.slug)}`;
    placed.push({ path, fields: page, source: entry.file, entry: { collection, index } });
  });
  if (rules.generate) placed.push(...generatedRoutes(`collections.${collection}.routes.generate`, rules.generate(entries as never[], context), entries, collection, errors));
  return placed;
}

/** Checked routes of a `generate` function (a collection's, or the site's with `collection` undefined). */
export function generatedRoutes(fn: string, given: unknown, entries: readonly Entry[], collection: string | undefined, errors: CleansiteError[]): PlacedRoute[] {
  if (!Array.isArray(given)) {
    errors.push(new CleansiteError({ code: 'CONTENT_INVALID', message: `${fn} gave no list of routes`, hint: 'return a list of { path, template, title, updated, ... }', location: { file: CONFIG_FILE } }));
    return [];
  }
  const placed: PlacedRoute[] = [];
  given.forEach((value: GeneratedRoute, index) => {
    const entryFile = value?.entry === undefined ? undefined : entries[value.entry]?.file;
    const source = (typeof value?.source === 'string' ? value.source : undefined) ?? entryFile ?? CONFIG_FILE;
    const problems = generatedRouteProblems(value, { fn, file: source, index }, collection === undefined ? 0 : entries.length);
    if (problems.length > 0) return void errors.push(...problems);
    placed.push({
      path: value.path, fields: withPageDefaults(value), source,
      entry: value.entry === undefined || collection === undefined ? null : { collection, index: value.entry },
      listed: value.listed ?? true,
    });
  });
  return placed;
}
