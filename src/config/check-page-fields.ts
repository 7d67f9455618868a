/**
 * What a site's route rules return is checked where it is returned: a
 * collection's `routes.pages` and the site's `notFound` are wrapped once,
 * when the declaration is imported (load-config.ts), so that a page missing
 * a field, or with a field of the wrong kind, is reported with the
 * collection, the entry's file and the field, not as an engine crash later
 * ("Cannot read properties of undefined").
 */
import { CleansiteError } from '../core/errors.ts';
import type { Collection, PageFields, SiteConfig } from './site-config.ts';

const STRING_FIELDS = ['template', 'title', 'navLabel', 'seoTitle', 'description', 'sitemapGroup'] as const;

/** Why `value` is not a PageFields, as `field: what is wrong`, or undefined. */
export function findPageFieldsProblem(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return 'must be an object of page fields (template, title, navLabel, ...)';
  const page = value as Record<string, unknown>;
  for (const field of STRING_FIELDS) {
    if (typeof page[field] !== 'string') return `${field}: ${page[field] === undefined ? 'missing' : 'must be a string'}`;
  }
  if (!Array.isArray(page.keywords) || page.keywords.some((keyword) => typeof keyword !== 'string')) return `keywords: ${page.keywords === undefined ? 'missing' : 'must be a list of strings'}`;
  if (!(page.updated instanceof Date) || Number.isNaN(page.updated.getTime())) return `updated: ${page.updated === undefined ? 'missing' : 'must be a valid Date'}`;
  const image = page.image as Record<string, unknown> | undefined;
  if (!image || typeof image !== 'object' || typeof image.src !== 'string' || typeof image.alt !== 'string') return `image: ${image === undefined ? 'missing' : 'must be { src, alt }'}`;
  return undefined;
}

/** The declaration with its route rules checked as they return. */
export function withCheckedPages<C extends SiteConfig>(config: C, shownAs: string): C {
  const collections: Record<string, Collection> = {};
  for (const [name, collection] of Object.entries(config.collections)) {
    const routes = collection.routes;
    collections[name] = routes ? { ...collection, routes: { ...routes, pages: checkedPages(name, routes.pages) } } : collection;
  }
  const notFound: SiteConfig['notFound'] = (content) => {
    const page = config.notFound(content);
    const problem = findPageFieldsProblem(page) ?? (typeof page?.source === 'string' ? undefined : 'source: missing (the file the 404 page is reported against)');
    if (problem) throw new CleansiteError({ code: 'CONFIG_INVALID', message: `notFound returned a page without what the engine needs: ${problem}`, location: { file: shownAs } });
    return page;
  };
  return { ...config, collections, notFound };
}

function checkedPages(name: string, pages: NonNullable<Collection['routes']>['pages']): NonNullable<Collection['routes']>['pages'] {
  return (entries, context) => {
    const result: PageFields[] = pages(entries, context);
    if (!Array.isArray(result)) throw new CleansiteError({ code: 'CONTENT_INVALID', message: `collections.${name}.routes.pages must return a list of pages, one per entry` });
    result.forEach((page, index) => {
      const problem = findPageFieldsProblem(page);
      if (!problem) return;
      throw new CleansiteError({
        code: 'CONTENT_INVALID',
        message: `collections.${name}.routes.pages gave this entry a page without what the engine needs: ${problem}`,
        hint: 'every page needs template, title, navLabel, seoTitle, description, keywords, sitemapGroup, updated (a Date) and image ({ src, alt })',
        location: { file: (entries[index] as { file?: string } | undefined)?.file ?? 'site.config.ts' },
      });
    });
    return result;
  };
}
