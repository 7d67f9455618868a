/**
 * A new content file for `cleansite new <collection> "Title"`: written from
 * the site's archetype for the collection (templates/archetypes/<name>.md,
 * .yaml or .json, as Hugo's archetypes) or else from the collection's
 * schema (the title in its title field, defaults left to the schema), then
 * checked exactly as the build checks a file, so what is written builds as
 * it is, or nothing is written and the problems say why.
 */
import { CleansiteError, CleansiteErrorList } from '../core/errors.ts';
import { slugify } from '../core/urls.ts';
import { fileExtensionsOf } from '../config/collection-files.ts';
import { folderOf, type Collections } from './collections.ts';
import { schemaKeysAt } from './field-suggestions.ts';
import { parseContentFile } from './load-content.ts';
import { validateSource } from './validate-content.ts';

export interface NewEntryRequest {
  collection: string;
  collections: Collections;
  title: string;
  /** Today in the site's time zone, YYYY-MM-DD: `{{ date }}`, and a required date field's value. */
  date: string;
  /** The site's archetype for the collection, when it has one: its text and extension (`.md`). */
  archetype?: { text: string; extension: string; file: string };
  /** The content folder as errors name it (`content`). */
  contentShown: string;
}

/** The new file's path under the content folder and its text; throws a CleansiteErrorList when it would not build. */
export function draftEntry(request: NewEntryRequest): { relative: string; text: string } {
  const { collection, title } = request;
  const { relative, slug, extension } = newEntryPath(request);
  const { text, problems } = draft(request, title, slug);
  if (problems.length > 0) {
    const from = request.archetype ? `the archetype ${request.archetype.file}` : `the ${collection} schema alone`;
    // A title that breaks a rule (too long for a title field) is the user's to change, not the archetype.
    const hint = draft(request, NEUTRAL_TITLE, slugify(NEUTRAL_TITLE)).problems.length === 0 ? 'the title given is what does not fit: give a shorter or different one (the problems below say why)'
      : request.archetype ? 'fix the archetype so a new entry is valid' : `give the site an archetype with the fields ${collection} entries need: templates/archetypes/${collection}${extension}`;
    throw new CleansiteErrorList([
      new CleansiteError({ code: 'CONTENT_INVALID', message: `${request.contentShown}/${relative} would not build as written from ${from}; nothing was written`, hint }),
      ...problems,
    ]);
  }
  return { relative, text };
}

/** A short, plain title: when the draft builds with it, the title given is what breaks it. */
const NEUTRAL_TITLE = 'Title';

/** The entry written with `title`, and what the build would say about it (at the path of the title given). */
function draft(request: NewEntryRequest, title: string, slug: string): { text: string; problems: CleansiteError[] } {
  const { relative, extension } = newEntryPath(request);
  const text = request.archetype ? fillArchetype(request.archetype.text, extension, { title, slug, date: request.date }) : fromSchema({ ...request, title }, extension);
  return { text, problems: problemsOf(text, relative, `${request.contentShown}/${relative}`, request.collections) };
}

/** Where the new entry goes under the content folder: the collection's folder, the title's slug, the archetype's (or the collection's first) extension. */
export function newEntryPath(request: Pick<NewEntryRequest, 'collection' | 'collections' | 'title' | 'archetype'>): { relative: string; slug: string; extension: string } {
  const spec = request.collections[request.collection]!;
  const slug = slugify(request.title);
  // "needs letters" would be wrong for a title in another script: it has letters, none that a file name keeps.
  if (slug === '') throw usage(`"${request.title}" gives an empty file name: a file name keeps only a title's letters a-z and digits (accents are dropped, other scripts left out)`);
  const extension = request.archetype?.extension ?? fileExtensionsOf(spec.files)?.[0] ?? '.md';
  return { relative: `${folderOf(spec)}/${slug}${extension}`, slug, extension };
}

/** `{{ title }}`, `{{ slug }}` and `{{ date }}` filled in: in YAML and JSON the title as a quoted string (so `title: {{ title }}` stays valid whatever the title holds), in a Markdown body as written. */
export function fillArchetype(text: string, extension: string, values: { title: string; slug: string; date: string }): string {
  const fill = (part: string, quoteTitle: boolean) => part
    .replace(/\{\{\s*title\s*\}\}/g, () => (quoteTitle ? JSON.stringify(values.title) : values.title))
    .replace(/\{\{\s*slug\s*\}\}/g, values.slug)
    .replace(/\{\{\s*date\s*\}\}/g, values.date);
  if (extension !== '.md') return fill(text, true);
  const end = /\n---[ \t]*(\n|$)/.exec(text);
  if (!text.startsWith('---') || !end) return fill(text, true);
  return fill(text.slice(0, end.index + end[0].length), true) + fill(text.slice(end.index + end[0].length), false);
}

/** Front-matter (or a data file) with the title in the schema's title field, and required fields a value can be found for. */
function fromSchema(request: NewEntryRequest, extension: string): string {
  const spec = request.collections[request.collection]!;
  const keys = schemaKeysAt(spec.schema, []);
  const slugField = typeof spec.routes?.slug === 'object' ? spec.routes.slug.field : undefined;
  const takesTitle = (key: string) => !(spec.schema.safeParse({ [key]: request.title }).error?.issues ?? []).some((issue: { path: PropertyKey[] }) => issue.path[0] === key);
  // The title field: `title`, `name` or the slug rule's field, else the first field that takes text (a FAQ's `question`).
  const titleKey = ['title', 'name', slugField].find((key) => key !== undefined && keys.includes(key)) ?? keys.find(takesTitle);
  if (!titleKey) throw usage(`the ${request.collection} schema has no title or name field to put the title in`, `give the site an archetype: templates/archetypes/${request.collection}${extension}`);
  const data: Record<string, unknown> = { [titleKey]: request.title };
  // A required field with no default gets a value only where one is clear: today for a date, false, an empty list.
  for (const key of keys) {
    const accepts = (value: unknown) => !(spec.schema.safeParse({ ...data, [key]: value }).error?.issues ?? []).some((issue: { path: PropertyKey[] }) => issue.path[0] === key);
    if (key in data || accepts(undefined)) continue;
    const fits = !accepts('-') && accepts(request.date) ? request.date : [false, []].find(accepts);
    if (fits !== undefined) data[key] = fits;
  }
  if (extension === '.json') return `${JSON.stringify(data, null, 2)}\n`;
  const yaml = Object.entries(data).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join('\n');
  if (extension !== '.md') return `${yaml}\n`;
  const body = spec.body === 'required' ? 'Write this entry\'s text here.\n' : '';
  return `---\n${yaml}\n---\n${body}`;
}

function problemsOf(text: string, relative: string, file: string, collections: Collections): CleansiteError[] {
  try {
    const errors: CleansiteError[] = [];
    for (const source of parseContentFile(text, relative, file, collections).sources) validateSource(source, errors, collections);
    return errors;
  } catch (error) {
    if (error instanceof CleansiteError) return [error];
    throw error;
  }
}

function usage(message: string, hint?: string): CleansiteError {
  return new CleansiteError({ code: 'USAGE', message, hint });
}
