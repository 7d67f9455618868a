/**
 * The site's collections (declared in its site.config.ts), as the content
 * stage looks them up: by name, and by the content-relative path of a file.
 */
import type { AnyCollection } from '../config/site-config.ts';

export type Collections = Readonly<Record<string, AnyCollection>>;

/** Which collection a content-relative path belongs to, or undefined for files none claims. */
export function collectionOfPath(relative: string, collections: Collections): string | undefined {
  const folder = relative.includes('/') ? relative.split('/')[0] : undefined;
  for (const [name, collection] of Object.entries(collections)) {
    if (isSingleFile(collection) ? relative === collection.files : folder === folderOf(collection)) return name;
  }
  return undefined;
}

/** A one-file collection (`site.md`): its content is the entry itself, not a list. */
export function isSingleFile(collection: AnyCollection): boolean {
  return !collection.files.includes('/');
}

/** The folder a collection's files live in (`pages` for `pages/**\/*.md`). */
export function folderOf(collection: AnyCollection): string {
  return collection.files.split('/')[0]!;
}
