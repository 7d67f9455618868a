/**
 * Links and images written in content, checked once the routes are known,
 * as templates' href() and image() check theirs: a site-path link in a
 * Markdown body must name a route (or a file in public/), a Markdown image
 * or a front-matter image a file in public/. Each problem names the file
 * and line. Front-matter image lines are looked up only when one is
 * missing, by reading that file again, so a valid site pays nothing for them.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CleansiteError } from '../core/errors.ts';
import { isGeneratedFile } from '../core/urls.ts';
import type { RouteTable } from './route-table.ts';
import { fieldLineInFile } from '../content/field-lines.ts';
import type { Content, EntryMeta } from '../content/entry-types.ts';

export interface ReferenceFolders {
  publicDir: string;
  /** Entries' `file` is relative to this. */
  rootDir: string;
}

/** Every broken reference of every entry, in entry order. */
export function checkContentReferences(content: Content, table: RouteTable, folders: ReferenceFolders): CleansiteError[] {
  const errors: CleansiteError[] = [];
  const urls = new Set(table.routes.map((route) => route.url));
  const publicFiles = new Map<string, boolean>();
  const inPublic = (target: string) => {
    let found = publicFiles.get(target);
    if (found === undefined) publicFiles.set(target, (found = isPublicFile(folders.publicDir, target)));
    return found;
  };
  for (const entry of allEntries(content)) {
    for (const reference of entry.references ?? []) {
      const pathname = reference.target.replace(/[?#].*$/, '');
      if (reference.image) {
        if (!inPublic(pathname)) errors.push(missingImage(entry.file, reference.target, reference.line));
        continue;
      }
      const sitePath = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
      if (table.byPath.has(sitePath) || urls.has(pathname) || isGeneratedFile(pathname.slice(1)) || inPublic(pathname)) continue;
      errors.push(new CleansiteError({
        code: 'UNKNOWN_ROUTE',
        message: `links to ${reference.target}, which is not a page of this site or a file in public/`,
        hint: 'link to a site path such as /contact (see the routes in /sitemap), or add the file under public/',
        location: { file: entry.file, line: reference.line },
      }));
    }
    for (const [fieldPath, src] of frontMatterImages(entry)) {
      if (!inPublic(src)) errors.push(missingImage(entry.file, src, fieldLine(folders.rootDir, entry.file, fieldPath, src)));
    }
  }
  return errors;
}

function missingImage(file: string, src: string, line: number | undefined): CleansiteError {
  return new CleansiteError({
    code: 'IMAGE_MISSING',
    message: `uses the image ${src}, which is not in public/`,
    hint: 'check the path (it starts at public/, e.g. /images/hero.jpg) and that the file exists',
    location: { file, line },
  });
}

/** Every entry, in collection order: one-file collections' entries and every list's. */
function allEntries(content: Content): EntryMeta[] {
  const entries: EntryMeta[] = [];
  for (const value of Object.values(content)) {
    if (Array.isArray(value)) entries.push(...(value as EntryMeta[]));
    else if (value) entries.push(value as EntryMeta);
  }
  return entries;
}

/** Image fields (`{ src, alt }`) at the top of an entry or one level down (`hero.image`), with their field paths. */
function* frontMatterImages(entry: EntryMeta): Generator<[string[], string]> {
  for (const [key, value] of Object.entries(entry)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    if (isImageRef(value)) yield [[key, 'src'], value.src];
    else for (const [inner, nested] of Object.entries(value)) if (isImageRef(nested)) yield [[key, inner, 'src'], nested.src];
  }
}

function isImageRef(value: unknown): value is { src: string; alt: string } {
  return !!value && typeof value === 'object' && typeof (value as { src?: unknown }).src === 'string' && typeof (value as { alt?: unknown }).alt === 'string';
}

/** Whether a site path names a file under public/ (never a path that climbs out of it). */
function isPublicFile(publicDir: string, target: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return false;
  }
  const root = path.resolve(publicDir);
  const absolute = path.resolve(root, `.${decoded}`);
  if (!absolute.startsWith(root + path.sep)) return false;
  try {
    return statSync(absolute, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    // ENOTDIR, a NUL byte in the name...: not a file.
    return false;
  }
}

/** The line of a front-matter field, read again from the file: only on the error path. */
function fieldLine(rootDir: string, file: string, fieldPath: string[], value: string): number | undefined {
  try {
    return fieldLineInFile(readFileSync(path.resolve(rootDir, file), 'utf8'), file, fieldPath, value);
  } catch {
    return undefined;
  }
}
