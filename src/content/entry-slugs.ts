/**
 * Where a routed file goes: pages by their path under pages/, services by
 * their file name, locations by their `name`, each part made a slug by the
 * one rule (routes/urls.ts slugify), or set by a `slug:` field. A file
 * named `Office Cleaning.md` or `caf%C3%A9.md` goes to the clean URL a
 * Hugo or Astro user would expect (`office-cleaning`, `cafe`) rather than
 * failing: the rule is the same one location names follow. Two files that
 * end at one URL are the route table's duplicate error, naming both.
 */
import { CleansiteError } from '../core/errors.ts';
import { isCleanSlug, slugify } from '../routes/urls.ts';
import { findFieldLine } from './field-lines.ts';
import type { SourceFile } from './load-content.ts';

export type RouteSlug = { path: string } | { slug: string } | undefined;

/** A page's path or a service's or location's slug; undefined (with a problem pushed) when none can be made. */
export function deriveRouteSlug(source: SourceFile, data: Record<string, unknown>, errors: CleansiteError[]): RouteSlug {
  if (source.kind !== 'pages' && source.kind !== 'services' && source.kind !== 'locations') return undefined;
  const problem = (message: string, hint: string, line?: number) => {
    errors.push(new CleansiteError({ code: 'CONTENT_INVALID', message, hint, location: { file: source.file, line } }));
    return undefined;
  };
  const given = data.slug;
  if (typeof given === 'string' && !isCleanSlug(given)) {
    const clean = slugify(given);
    return problem(`slug: "${given}" is not a clean slug (lower-case letters a-z, digits and single hyphens)`,
      clean ? `write slug: ${clean}` : 'write the slug in letters a-z and digits, joined by hyphens', findFieldLine(source.frontMatter, ['slug']));
  }
  const override = typeof given === 'string' ? given : undefined;

  if (source.kind === 'pages') {
    const segments = pageSegments(source.relative);
    const empty = segments.findIndex((segment) => segment === '');
    if (empty !== -1) return problem(`the ${empty === segments.length - 1 ? 'file' : 'folder'} name gives an empty URL segment`, 'name it with letters or digits (a page\'s path comes from its file and folder names)');
    const index = segments.at(-1) === 'index';
    if (index && override) return problem('slug: an index page takes its path from its folder, so it cannot set a slug', 'remove the slug field, or rename the folder', findFieldLine(source.frontMatter, ['slug']));
    if (index) segments.pop();
    else if (override) segments[segments.length - 1] = override;
    return { path: `/${segments.join('/')}` };
  }
  if (override) return { slug: override };
  const from = source.kind === 'services' ? decodePercent(source.relative.replace(/^.*\//, '').replace(/\.md$/, '')) : String(data.name);
  const slug = slugify(from);
  if (slug === '') {
    return source.kind === 'services'
      ? problem('the file name gives an empty slug', 'name the file with letters or digits, or add a slug: field')
      : problem(`name: "${from}" gives an empty slug`, 'add a slug: field with the URL segment to use, such as slug: tokyo', findFieldLine(source.frontMatter, ['name']));
  }
  return { slug };
}

/** pages/index.md -> /, pages/About Us.md -> /about-us, pages/resources/index.md -> /resources (no `slug:` field considered). */
export function pagePath(relative: string): string {
  const segments = pageSegments(relative);
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

function pageSegments(relative: string): string[] {
  return relative.replace(/^pages\//, '').replace(/\.md$/, '').split('/').map((segment) => slugify(decodePercent(segment)));
}

/** `caf%C3%A9` -> `café`: a file name copied from a URL means the characters it encodes. */
function decodePercent(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
