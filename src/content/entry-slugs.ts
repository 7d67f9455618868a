/**
 * Where a routed file goes, by its collection's slug rule: by its path under
 * the collection's folder (`path`), its file name (`file`), or a field such
 * as `name`, each part made a slug by the one rule (core/urls.ts
 * slugify), or set by a `slug:` field. A file named `Office Cleaning.md` or
 * `caf%C3%A9.md` goes to the clean URL a Hugo or Astro user would expect
 * (`office-cleaning`, `cafe`) rather than failing. Two files that end at
 * one URL are the route table's duplicate error, naming both.
 */
import { CleansiteError } from '../core/errors.ts';
import { isCleanSlug, slugify } from '../core/urls.ts';
import type { AnyCollection } from '../config/site-config.ts';
import { folderOf } from './collections.ts';
import type { SourceFile } from './load-content.ts';

export type RouteSlug = { path: string } | { slug: string } | undefined;

/** A routed entry's path (`path` rule) or slug; undefined (with a problem pushed) when none can be made, or for an unrouted collection. */
export function deriveRouteSlug(source: SourceFile, data: Record<string, unknown>, errors: CleansiteError[], collection: AnyCollection): RouteSlug {
  const rule = collection.routes?.slug;
  if (rule === undefined) return undefined;
  const problem = (message: string, hint: string, line?: number) => {
    errors.push(new CleansiteError({ code: 'CONTENT_INVALID', message, hint, location: { file: source.file, line } }));
    return undefined;
  };
  const given = data.slug;
  if (typeof given === 'string' && !isCleanSlug(given)) {
    const clean = slugify(given);
    return problem(`slug: "${given}" is not a clean slug (lower-case letters a-z, digits and single hyphens)`,
      clean ? `write slug: ${clean}` : 'write the slug in letters a-z and digits, joined by hyphens', source.lines.lineOf(['slug']));
  }
  const override = typeof given === 'string' ? given : undefined;
  if (source.listIndex !== undefined && typeof rule !== 'object' && !override) {
    return problem(`item ${source.listIndex + 1} of the list has no slug: every entry of a list file would get the file's ${rule === 'path' ? 'path' : 'name'}`,
      `give each entry a slug: field${rule === 'file' ? ", or make the collection's slug rule a field, such as slug: { field: 'name' }" : ''}`, source.lines.lineOf([]));
  }

  if (rule === 'path') {
    const segments = pageSegments(source.relative, folderOf(collection));
    const empty = segments.findIndex((segment) => segment === '');
    if (empty !== -1) return problem(`the ${empty === segments.length - 1 ? 'file' : 'folder'} name gives an empty URL segment`, 'name it with letters or digits (a page\'s path comes from its file and folder names)');
    const index = segments.at(-1) === 'index';
    if (index && override) return problem('slug: an index page takes its path from its folder, so it cannot set a slug', 'remove the slug field, or rename the folder', source.lines.lineOf(['slug']));
    if (index) segments.pop();
    else if (override) segments[segments.length - 1] = override;
    return { path: `/${segments.join('/')}` };
  }
  if (override) return { slug: override };
  const from = rule === 'file' ? decodePercent(source.relative.replace(/^.*\//, '').replace(/\.(md|ya?ml|json)$/, '')) : String(data[rule.field]);
  const slug = slugify(from);
  if (slug === '') {
    return rule === 'file'
      ? problem('the file name gives an empty slug', 'name the file with letters or digits, or add a slug: field')
      : problem(`${rule.field}: "${from}" gives an empty slug`, 'add a slug: field with the URL segment to use, such as slug: tokyo', source.lines.lineOf([rule.field]));
  }
  return { slug };
}

/** pages/index.md -> /, pages/About Us.md -> /about-us, pages/resources/index.md -> /resources (no `slug:` field considered). */
export function pagePath(relative: string, folder = 'pages'): string {
  const segments = pageSegments(relative, folder);
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

function pageSegments(relative: string, folder: string): string[] {
  return relative.slice(folder.length + 1).replace(/\.(md|ya?ml|json)$/, '').split('/').map((segment) => slugify(decodePercent(segment)));
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
