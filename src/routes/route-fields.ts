/**
 * What a site's route functions return is checked when they return it, as
 * schemas check content: a missing or mistyped field is one problem naming
 * the collection, the entry's file and the field, never a crash later in a
 * template or a page silently written without a title.
 */
import type { GeneratedRoute, PageFields } from '../config/site-config.ts';
import { CleansiteError } from '../core/errors.ts';
import { fileExtension } from '../core/urls.ts';

/** Where a route function's result came from, for the message. */
export interface RouteOrigin {
  /** `collections.guides.routes.pages` or `generate`. */
  fn: string;
  /** The file the problem is reported against. */
  file: string;
  /** Which result: `page 3`, `/guides/page/2`. */
  which: string;
}

const TEXT_FIELDS = ['template', 'title', 'navLabel', 'seoTitle', 'description', 'sitemapGroup'] as const;

/** A problem per wrong field of a page's fields; `textOnly` asks only what a text file needs. */
export function pageFieldProblems(value: unknown, origin: RouteOrigin, textOnly = false): CleansiteError[] {
  const problem = (field: string, wrong: string) => new CleansiteError({
    code: 'CONTENT_INVALID',
    message: `${origin.fn} gave ${origin.which} ${wrong === 'not an object' ? 'something that is not an object' : `a "${field}" field that ${wrong}`}`,
    hint: wrong === 'not an object' ? 'return PageFields (template, title, updated, ...) or null for an entry with no page' : `set ${field} in what ${origin.fn} returns`,
    location: { file: origin.file },
  });
  if (value === null || typeof value !== 'object') return [problem('', 'not an object')];
  const fields = value as Record<string, unknown>;
  const problems: CleansiteError[] = [];
  for (const field of textOnly ? (['template', 'title'] as const) : TEXT_FIELDS) {
    const given = fields[field];
    if (typeof given !== 'string') problems.push(problem(field, given === undefined ? 'is missing' : 'is not text'));
    else if (given.trim() === '' && field !== 'sitemapGroup' && field !== 'description') problems.push(problem(field, 'is empty'));
  }
  if (!(fields.updated instanceof Date) || Number.isNaN(fields.updated.getTime())) problems.push(problem('updated', fields.updated === undefined ? 'is missing' : 'is not a valid Date'));
  if (!textOnly) {
    if (!Array.isArray(fields.keywords) || fields.keywords.some((keyword) => typeof keyword !== 'string')) problems.push(problem('keywords', fields.keywords === undefined ? 'is missing' : 'is not a list of text'));
    const image = fields.image as Record<string, unknown> | undefined;
    if (!image || typeof image.src !== 'string' || typeof image.alt !== 'string') problems.push(problem('image', image === undefined ? 'is missing' : 'is not { src, alt }'));
  }
  return problems;
}

/** A generated route's own problems: its path, its entry index, then its fields. */
export function generatedRouteProblems(value: unknown, origin: Omit<RouteOrigin, 'which'> & { index: number }, entries: number): CleansiteError[] {
  const route = (value ?? {}) as Partial<GeneratedRoute>;
  const which = typeof route.path === 'string' ? route.path : `route ${origin.index + 1}`;
  const at = { ...origin, which };
  const fail = (message: string, hint: string) => [new CleansiteError({ code: 'CONTENT_INVALID', message: `${origin.fn} gave ${which} ${message}`, hint, location: { file: origin.file } })];
  if (value === null || typeof value !== 'object') return pageFieldProblems(value, at);
  if (typeof route.path !== 'string' || !/^\/([a-z0-9._-]+\/)*[a-z0-9._-]*$/.test(route.path) || /(^|\/)\.\.?(\/|$)/.test(route.path) || (route.path !== '/' && route.path.endsWith('/'))) {
    return fail('a path that is not a site path', 'a path is /segments of lower-case letters, digits, dots and hyphens with no trailing slash, such as /guides/page/2 or /guides/feed.xml');
  }
  if (route.entry !== undefined && !(Number.isInteger(route.entry) && route.entry >= 0 && route.entry < entries)) {
    return fail(`an entry index ${String(route.entry)} outside its ${entries} entries`, 'entry is the index of an entry in the list the function was given');
  }
  return pageFieldProblems(value, at, fileExtension(route.path) !== undefined);
}

/** Fills what a text file's route may leave out, so every route has every field. */
export function withPageDefaults(route: GeneratedRoute): PageFields {
  return {
    template: route.template, title: route.title, updated: route.updated,
    navLabel: route.navLabel ?? route.title, seoTitle: route.seoTitle ?? route.title,
    description: route.description ?? '', keywords: route.keywords ?? [], sitemapGroup: route.sitemapGroup ?? '',
    image: route.image ?? { src: '', alt: '' },
    ...(route.data === undefined ? {} : { data: route.data }),
  };
}
