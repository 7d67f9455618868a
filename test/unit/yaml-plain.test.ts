/**
 * The plain-mapping path of the YAML loader (src/content/yaml-plain.ts)
 * against the `yaml` package itself: wherever the path reads a text, the
 * full parser must read it without an error or a warning and give the very
 * same value (key order, types, -0 and all), and its lines must be the ones
 * the full parser's lookup gives for every field, list item and missing
 * field below them (yaml-lines.ts). Compared over the real content,
 * the content fuzz's cases, thousands of seeded character mutations of real
 * front-matter, and a table of scalars and layouts that YAML reads in
 * surprising ways. It must also read most real files, or it saves nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { MAX_ALIAS_COUNT } from '../../src/content/front-matter-size.ts';
import { parsePlainMapping, plainLines } from '../../src/content/yaml-plain.ts';
import { createLineLookup, type LineLookup } from '../../src/content/yaml-lines.ts';
import { generateCase, generateInjectionCase, MUTATION_KINDS } from '../fuzz/support/mutations.ts';
import { createRandom } from '../fuzz/support/random.ts';
import type { ContentFile } from '../fuzz/support/reduced-site.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';

const CONTENT_DIR = path.join(PROJECT_ROOT, 'content');

function contentFiles(dir = CONTENT_DIR): ContentFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return contentFiles(full);
    const relative = path.relative(CONTENT_DIR, full).split(path.sep).join('/');
    return /\.(md|ya?ml)$/.test(item.name) ? [{ relative, projectPath: `content/${relative}`, text: readFileSync(full, 'utf8') }] : [];
  });
}

/** The YAML text the loader reads: a Markdown file's front-matter (as load-content.ts splits it), or a data file whole. */
function yamlOf(relative: string, text: string): string {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!relative.endsWith('.md')) return normalised;
  const opening = /^---[^\n]*(\n|$)/.exec(normalised);
  if (!opening) return normalised;
  const rest = normalised.slice(opening[0].length);
  const closing = /^---[ \t]*$/m.exec(rest);
  return closing ? rest.slice(0, closing.index) : rest;
}

/** Front-matter's first line is the file's line 2. */
const FIRST_LINE = 2;

/** Every path to a value, and paths just past each (a missing field, a list index, a key on a list): where lines are asked for. */
function pathsOf(value: unknown, at: PropertyKey[] = []): PropertyKey[][] {
  const beyond: PropertyKey[][] = [[...at, 'missing'], [...at, 0], [...at, 99], [...at, '0']];
  if (Array.isArray(value)) return [at, ...beyond, ...value.flatMap((item, index) => pathsOf(item, [...at, index]))];
  if (value && typeof value === 'object') return [at, ...beyond, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))];
  return [at, ...beyond];
}

/** Where the two lookups disagree, over every path of `value`. */
function compareLines(text: string, value: unknown, full: LineLookup, plain: LineLookup | undefined): string[] {
  if (!plain) return [`${JSON.stringify(text)}: read plainly, but plainLines() gives no lines`];
  return pathsOf(value).flatMap((path) => {
    const got = [plain.lineOf(path), plain.valueLineOf(path)];
    const want = [full.lineOf(path), full.valueLineOf(path)];
    return got[0] === want[0] && got[1] === want[1] ? [] : [`${JSON.stringify(text)} at ${JSON.stringify(path)}: lines ${got.join('/')}, yaml ${want.join('/')}`];
  });
}

/** Compares the two readings of `text` (values and lines); returns whether the plain path read it and what differs (empty when nothing). */
function compare(text: string): { read: boolean; problems: string[] } {
  const plain = parsePlainMapping(text);
  if (plain === undefined) return { read: false, problems: [] };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true, resolveKnownTags: false, schema: 'core' });
  const complaints = [...doc.errors, ...doc.warnings].map((error) => error.code);
  if (complaints.length > 0) return { read: true, problems: [`${JSON.stringify(text)}: read plainly, but yaml reports ${complaints.join(', ')}`] };
  const full = createLineLookup(doc, (offset) => lineCounter.linePos(offset).line + FIRST_LINE - 1);
  const lines = compareLines(text, plain, full, plainLines(text, FIRST_LINE));
  try {
    expect(plain).toStrictEqual(doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
    return { read: true, problems: lines };
  } catch (error) {
    return { read: true, problems: [`${JSON.stringify(text)}: ${(error as Error).message.split('\n').slice(0, 12).join(' ')}`, ...lines] };
  }
}

function compareAll(texts: Iterable<string>): { read: number; total: number; problems: string[] } {
  let read = 0;
  let total = 0;
  const problems: string[] = [];
  for (const text of texts) {
    const result = compare(text);
    total++;
    if (result.read) read++;
    problems.push(...result.problems);
  }
  return { read, total, problems };
}

describe('the plain-mapping YAML path', () => {
  const files = contentFiles();

  it('reads the real content as yaml does, and reads most of it (every plain location file)', () => {
    const result = compareAll(files.map((file) => yamlOf(file.relative, file.text)));
    expect(result.problems).toEqual([]);
    expect(result.total).toBeGreaterThan(100);
    expect(result.read / result.total).toBeGreaterThan(0.9);
    const locations = files.filter((file) => file.relative.startsWith('locations/'));
    const unread = locations.filter((file) => parsePlainMapping(yamlOf(file.relative, file.text)) === undefined);
    // Quoted descriptions (two locations) and comment lines (one) are read too: no location is left to the full parser.
    expect(unread.map((file) => file.relative)).toEqual([]);
  });

  it("reads every content fuzz case's text as yaml does (or leaves it to yaml)", () => {
    const texts: string[] = [];
    const cases = MUTATION_KINDS.filter((kind) => kind !== 'inject').flatMap((kind, kindIndex) =>
      Array.from({ length: 10 }, (_, index) => generateCase(createRandom(1000 * kindIndex + index), files, index, kind)));
    const collectionFiles = files.filter((file) => file.relative !== 'redirects.md');
    // Injection cases write payloads into every text field of every file: these two hold both quotes, <, & and line separators.
    for (const payload of [1, 5]) cases.push(generateInjectionCase(collectionFiles, payload, payload, 'every file'));
    for (const fuzzCase of cases) {
      for (const [relative, written] of fuzzCase.writes) if (typeof written === 'string') texts.push(yamlOf(relative, written));
    }
    const result = compareAll(texts);
    expect(result.problems).toEqual([]);
    expect(result.total).toBeGreaterThan(300);
    expect(result.read).toBeGreaterThan(50);
  });

  it('reads seeded character mutations of real front-matter as yaml does', () => {
    const random = createRandom(23);
    const sources = files.filter((file) => file.relative.endsWith('.md')).map((file) => yamlOf(file.relative, file.text));
    const pieces = [' ', '  ', '\n', '\n  ', '- ', '-', ':', ': ', '#', ' #', "'", '"', '\\', '&a ', '*a', '!', '|', '>', '[', ']', '{', '}', ',', '?', '%', '@', '`', '<<', '~', '0', '0x1', '0o7', '.5', '1e3', '.inf', 'null', 'True', '\t', '\u00A0', '\u2028', '\uFEFF', 'é', '---', '...'];
    const texts: string[] = [];
    for (let index = 0; index < 1200; index++) {
      let text = random.pick(sources);
      for (let edit = random.int(1, 3); edit > 0; edit--) {
        const at = random.int(0, text.length);
        const cut = random.chance(0.3) ? random.int(1, 3) : 0;
        text = text.slice(0, at) + (random.chance(0.8) ? random.pick(pieces) : '') + text.slice(at + cut);
      }
      texts.push(text);
    }
    const result = compareAll(texts);
    expect(result.problems).toEqual([]);
    // Many mutations stay plain (a changed letter, an added space inside a value), so the comparison is not empty.
    expect(result.read).toBeGreaterThan(250);
  });

  it('reads scalars and layouts that YAML reads in surprising ways as yaml does', () => {
    const scalars = [
      'null', 'Null', 'NULL', '~', 'nULL', 'true', 'True', 'TRUE', 'tRUE', 'false', 'yes', 'no', 'on', 'off', 'y',
      '0', '-0', '+0', '007', '+12', '-12', '1_000', '12345678901234567890', '0o17', '0o18', '0x1F', '0X1F', '0b101',
      '1.', '.5', '-.5', '+1.5', '1.50', '1e3', '1E-3', '1.5e+3', 'e3', '.inf', '-.Inf', '.NaN', '.nan', 'inf', 'NaN',
      '2026-02-30', '2026-02-30T10:00:00Z', '12:30', '1:2', '24/7 service', '3 offices', '1,000', '$5', 'C#', 'a#b', 'a #b', 'a:b', 'a: b', 'a:',
      'http://example.com/a?b=c#d', '- x', '-x', '--x', ':x', '?x', '? x', ',x', '[x]', '{x}', '&a x', '*a', '!x', '!!str x', '|', '>', '%x', '@x', '`x`', '<<', '<x',
      '"quoted"', '"with: colon # and hash"', '"esc \\" quote"', '"back\\\\slash"', '"unterminated', '"a" b', "'single'", "'it''s'", "'''", "''''", "'a'b'", "'a''", '""', "''",
      'Bathurst\'s offices', 'Pre- and post-event', 'é café', 'emoji 🧽', 'x\u00A0y', 'x\u2028y', 'x\u3000', 'trailing ', ' leading',
    ];
    const keys = ['name', 'n', 'y', 'on', 'null', 'true', 'False', '__proto__', 'constructor', 'toString', 'a-b', '_x', 'a b', '1', '<<', '"q"', 'a:b', 'key '];
    const texts: string[] = [];
    for (const scalar of scalars) {
      texts.push(`name: ${scalar}\n`, `list:\n  - ${scalar}\n  - b\n`, `image:\n  alt: ${scalar}\n  src: /x.jpg\n`, `a: 1\nb: ${scalar}\nc:\n`);
    }
    for (const key of keys) texts.push(`${key}: value\n`, `outer:\n  ${key}: value\n`);
    texts.push(...[
      '', '\n', 'a: 1\n\n\nb: 2\n', 'a: 1\n  \nb: 2\n', 'a:\n- x\n- y\n', 'a:\n  - x\n  - y\nb: 1\n', 'a:\n    - x\n    - y\n', 'a:\n  - x\n   - y\n',
      'a:\n  - x\n - y\n', 'a:\n  b: 1\n   c: 2\n', 'a:\n  b: 1\n c: 2\n', 'a: value\n  continued\n', 'a: value\ncontinued\n', 'a:\n  b:\n    c:\n      d: 1\n',
      'a:\n\n  b: 1\n', 'a:\nb:\n', 'a: 1\na: 2\n', 'a:\n  x: 1\n  x: 2\n', '---\na: 1\n', 'a: 1\n...\n', 'a: 1\n---\n', ' a: 1\n', 'a: 1\n # comment\n',
      'a: 1 # comment\n', '# comment\na: 1\n', 'a :1\n', 'a : 1\n', 'a:1\n', 'a:  spaced\n', 'list:\n  -   spaced\n', 'list:\n  -\n', 'list:\n  - - x\n', 'list:\n  - k: v\n',
      'a:\n  - x\nb:\n  - y\n', 'a: [x, y]\n', 'a: []\n', 'a: [ ]\n', 'a: [x,y]\n', 'a: [ x , y ]\n', 'a: [x, ]\n', 'a: [x,, y]\n', 'a: [1, true, null, ~, 1.5, x y]\n',
      'a: [x: 1]\n', 'a: [[x]]\n', 'a: [x, {y}]\n', 'a: ["x", y]\n', "a: ['x']\n", 'a: [x #y]\n', 'a: [x\u3000]\n', 'a: [- x]\n', 'a: [-x, ?y]\n', 'a: [x] y\n', 'a: [x\n', 'a: [x]]\n',
      'a:\n  - t: 1\n    u: 2\n  - t: 3\n', 'a:\n  - t: 1\n   u: 2\n', 'a:\n  - t: 1\n     u: 2\n', 'a:\n  - t:\n      - x\n    u: y\n', 'a:\n  -   t: 1\n      u: 2\n', 'a:\n  - t: 1\n  - x\n',
      'a: |\n  one\n  two\nb: 1\n', 'a: |\n  one\n\n  two # not a comment: "x"\n\n\nb: 1\n', 'a: |\n    deeper\n  back\n', 'a: |\n  x\n    more\n  x\n', 'a: |\n  x\n   \n  y\n', 'a: |\n  x\n      \n',
      'a: |\n\n  x\n', 'a: |\nb: 1\n', 'a: |\n', 'a: |\n  x', 'a: |\n  x\n\n', 'a: |-\n  x\n', 'a: |+\n  x\n\n', 'a: >\n  x\n  y\n', 'a: | # c\n  x\n', 'a: |2\n   x\n', 'a:\n  - |\n    x\n',
      'a:\n  - t: 1\n    b: |\n      text [link](/x)\n      - not a list\n    u: 2\n', 'a: |\n  ---\n  ...\n', 'a: |\n  x\n---\n', 'a: |\n  x\n b: 1\n',
      'a:\n  - t: 1\n    t: 2\n', 'a:\n  - null: 1\n', 'a:\n  - t:x\n', 'a:\n  - t: [x, y]\n    u:\n      v: w\n', 'a:\n  - t: 1\n    # note\n    u: 2\n', 'a: {b: 1}\n', 'a: |\n  text\n', 'a: >\n  text\n', 'a: &x 1\nb: *x\n', 'a: x\r\n', '\uFEFFa: 1\n', 'a: 1', 'a:\n  b:\n  - x\n',
    ]);
    for (let depth = 6; depth <= 10; depth++) {
      texts.push(Array.from({ length: depth }, (_, level) => `${'  '.repeat(level)}k${level}:`).join('\n') + ` 1\n`);
    }
    const result = compareAll(texts);
    expect(result.problems).toEqual([]);
    expect(result.read).toBeGreaterThan(150);
  });
});
