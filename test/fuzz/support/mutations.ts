/**
 * Seeded mutations of real content files. Each case says what it did, which
 * files it writes, and which file a failure must name.
 */
import matter from 'gray-matter';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import type { Random } from './random.ts';
import type { ContentFile } from './reduced-site.ts';
import { injectPayloads, type FieldPath } from './injection.ts';

export const MUTATION_KINDS = [
  'truncate', 'malformed-yaml', 'wrong-type', 'missing-field', 'unknown-field',
  'empty', 'binary', 'huge-value', 'duplicate-slug',
  'alias-bomb', 'invalid-utf8', 'deep-markdown', 'dead-link', 'odd-name', 'inject',
] as const;
export type MutationKind = typeof MUTATION_KINDS[number];

/** Mutations that break the file itself: a failing build must name that file. */
export const SELF_BLAMING_KINDS: ReadonlySet<MutationKind> = new Set([
  'malformed-yaml', 'wrong-type', 'unknown-field', 'empty', 'binary', 'duplicate-slug', 'alias-bomb', 'invalid-utf8', 'deep-markdown', 'dead-link',
]);

/** What every case of a kind must do; kinds not listed may build or fail (but must fail at least once). */
export const EXPECTED_OUTCOME: Partial<Record<MutationKind, 'fails' | 'builds'>> = {
  empty: 'fails', binary: 'fails', 'duplicate-slug': 'fails', 'unknown-field': 'fails',
  'alias-bomb': 'fails', 'invalid-utf8': 'fails', 'deep-markdown': 'fails', 'dead-link': 'fails', 'odd-name': 'builds',
};

/** The error a failing case of these kinds must report (so it fails for the reason the kind is about). */
export const EXPECTED_ERROR: Partial<Record<MutationKind, RegExp>> = {
  'alias-bomb': /^keywords: the front-matter expands to more than/,
  'invalid-utf8': /^not valid UTF-8 text/,
  'deep-markdown': /^the Markdown is nested more than \d+ levels deep/,
  'dead-link': /^(links to \/\S+, which is not a page of this site|uses the image \/\S+, which is not in public\/)/,
};

/** Byte sequences that are not UTF-8: a Latin-1 é, a stray continuation, an overlong /, a surrogate, a truncated €, 0xFF. */
const INVALID_UTF8 = [[0xe9], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xff]];

/** Names whose slugs need the whole rule: accents, apostrophes, ampersands, runs of punctuation. */
const ODD_NAMES = ['Café Ōtara', "Surfers' Paradise & Main Beach", 'Mooloolaba / Alexandra Headland', 'Ōtara—North', 'Straße Ærø', '  Noosa   Heads!! '];

export interface FuzzCase {
  index: number;
  kind: MutationKind;
  /** What was done, to reproduce and to read in a failure. */
  description: string;
  /** Content-relative path -> new contents (null deletes). */
  writes: Map<string, string | Uint8Array | null>;
  /** Project paths (`content/...`) one of which a failure must name, for self-blaming kinds. */
  blame: string[];
  /** For inject cases: field paths carrying a payload, per file. */
  injectedFields?: Map<string, string[]>;
}

interface Parsed {
  data: Record<string, unknown>;
  body: string;
}

function parse(file: ContentFile): Parsed {
  // gray-matter splits the file (a fresh object each time: it caches results by input when called without options); the
  // front-matter is read as the engine reads it, YAML 1.2, so a date stays the text written (js-yaml's Date would be
  // written back as a timestamp, which the site's strict date fields refuse).
  const parsed = matter(file.text, { language: 'yaml' });
  return { data: (parseYaml(parsed.matter) ?? {}) as Record<string, unknown>, body: parsed.content };
}

function stringify(parsed: Parsed): string {
  return `---\n${stringifyYaml(parsed.data)}---\n${parsed.body}`;
}

/** Every path to a value in a front-matter object (mappings' keys and list items), depth first. */
function valuePaths(value: unknown, at: FieldPath = []): FieldPath[] {
  const here = at.length > 0 ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => valuePaths(item, [...at, index]))];
  if (value && typeof value === 'object' && !(value instanceof Date)) return [...here, ...Object.entries(value).flatMap(([key, item]) => valuePaths(item, [...at, key]))];
  return here;
}

function getAt(data: unknown, fieldPath: FieldPath): unknown {
  return fieldPath.reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], data);
}

function parentAndKey(data: unknown, fieldPath: FieldPath): [Record<string | number, unknown>, string | number] {
  return [getAt(data, fieldPath.slice(0, -1)) as Record<string | number, unknown>, fieldPath[fieldPath.length - 1]!];
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Date) return 'date';
  return typeof value;
}

const WRONG_VALUES: unknown[] = [42, -1.5, 0, true, false, null, 'a string', '', [], ['a', 'list'], {}, { nested: 'mapping' }, [{ deep: [1, 2] }]];

const MALFORMED_LINES = [
  'broken: [unclosed, list',
  'broken: {unclosed: mapping',
  'broken: "unterminated string',
  "broken: 'unterminated single",
  '\tindented: with a tab',
  ': no key at all',
  'broken: value: with: colons: [',
  '- a list item inside a mapping',
  'broken: *undefinedAlias',
  '? complex key',
  '  mis: indented',
  'key without colon',
  '!!binary notbase64 ===',
  'dup: 1\ndup: 2',
  '<<: *missing',
  '%YAML 1.2',
];

const SLUG_TWINS = (name: string) => [name, name.toLowerCase(), `${name} `, name.replace(/ /g, '  '), name.toUpperCase()];

/** One function per kind of mutation: writes the change into `writes` and says what it did (and whom a failure must blame, when not the file picked). */
type Mutate = (random: Random, file: ContentFile, files: ContentFile[], writes: Map<string, string | Uint8Array | null>) => { description: string; blame?: string[] };

const MUTATE: Record<Exclude<MutationKind, 'inject'>, Mutate> = {
  truncate: (random, file, files, writes) => {
    const at = random.int(0, file.text.length - 1);
    writes.set(file.relative, file.text.slice(0, at));
    return { description: `${file.relative} cut after ${at} of ${file.text.length} characters` };
  },
  'malformed-yaml': (random, file, files, writes) => {
    const lines = file.text.split('\n');
    const close = lines.indexOf('---', 1);
    const at = random.int(1, Math.max(1, close));
    const bad = random.pick(MALFORMED_LINES);
    lines.splice(at, 0, bad);
    writes.set(file.relative, lines.join('\n'));
    return { description: `${file.relative}: inserted ${JSON.stringify(bad)} at line ${at + 1}` };
  },
  'wrong-type': (random, file, files, writes) => {
    const parsed = parse(file);
    const fieldPath = random.pick(valuePaths(parsed.data));
    const original = getAt(parsed.data, fieldPath);
    const choices = WRONG_VALUES.filter((value) => typeName(value) !== typeName(original));
    const wrong = structuredClone(random.pick(choices));
    const [parent, key] = parentAndKey(parsed.data, fieldPath);
    parent[key] = wrong;
    writes.set(file.relative, stringify(parsed));
    return { description: `${file.relative}: ${fieldPath.join('.')} (${typeName(original)}) set to ${JSON.stringify(wrong)}` };
  },
  'missing-field': (random, file, files, writes) => {
    const parsed = parse(file);
    const fieldPath = random.pick(valuePaths(parsed.data));
    const [parent, key] = parentAndKey(parsed.data, fieldPath);
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
    writes.set(file.relative, stringify(parsed));
    return { description: `${file.relative}: removed ${fieldPath.join('.')}` };
  },
  'unknown-field': (random, file, files, writes) => {
    const parsed = parse(file);
    const mappings = [[] as FieldPath, ...valuePaths(parsed.data)].filter((fieldPath) => {
      const value = fieldPath.length === 0 ? parsed.data : getAt(parsed.data, fieldPath);
      return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
    });
    const at = random.pick(mappings);
    const target = (at.length === 0 ? parsed.data : getAt(parsed.data, at)) as Record<string, unknown>;
    const name = random.pick(['colour', 'Title', 'titel', 'extra', '__proto__x', 'constructor', 'toString', 'seo_title']);
    target[name] = random.pick(['surprise', 7, true, ['x']]);
    writes.set(file.relative, stringify(parsed));
    return { description: `${file.relative}: added unknown field ${[...at, name].join('.')}` };
  },
  empty: (random, file, files, writes) => {
    const contents = random.pick(['', '\n', '   \n\t\n', '---\n---\n', '---\n', '\uFEFF']);
    writes.set(file.relative, contents);
    return { description: `${file.relative} replaced by ${JSON.stringify(contents)}` };
  },
  binary: (random, file, files, writes) => {
    const garbage = random.bytes(random.int(1, 4096));
    const variant = random.int(0, 2);
    // 0: raw bytes; 1: valid front-matter then garbage; 2: garbage without NUL bytes (looks like text to a naive check).
    const contents = variant === 0 ? garbage
      : variant === 1 ? Buffer.concat([Buffer.from(file.text.slice(0, file.text.indexOf('\n---') + 4)), garbage])
      : Buffer.from(garbage.map((byte) => byte || 1));
    writes.set(file.relative, contents);
    return { description: `${file.relative} replaced by ${contents.length} bytes of binary garbage (variant ${variant})` };
  },
  'huge-value': (random, file, files, writes) => {
    const parsed = parse(file);
    const fieldPath = random.pick(valuePaths(parsed.data));
    const [parent, key] = parentAndKey(parsed.data, fieldPath);
    const variant = random.int(0, 4);
    const huge = variant === 0 ? 'Clean '.repeat(20_000)
      : variant === 1 ? Array.from({ length: 20_000 }, (_, item) => `item ${item}`)
      : variant === 2 ? random.pick([1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 70])
      : variant === 3 ? nest(200)
      : 'x'.repeat(1_000_000);
    parent[key] = huge;
    writes.set(file.relative, stringify(parsed));
    return { description: `${file.relative}: ${fieldPath.join('.')} set to a huge value (variant ${variant})` };
  },
  'duplicate-slug': (random, file, files, writes) => {
    const locations = files.filter((candidate) => candidate.relative.startsWith('locations/'));
    const source = random.pick(locations);
    const parsed = parse(source);
    const twinName = random.pick(SLUG_TWINS(String(parsed.data.name)));
    parsed.data.name = twinName;
    const twin = `locations/${random.pick(['zz-twin', 'aa-twin', 'twin-of-' + source.relative.slice('locations/'.length, -3)])}.md`;
    writes.set(twin, stringify(parsed));
    return {
      blame: [`content/${twin}`, source.projectPath],
      description: `${twin} added with the name ${JSON.stringify(twinName)}, the same slug as ${source.relative}`,
    };
  },
  'alias-bomb': (random, file, files, writes) => {
    // An anchored value repeated by aliases in keywords, a field that takes any list of text, so only the bound can stop it.
    const target = random.pick(files.filter((candidate) => /^keywords:/m.test(candidate.text)));
    const size = random.int(50_000, 1_000_000);
    const aliases = Math.ceil(1_100_000 / size) + random.int(0, 2_000);
    const keywords = `keywords: [&bomb "${'w'.repeat(size)}"${', *bomb'.repeat(aliases)}]`;
    const text = target.text.replace(/^keywords:\n(  - .*\n)+/m, `${keywords}\n`).replace(/^keywords: \[.*\]$/m, keywords);
    writes.set(target.relative, text);
    return { blame: [target.projectPath], description: `${target.relative}: keywords hold a ${size}-character anchor and ${aliases} aliases of it` };
  },
  'invalid-utf8': (random, file, files, writes) => {
    const bytes = Buffer.from(file.text);
    let at = random.int(0, bytes.length);
    while (at < bytes.length && (bytes[at]! & 0xc0) === 0x80) at++;
    const bad = random.pick(INVALID_UTF8);
    writes.set(file.relative, Buffer.concat([bytes.subarray(0, at), Buffer.from(bad), bytes.subarray(at)]));
    return { description: `${file.relative}: bytes ${bad.map((byte) => byte.toString(16)).join(' ')} inserted at offset ${at}` };
  },
  'deep-markdown': (random, file, files, writes) => {
    const target = random.pick(files.filter((candidate) => /^(pages|services|locations|faqs|testimonials)\//.test(candidate.relative)));
    const depth = random.int(60, 400);
    const deep = random.chance(0.5) ? `${'>'.repeat(depth)} deep text` : Array.from({ length: Math.ceil(depth / 2) }, (_, level) => `${'  '.repeat(level)}- level ${level}`).join('\n');
    writes.set(target.relative, `${target.text.trimEnd()}\n\n${deep}\n`);
    return { blame: [target.projectPath], description: `${target.relative}: body ends in Markdown nested ${depth} deep` };
  },
  'dead-link': (random, file, files, writes) => {
    const target = random.pick(files.filter((candidate) => /^(pages|services|locations|faqs|testimonials)\//.test(candidate.relative)));
    const name = `gone-${random.int(0, 99_999)}`;
    const broken = random.pick([`[a page that is not there](/${name})`, `[nested](/services/${name}/)`, `![a missing picture](/images/${name}.jpg)`, `[a file](/files/${name}.pdf)`]);
    writes.set(target.relative, `${target.text.trimEnd()}\n\nSee ${broken} for more.\n`);
    return { blame: [target.projectPath], description: `${target.relative}: body links to ${broken}` };
  },
  'odd-name': (random, file, files, writes) => {
    // One build checks three names at once (each goes through the slug rule on its own path): a location renamed, a page and a service copied under odd file names.
    const location = random.pick(files.filter((candidate) => candidate.relative.startsWith('locations/')));
    const name = `${random.pick(ODD_NAMES)} ${random.int(0, 9_999)}`;
    writes.set(location.relative, location.text.replace(/^name: .*$/m, `name: ${JSON.stringify(name)}`));
    const described = [`${location.relative}: named ${JSON.stringify(name)}`];
    const blame = [location.projectPath];
    for (const folder of ['pages', 'services']) {
      const suffix = random.int(0, 9_999);
      const source = random.pick(files.filter((candidate) => candidate.relative.startsWith(`${folder}/`) && !candidate.relative.endsWith('/index.md') && !candidate.relative.slice(folder.length + 1).includes('/')));
      const copy = `${folder}/${random.pick(['Our Team', 'caf%C3%A9 Menu', 'Über UNS', 'A & B'])} ${suffix}.md`;
      const titled = source.text.replace(/^(title|name): (.*)$/m, (_, field: string, value: string) => `${field}: ${JSON.stringify(`${value.replace(/^"|"$/g, '')} ${suffix}`)}`);
      writes.set(copy, titled);
      described.push(`${source.relative} copied to ${JSON.stringify(copy)}`);
      blame.push(`content/${copy}`);
    }
    return { blame, description: described.join('; ') };
  },
};

export function generateCase(random: Random, files: ContentFile[], index: number, kind: MutationKind): FuzzCase {
  if (kind === 'inject') throw new Error('inject cases are made by generateInjectionCase');
  const writes = new Map<string, string | Uint8Array | null>();
  const file = random.pick(files);
  const { description, blame = [file.projectPath] } = MUTATE[kind](random, file, files, writes);
  return { index, kind, writes, blame, description };
}

function nest(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = { level: [value] };
  return value;
}

/** Injects payloads into every text field of every given file at once. */
export function generateInjectionCase(files: ContentFile[], index: number, payloadIndex: number, label: string, skip: Map<string, Set<string>> = new Map()): FuzzCase {
  const writes = new Map<string, string | Uint8Array | null>();
  const injectedFields = new Map<string, string[]>();
  for (const file of files) {
    const parsed = parse(file);
    const injected = injectPayloads(file.relative, parsed.data, parsed.body, payloadIndex, skip.get(file.relative));
    writes.set(file.relative, stringify({ data: injected.data, body: injected.body }));
    injectedFields.set(file.relative, injected.fields);
  }
  const count = [...injectedFields.values()].reduce((sum, fields) => sum + fields.length, 0);
  return {
    index, kind: 'inject', writes, blame: files.map((file) => file.projectPath), injectedFields,
    description: `payloads (from #${payloadIndex}) in ${count} text fields and the bodies of ${label}`,
  };
}

