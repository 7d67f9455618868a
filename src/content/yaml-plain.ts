/**
 * The common shape of front-matter read without the full YAML parser: block
 * mappings of `field: value` lines, nested mappings and lists of plain
 * one-line values (plain or quoted), with blank and comment lines between
 * them, as almost every content file is written. The `yaml`
 * package's lexer, parser and composer cost ~4x what js-yaml did (~440 ms
 * per 1,000 location files, cold), most of a cold build's parsing.
 *
 * Lists may also be written `[a, b]` on one line, and hold mappings
 * (`- title: ...` with its fields lined up below); a field's text may be a
 * literal block (`body: |`).
 *
 * Strict: any line, character or value outside that shape (an escape in
 * quotes, a comment after a value, a folded or chomped block (`>`, `|-`), a tab, an anchor or alias, a block scalar, a value run on to the
 * next line, a key written twice, a key or value YAML would read as anything
 * but its text, a number in octal or hex) makes it give up (`undefined`), and
 * the full parser reads the text instead, with its errors and bounds. What it
 * returns equals what `yaml`'s `parseDocument(...).toJS()` returns for the same
 * text under the core schema: scalars are resolved with the core schema's own
 * tests, in its order (test/unit/yaml-plain.test.ts compares the two over the
 * real content, the fuzz cases and generated variations).
 */

import type { LineLookup } from './yaml-lines.ts';

/** Only these characters: printable ASCII, and non-ASCII text that YAML reads as text (no NBSP, line or paragraph separators, BOM, surrogates, specials). */
const OUTSIDE_PLAIN_TEXT = /[^\n\x20-\x7E\u00A1-\u2027\u202A-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD]/;
/** A mapping line's key and the text after its colon; the key in the letters YAML reads as a plain string. */
const FIELD_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:( +)(.*))?$/;
/** Keys the core schema would read as null or a boolean, and keys JavaScript objects treat specially. */
const SPECIAL_KEYS = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE', '__proto__']);
/** A plain scalar's first character that YAML reads as an indicator (`-` only when a space or nothing follows). */
const INDICATOR_START = /^(?:[?:,[\]{}#&*!|>'"%@`<]|-(?: |$))/;
const ONLY_SPACES = /^ +$/;
/** The deepest nesting read here; deeper data goes to the full parser, which bounds it. */
const MAX_DEPTH = 8;

// The core schema's tests (the `yaml` package's schema/core), tried in its order after `str`.
const CORE_NULL = /^(?:~|[Nn]ull|NULL)?$/;
const CORE_BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const CORE_INT_OCT = /^0o[0-7]+$/;
const CORE_INT = /^[-+]?[0-9]+$/;
const CORE_INT_HEX = /^0x[0-9a-fA-F]+$/;
const CORE_FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const CORE_FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const CORE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** Why a text is left to the full parser; never escapes this module. */
const GIVE_UP = Symbol('give up');

interface Reader {
  lines: string[];
  next: number;
  /** Where each value is written, by its path (`.field`, `#index`), when asked for (plainLines). */
  written?: Map<string, Written>;
}

/** A value's lines (0-based in the text): its field's or list item's, its own start, and whether it is a literal block. */
interface Written {
  line: number;
  start: number;
  block: boolean;
}

/** The mapping the text holds when it has the plain shape; `undefined` for anything else (the full parser decides). */
export function parsePlainMapping(text: string): Record<string, unknown> | undefined {
  return readDocument(text, undefined);
}

/**
 * Where each value of a text parsePlainMapping() reads is written, as the full parser's
 * lookup (yaml-lines.ts) gives it: `lineOf` the field's or list item's line, the nearest written
 * parent's for what is not written; `valueLineOf` where the value's text starts. Lines count from
 * `firstLine`. Undefined for a text parsePlainMapping() does not read.
 */
export function plainLines(text: string, firstLine: number): LineLookup | undefined {
  const written = new Map<string, Written>();
  if (readDocument(text, written) === undefined) return undefined;
  const root = written.get('')!;
  const keyOf = (key: PropertyKey) => (typeof key === 'number' ? `#${key}` : `.${String(key)}`);
  return {
    lineOf(path) {
      let line = root.line;
      let at = '';
      for (const key of path) {
        const value = written.get((at += keyOf(key)));
        if (!value) break;
        line = value.line;
      }
      return line + firstLine;
    },
    valueLineOf(path) {
      const value = written.get(path.map(keyOf).join(''));
      return value && value.start + firstLine + (value.block ? 1 : 0);
    },
  };
}

function readDocument(text: string, written: Map<string, Written> | undefined): Record<string, unknown> | undefined {
  if (OUTSIDE_PLAIN_TEXT.test(text)) return undefined;
  const reader: Reader = { lines: text.split('\n'), next: 0, written };
  if (indentOfNext(reader) !== 0) return undefined;
  written?.set('', { line: reader.next, start: reader.next, block: false });
  const value = readMapping(reader, 0, 0, '');
  return value === GIVE_UP || reader.next < reader.lines.length ? undefined : value;
}

/**
 * The indentation of the next line that holds a value, skipping empty lines and comment lines
 * (YAML ignores both between entries; no value read here spans lines); -1 at the end, -2 for
 * a line of only spaces (the caller gives up).
 */
function indentOfNext(reader: Reader): number {
  for (; reader.next < reader.lines.length; reader.next++) {
    const line = reader.lines[reader.next]!;
    let indent = 0;
    while (line.charCodeAt(indent) === 32) indent++;
    if (indent === line.length) {
      if (line === '') continue;
      return -2;
    }
    if (line.charCodeAt(indent) !== 35 /* # */) return indent;
  }
  return -1;
}

function readMapping(reader: Reader, indent: number, depth: number, path: string): Record<string, unknown> | typeof GIVE_UP {
  if (depth > MAX_DEPTH) return GIVE_UP;
  const mapping: Record<string, unknown> = {};
  for (let at = indentOfNext(reader); at !== -1; at = indentOfNext(reader)) {
    if (at < indent && at >= 0) break;
    if (at !== indent) return GIVE_UP;
    const field = FIELD_LINE.exec(reader.lines[reader.next]!.slice(indent));
    if (!field || SPECIAL_KEYS.has(field[1]!) || Object.hasOwn(mapping, field[1]!)) return GIVE_UP;
    const line = reader.next++;
    const fieldPath = `${path}.${field[1]!}`;
    // Recorded before the value is read: a nested block sets where it starts.
    reader.written?.set(fieldPath, { line, start: line, block: field[3] === '|' });
    const value = field[2] === undefined ? readNested(reader, indent, depth, fieldPath)
      : field[3] === '|' ? readLiteral(reader, indent)
      : field[3] ? oneLineScalar(field[3], reader.written, fieldPath, line) : GIVE_UP;
    if (value === GIVE_UP) return GIVE_UP;
    mapping[field[1]!] = value;
  }
  return mapping;
}

/** The value of a `field:` line with nothing after it: the block below it, or null when none is indented under it. */
function readNested(reader: Reader, indent: number, depth: number, path: string): unknown {
  const at = indentOfNext(reader);
  if (at === -2) return GIVE_UP;
  // Nothing indented under it (a list item at its own indentation gives up in the caller's loop).
  if (at <= indent) return null;
  // The block starts at its first line of text (after any blank and comment lines).
  const written = reader.written?.get(path);
  if (written) written.start = reader.next;
  return reader.lines[reader.next]!.startsWith('- ', at) ? readList(reader, at, depth + 1, path) : readMapping(reader, at, depth + 1, path);
}

/**
 * A literal block (`field: |`, the default clipping): the lines indented under the field, less the
 * first line's indentation, each kept as written (a `#` is text here), ending in one line break.
 * Gives up on a line of only spaces, and on a block that starts with a blank line or is empty.
 */
function readLiteral(reader: Reader, indent: number): string | typeof GIVE_UP {
  const { lines } = reader;
  const first = lines[reader.next];
  let textIndent = 0;
  while (first !== undefined && first.charCodeAt(textIndent) === 32) textIndent++;
  if (first === undefined || textIndent <= indent || textIndent === first.length) return GIVE_UP;
  const text: string[] = [];
  let kept = 0;
  for (; reader.next < lines.length; reader.next++) {
    const line = lines[reader.next]!;
    if (line === '') {
      text.push('');
      continue;
    }
    if (ONLY_SPACES.test(line)) return GIVE_UP;
    let at = 0;
    while (at < textIndent && line.charCodeAt(at) === 32) at++;
    if (at < textIndent) break;
    text.push(line.slice(textIndent));
    kept = text.length;
  }
  // Blank lines after the text belong to no value (the caller skips them); the text ends in one line break.
  return `${text.slice(0, kept).join('\n')}\n`;
}

function readList(reader: Reader, indent: number, depth: number, path: string): unknown[] | typeof GIVE_UP {
  if (depth > MAX_DEPTH) return GIVE_UP;
  const list: unknown[] = [];
  for (let at = indentOfNext(reader); at !== -1; at = indentOfNext(reader)) {
    if (at < indent && at >= 0) break;
    const line = reader.lines[reader.next]!;
    if (at !== indent || !line.startsWith('- ', indent)) return GIVE_UP;
    let start = indent + 2;
    while (line.charCodeAt(start) === 32) start++;
    if (start === line.length) return GIVE_UP;
    const item = `${path}#${list.length}`;
    reader.written?.set(item, { line: reader.next, start: reader.next, block: false });
    let value: unknown;
    if (FIELD_LINE.test(line.slice(start))) {
      // `- field: value` starts a mapping whose fields line up under its first one.
      reader.lines[reader.next] = ' '.repeat(start) + line.slice(start);
      value = readMapping(reader, start, depth + 1, item);
    } else {
      value = oneLineScalar(line.slice(start), reader.written, item, reader.next);
      reader.next++;
    }
    if (value === GIVE_UP) return GIVE_UP;
    list.push(value);
  }
  return list;
}

/** A one-line scalar: quoted text, or a plain scalar as the core schema resolves it; gives up on anything YAML would read otherwise. */
function oneLineScalar(text: string, written?: Map<string, Written>, path = '', line = 0): unknown {
  if (text[0] === '"' || text[0] === "'") return quotedText(text);
  if (text[0] === '[') return flowList(text, written, path, line);
  if (text.endsWith(' ') || text.endsWith(':') || INDICATOR_START.test(text) || text.includes(': ') || text.includes(' #')) return GIVE_UP;
  if (CORE_NULL.test(text)) return null;
  if (CORE_BOOL.test(text)) return text[0] === 't' || text[0] === 'T';
  if (CORE_INT_OCT.test(text) || CORE_INT_HEX.test(text) || CORE_FLOAT_NAN.test(text)) return GIVE_UP;
  if (CORE_INT.test(text)) return parseInt(text, 10);
  if (CORE_FLOAT_EXP.test(text) || CORE_FLOAT.test(text)) return parseFloat(text);
  return text;
}

/** A quoted value on one line: double quotes without escapes (`\\`), or single quotes with `''` for a quote. */
function quotedText(text: string): string | typeof GIVE_UP {
  const quote = text[0]!;
  if (text.length < 2 || !text.endsWith(quote)) return GIVE_UP;
  const inner = text.slice(1, -1);
  if (quote === '"') return inner.includes('"') || inner.includes('\\') ? GIVE_UP : inner;
  // In single quotes a quote is written twice; a single one would end the value early.
  return inner.replace(/''/g, '').includes("'") ? GIVE_UP : inner.replace(/''/g, "'");
}

/** Characters that end or nest a plain value inside `[...]`, or need the full parser (quotes, comments, keys). */
const NOT_IN_FLOW_ITEM = /[[\]{}"'#:]/;

/** A list written on one line, `[a, b]`, of plain values; gives up on nesting, quotes, colons, comments and empty items. */
function flowList(text: string, written: Map<string, Written> | undefined, path: string, line: number): unknown[] | typeof GIVE_UP {
  if (!text.endsWith(']')) return GIVE_UP;
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  const items: unknown[] = [];
  for (const part of inner.split(',')) {
    // Spaces around an item are not part of it; any other space-like character gives up.
    const item = part.replace(/^ +/, '').replace(/ +$/, '');
    if (item === '' || item !== item.trim() || NOT_IN_FLOW_ITEM.test(item)) return GIVE_UP;
    const value = oneLineScalar(item);
    if (value === GIVE_UP) return GIVE_UP;
    written?.set(`${path}#${items.length}`, { line, start: line, block: false });
    items.push(value);
  }
  return items;
}
