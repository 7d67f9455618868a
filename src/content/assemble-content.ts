/**
 * Validated entries sorted into content, one key per collection, and the
 * entries' lazy plain text: what every thread that holds the content needs,
 * including a render worker that parses nothing (it never loads the parser,
 * zod's checks or markdown-it for this).
 */
import { CleansiteError, CleansiteErrorList } from '../core/errors.ts';
import { shareRepeatedStrings } from '../core/share-strings.ts';
import { htmlToText } from './markdown-markup.ts';
import { isSingleFile, type Collections } from './collections.ts';
import type { Content, Entry } from './entry-types.ts';

/**
 * One file's validated entries, as parse-sources.ts made them: a Markdown file's (or a data
 * file's) one entry, or the entries of a data file that holds a list (`list`, possibly empty).
 */
export type ValidatedEntry =
  | { /** Its collection's name. */ kind: string; entry: Entry }
  | { kind: string; file: string; list: Entry[] };

/** The project path of the file a validated item came from. */
export function validatedFile(item: ValidatedEntry): string {
  return 'entry' in item ? item.entry.file : item.file;
}

/**
 * Sorts validated entries into content, one key per collection; throws every collected error.
 * The one assembly, whether the entries were just validated, came from the content cache or
 * were parsed by a render worker.
 */
export function assembleContent(collections: Collections, validated: ValidatedEntry[], collectedErrors: CleansiteError[] = []): Content {
  const errors = [...collectedErrors];
  const byKind = new Map<string, Entry[]>();
  /** One-file collections whose file holds a list: their content is that list. */
  const listed = new Set<string>();
  for (const kind of Object.keys(collections)) byKind.set(kind, []);
  for (const item of validated) {
    if ('entry' in item) byKind.get(item.kind)?.push(withPlainText(item.entry));
    else {
      listed.add(item.kind);
      for (const entry of item.list) byKind.get(item.kind)?.push(withPlainText(entry));
    }
  }

  // Every thread that holds the content assembles it here: repeated short values kept once each.
  shareRepeatedStrings(byKind.values());
  const content: Content = {};
  for (const [kind, collection] of Object.entries(collections)) {
    const entries = byKind.get(kind)!;
    if (!isSingleFile(collection) || listed.has(kind)) {
      content[kind] = entries.sort(byOrderThenStem);
      continue;
    }
    content[kind] = entries[0];
    const missing = entries.length === 0 && !errors.some((error) => error.location?.file.endsWith(`/${collection.files}`) || error.location?.file === collection.files);
    if (missing && collection.missing !== undefined) {
      errors.push(new CleansiteError({ code: 'CONTENT_EMPTY', message: `${collection.files} is missing: ${collection.missing}`, location: { file: `content/${collection.files}` } }));
    }
  }
  if (errors.length > 0) throw new CleansiteErrorList(errors);
  return content;
}

/** Gives back the `text` of every entry of content that was copied to another thread (copies drop it). */
export function restorePlainText<T extends Content>(content: T): T {
  for (const value of Object.values(content)) {
    if (Array.isArray(value)) for (const entry of value) withPlainText(entry as Entry);
    else if (value) withPlainText(value as Entry);
  }
  return content;
}

/**
 * Entries' prototype: `text`, the body as plain text, made from the HTML when a template first
 * reads it. Not an own field, so it is neither kept in the content cache nor copied to render
 * workers, nor held for the many entries whose text no template reads (12 MB per thread at
 * 10,000 locations). A prototype, not a getter per entry, keeps entries fast to read.
 */
const plainTexts = new WeakMap<object, string>();
const ENTRY_PROTOTYPE = {
  get text(): string {
    const entry = this as unknown as Entry;
    let text = plainTexts.get(entry);
    if (text === undefined) plainTexts.set(entry, (text = htmlToText(entry.html)));
    return text;
  },
};

function withPlainText(entry: Entry): Entry {
  if (Object.getPrototypeOf(entry) !== ENTRY_PROTOTYPE) Object.setPrototypeOf(entry, ENTRY_PROTOTYPE);
  return entry;
}

function byOrderThenStem(a: Entry, b: Entry): number {
  const orderA = typeof a.order === 'number' ? a.order : 100;
  const orderB = typeof b.order === 'number' ? b.order : 100;
  return orderA - orderB || (a.stem < b.stem ? -1 : a.stem > b.stem ? 1 : 0) || (a.file < b.file ? -1 : 1);
}
