/**
 * Stage 2, validate: check each parsed file against its collection's schema
 * (declared by the site) and turn the lot into sorted content, one list per
 * collection. Every problem of every file is collected, so one run reports
 * them all.
 */
import type { z } from 'zod';
import { CleansiteError } from '../core/errors.ts';
import { closestKey, schemaKeysAt } from './field-suggestions.ts';
import type { SourceFile } from './load-content.ts';
import { deriveRouteSlug } from './entry-slugs.ts';
import { MAX_MARKDOWN_NESTING, renderBody } from './markdown.ts';
import { markdownFieldsOf } from '../config/markdown-fields.ts';
import { findOccurrences } from './markdown-fields.ts';
import type { Collections } from './collections.ts';
import type { ContentReference, Entry } from './entry-types.ts';

export { pagePath } from './entry-slugs.ts';

/**
 * zod turns each object schema into generated code (new Function) the first
 * time it parses without `jitless`; generating and compiling that code cost
 * ~25 ms of the committed site's cold build (9 collections, 118 files), more
 * than it saved. It pays off over many values, so a schema's first values are
 * checked the interpreted way (same result, same issues) and a collection's
 * later files with the generated code.
 */
const INTERPRETED_PARSES = 50;
const parseCounts = new WeakMap<z.ZodType, number>();

/** Validates one file; pushes its problems to `errors` and returns undefined when it has any. */
export function validateSource(source: SourceFile, errors: CleansiteError[], collections: Collections): Entry | undefined {
  const spec = collections[source.kind]!;
  const schema = spec.schema as z.ZodType;
  const parses = (parseCounts.get(schema) ?? 0) + 1;
  parseCounts.set(schema, parses);
  const result = schema.safeParse(source.data, { reportInput: true, jitless: parses <= INTERPRETED_PARSES });
  const before = errors.length;
  if (!result.success) {
    for (const issue of result.error.issues) errors.push(...issueToErrors(source, issue, schema));
  }
  const body = source.body.trim();
  if (spec.body === 'required' && source.dataFile) {
    errors.push(new CleansiteError({
      code: 'CONTENT_INVALID',
      message: `a data file has no body, but ${source.kind} entries need one (the collection's body: 'required')`,
      hint: `write the entry as Markdown (${source.kind}/name.md), or declare body: 'none' for the collection`,
      location: { file: source.file, line: source.lines.lineOf([]) },
    }));
  } else if (spec.body === 'required' && body === '') {
    errors.push(new CleansiteError({
      code: 'CONTENT_INVALID',
      message: `body is empty: a ${source.kind} entry's text is written below the front-matter`,
      location: { file: source.file, line: source.bodyLine },
    }));
  }
  if (spec.body === 'none' && body !== '') {
    errors.push(new CleansiteError({
      code: 'CONTENT_INVALID',
      message: `unexpected body text: ${source.kind} entries use front-matter fields only`,
      hint: 'move the text into a field, or delete it',
      location: { file: source.file, line: source.bodyLine },
    }));
  }
  if (errors.length > before || !result.success) return undefined;

  // A copy: each value the parser sliced out of the front-matter would otherwise keep all of its
  // text alive (V8 shares a sliced string's parent), ~1 KB per entry for the whole build.
  const data = structuredClone(result.data) as Record<string, unknown>;
  const stem = source.relative.replace(/^.*\//, '').replace(/\.(md|ya?ml|json)$/, '');
  const route = deriveRouteSlug(source, data, errors, spec);
  const references: ContentReference[] = [];
  // `body` is trimmed: blank lines it starts with still count for line numbers.
  const bodyLine = source.bodyLine + countNewlines(source.body.slice(0, source.body.length - source.body.trimStart().length));
  const html = body ? renderChecked(body, source, (line) => bodyLine + line, references, errors) : '';
  const entry = { ...data, file: source.file, stem, html } as Entry;
  for (const field of markdownFieldsOf(spec.markdown)) {
    for (const { holder, value, path } of findOccurrences(entry, field)) {
      holder[field.htmlKey] = typeof value === 'string' ? renderChecked(value, source, (line) => fieldValueLine(source, path) + line, references, errors) : '';
    }
  }
  // deriveRouteSlug() and renderChecked() push their problems too.
  if (errors.length > before) return undefined;
  if (route && 'path' in route) entry.path = route.path;
  if (route && 'slug' in route) entry.slug = route.slug;
  if (references.length > 0) entry.references = references;
  return entry;
}

/** Renders Markdown, collecting its site-path links and images with their file lines; over-deep nesting is a problem. */
function renderChecked(markdown: string, source: SourceFile, fileLine: (line: number) => number, references: ContentReference[], errors: CleansiteError[]): string {
  const rendered = renderBody(markdown);
  for (const reference of rendered.references) references.push({ target: reference.target, line: fileLine(reference.line), image: reference.image });
  if (rendered.tooDeep !== undefined) {
    errors.push(new CleansiteError({
      code: 'CONTENT_INVALID',
      message: `the Markdown is nested more than ${MAX_MARKDOWN_NESTING} levels deep (blockquotes and lists); deeper text would be dropped`,
      hint: 'flatten the nesting: use headings or separate lists',
      location: { file: source.file, line: fileLine(rendered.tooDeep) },
    }));
  }
  return rendered.html;
}

/** The file line of a Markdown field's first line: the line after `field: |`, or the `field:` line itself. */
function fieldValueLine(source: SourceFile, path: ReadonlyArray<string | number>): number {
  return source.lines.valueLineOf(path) ?? source.lines.lineOf(path) ?? 1;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count++;
  return count;
}

/** An issue as errors at the lines the fields are written on: one per unknown field, with the nearest known name. */
function issueToErrors(source: SourceFile, issue: z.core.$ZodIssue, schema: z.ZodType): CleansiteError[] {
  const lineOf = (path: ReadonlyArray<PropertyKey>) => source.lines.lineOf(path) ?? (source.dataFile ? 1 : 2);
  const field = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  if (issue.code !== 'unrecognized_keys') {
    return [new CleansiteError({ code: 'CONTENT_INVALID', message: `${field}${describeIssue(issue)}`, location: { file: source.file, line: lineOf(issue.path) } })];
  }
  const known = schemaKeysAt(schema, issue.path).filter((key) => !issue.keys.includes(key));
  return issue.keys.map((key) => {
    const suggestion = closestKey(key, known);
    return new CleansiteError({
      code: 'CONTENT_INVALID',
      message: `${field}unknown field "${key}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`,
      hint: !suggestion && known.length > 0 ? `the fields here are ${known.map((name) => `"${name}"`).join(', ')}` : undefined,
      location: { file: source.file, line: lineOf([...issue.path, key]) },
    });
  });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return `is required (expected ${issue.expected})`;
  if (issue.code === 'invalid_value' && issue.input === undefined) return `is required (${issue.message.replace(/^Invalid option: /, '')})`;
  if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
  if (issue.code === 'invalid_type') return `expected ${issue.expected}, received ${describeValue(issue.input)}`;
  return issue.message;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'object') return 'a mapping';
  const shown = JSON.stringify(value) ?? String(value);
  return `${typeof value} ${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}`;
}
