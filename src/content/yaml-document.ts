/**
 * The one YAML loader, for front-matter and data files: YAML 1.2 (the `yaml`
 * package), so a date is text the schema checks (`2026-02-30` is not rolled
 * on to 2 March, as js-yaml's YAML 1.1 timestamps did) and every field keeps
 * the line it was written on. What it refuses, each with the file's line:
 * a syntax error, a tag (`!!binary`, `!!timestamp`), a key written twice,
 * nesting deeper than MAX_YAML_NESTING, and data whose aliases expand past
 * the bound of front-matter-size.ts (plus the `yaml` package's own alias
 * count, `maxAliasCount`, behind it).
 */
import { LineCounter, parseDocument, type Document } from 'yaml';
import { CleansiteError } from '../core/errors.ts';
import { checkExpansion, checkNesting, MAX_ALIAS_COUNT } from './front-matter-size.ts';
import { parsePlainMapping, plainLines } from './yaml-plain.ts';
import { createLineLookup, type LineLookup } from './yaml-lines.ts';

export interface YamlSource extends LineLookup {
  /** The parsed value: strings, numbers, booleans, null, lists and mappings (never a Date). */
  value: unknown;
}

export interface YamlOptions {
  /** The file, as errors name it. */
  file: string;
  /** The file line of the text's first line (2 for front-matter after its opening ---). */
  firstLine: number;
  /** How errors name the text: `YAML front-matter`, `YAML`, `JSON`. */
  what: string;
}

export function parseYaml(text: string, options: YamlOptions): YamlSource {
  const plain = options.what === 'JSON' ? undefined : parsePlainMapping(text);
  return plain === undefined ? parseYamlDocument(text, options) : { value: plain, ...linesOnDemand(text, options) };
}

/**
 * Lines for a text read by the plain-mapping path, the same as the full parser's lookup gives
 * (test/unit/yaml-plain.test.ts compares them): made the first time a line is asked for (a
 * problem to report, a link in a Markdown field, a placeholder), so a build of valid content
 * never pays for them.
 */
function linesOnDemand(text: string, options: YamlOptions): LineLookup {
  let lookup: LineLookup | undefined;
  const lines = () => (lookup ??= plainLines(text, options.firstLine) ?? parseYamlDocument(text, options));
  return { lineOf: (path) => lines().lineOf(path), valueLineOf: (path) => lines().valueLineOf(path) };
}

/** The full YAML 1.2 parser: every value, error and bound, with each node's line. */
function parseYamlDocument(text: string, options: YamlOptions): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter, prettyErrors: false, uniqueKeys: true, merge: true, resolveKnownTags: false,
    schema: options.what === 'JSON' ? 'json' : 'core',
  });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + options.firstLine - 1, column: col };
  };
  const problem = [...doc.errors, ...doc.warnings].sort((a, b) => a.pos[0] - b.pos[0]);
  // A value run on into an over-indented `key:` is two errors; the second points at that key's colon, as js-yaml did.
  const shown = problem.find((error) => error.code === 'MULTILINE_IMPLICIT_KEY') ?? problem[0];
  if (shown) {
    const offset = shown.code === 'MULTILINE_IMPLICIT_KEY' ? shown.pos[1] : shown.pos[0];
    throw yamlError(`invalid ${options.what}: ${describeYamlError(shown.code, shown.message)}`, options.file, at(offset), shown);
  }
  const lines = createLineLookup(doc, (offset) => at(offset).line);
  checkNesting(doc, options.file, lines);
  checkExpansion(doc, text, options.file, lines, options.what.endsWith('front-matter') ? 'front-matter' : 'file');
  return { value: toPlainData(doc, options, lines), ...lines };
}

function toPlainData(doc: Document, options: YamlOptions, lines: LineLookup): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // Only an alias past MAX_ALIAS_COUNT (or one used before its anchor) gets here: the document parsed.
    throw yamlError(`invalid ${options.what}: ${(error as Error).message}`, options.file, { line: lines.lineOf([]) ?? options.firstLine }, error,
      'write the values out instead of repeating anchors (&name) with aliases (*name)');
  }
}

function yamlError(message: string, file: string, where: { line?: number; column?: number }, cause: unknown, hint?: string): CleansiteError {
  return new CleansiteError({
    code: 'CONTENT_PARSE',
    message,
    hint: hint ?? 'check indentation (spaces only), and quote values that contain a colon or start with a special character',
    location: { file, ...where },
    cause,
  });
}

/** The `yaml` package's messages, reworded where a content author would not know its terms. */
function describeYamlError(code: string, message: string): string {
  switch (code) {
    case 'MULTILINE_IMPLICIT_KEY':
      return 'bad indentation of a mapping entry';
    case 'BLOCK_AS_IMPLICIT_KEY':
      return 'a value holds a colon and a space (": "), which YAML reads as the start of another field: quote the value';
    case 'TAB_AS_INDENT':
      return 'a tab indents this line: YAML indents with spaces only';
    case 'DUPLICATE_KEY':
      return 'a field is written twice (each field once per mapping)';
    case 'TAG_RESOLVE_FAILED':
      return `${message} (tags such as !!binary or !!timestamp are not read: write the value as text)`;
    case 'RESOURCE_EXHAUSTION':
      return 'nested too deeply to read';
    default:
      return message;
  }
}
