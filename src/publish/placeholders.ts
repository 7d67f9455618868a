/**
 * Placeholder business details must never be published. The site declares
 * which front-matter fields of which file are its business details, and which
 * field lists the ones still marked as placeholders (SiteConfig.businessDetails);
 * this module finds them, with file and line. Values reserved for examples
 * (example.com addresses, 555 and all-zero numbers) count whatever the list
 * says, so forgetting to mark one does not let it through.
 *
 * `build` checks and records what it found in the output folder
 * (PLACEHOLDER_RECORD, never published); `deploy` reads that record.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BusinessDetails } from '../config/site-config.ts';
import { parseFrontMatter } from '../content/load-content.ts';

export interface Placeholder {
  /** Project-relative file, forward slashes. */
  file: string;
  line?: number;
  /** Dotted field path, `emails.0` for a list item. */
  field: string;
  value: string;
  why: 'marked' | 'reserved';
}

/** cleansite's bookkeeping in the output folder: `.cleansite*` files are never published (deploy/local-files.ts). */
export const PLACEHOLDER_RECORD = '.cleansite-placeholders.json';

/** Host names reserved for examples and tests (RFC 2606, RFC 6761). */
const RESERVED_HOST = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;
/** Ranges set aside for fiction and examples: North America's 555-01xx, Australia's 5550/7010 and 0491 570, the UK's 01632 960 and 07700 900. */
const RESERVED_NUMBERS = [/^1?\d{3}5550[01]\d{2}$/, /^(61|0)[2378](5550|7010)\d{4}$/, /^(61|0)491570\d{3}$/, /^(44|0)(1632960|7700900)\d{3}$/];
const FILLER_TEXT = /\b(lorem ipsum|placeholder|example|to be confirmed|tbc|todo|xxx+)\b/i;

/** Why a value is a stand-in whatever the site says, or undefined for a value that may be real. */
export function reservedReason(value: string): string | undefined {
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/:?#]+)/i.exec(value)?.[1] ?? /@([^\s@]+)$/.exec(value)?.[1];
  if (host && RESERVED_HOST.test(host)) return `${host} is reserved for examples`;
  const digits = value.replace(/\D/g, '');
  if (/^[\d\s()+.-]+$/.test(value) && digits.length >= 8) {
    // A number whose last six digits are all one digit, such as (07) 3000 0000, is a stand-in.
    if (/(\d)\1{5}$/.test(digits) || RESERVED_NUMBERS.some((range) => range.test(digits))) return 'a number reserved for examples';
  }
  if (FILLER_TEXT.test(value)) return 'filler text';
  return undefined;
}

/** The details of one file that are marked or reserved placeholders. */
export function findPlaceholders(text: string, file: string, details: BusinessDetails): Placeholder[] {
  const { data, lines } = parseFrontMatter(text, file);
  const marked = details.markedBy ? listOf(data[details.markedBy]) : [];
  const isMarked = (field: string) => marked.some((name) => field === name || field.startsWith(`${name}.`));
  const found: Placeholder[] = [];
  for (const declared of details.fields) {
    for (const [field, value] of leaves(valueAt(data, declared), declared)) {
      const why = isMarked(field) || isMarked(declared) ? 'marked' : reservedReason(value) ? 'reserved' : undefined;
      if (why) found.push({ file, line: lines.lineOf(field.split('.').map(keyOf)), field, value, why });
    }
  }
  return found.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** Reads the declared file under the content folder (`read`: how); a site that declares no details has none. */
export function scanPlaceholders(contentDir: string, rootDir: string, details: BusinessDetails | undefined, baseUrlOverride?: string, read = (absolute: string) => readFileSync(absolute, 'utf8')): Placeholder[] {
  if (!details) return [];
  const absolute = path.join(contentDir, details.file);
  if (!existsSync(absolute)) return [];
  const file = path.relative(rootDir, absolute).split(path.sep).join('/');
  const found = findPlaceholders(read(absolute), file, details);
  if (baseUrlOverride === undefined || !details.baseUrlField) return found;
  // --base-url replaces the file's base URL: it is the one that ships.
  const kept = found.filter((placeholder) => placeholder.field !== details.baseUrlField);
  return reservedReason(baseUrlOverride) ? [...kept, { file: '--base-url', field: details.baseUrlField, value: baseUrlOverride, why: 'reserved' }] : kept;
}

export function formatPlaceholder(placeholder: Placeholder): string {
  const where = `${placeholder.file}${placeholder.line ? `:${placeholder.line}` : ''}`;
  return `${where}: ${placeholder.field}: ${placeholder.value} (${placeholder.why === 'marked' ? 'marked as a placeholder' : reservedReason(placeholder.value)})`;
}

/** One message listing every placeholder, one per line. */
export function describePlaceholders(placeholders: readonly Placeholder[]): string {
  return [`${placeholders.length} placeholder business detail${placeholders.length === 1 ? '' : 's'}:`, ...placeholders.map((placeholder) => `  ${formatPlaceholder(placeholder)}`)].join('\n');
}

/** The record `deploy` reads, as a file of the output: the build writes it with the rest, so it is swapped in atomically with the site it describes. */
export function placeholderRecord(placeholders: readonly Placeholder[]): { file: string; contents: string } {
  return { file: PLACEHOLDER_RECORD, contents: `${JSON.stringify(placeholders, null, 2)}\n` };
}

/** The placeholders the build of `dir` recorded; none for a folder built before builds kept the record. */
export function readPlaceholderRecord(dir: string): Placeholder[] {
  const file = path.join(dir, PLACEHOLDER_RECORD);
  if (!existsSync(file)) return [];
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return Array.isArray(parsed) ? (parsed as Placeholder[]) : [];
}

/** Netlify sets CONTEXT: only its production context publishes the live site; previews and branch deploys only warn. */
export function isProductionBuild(env: NodeJS.ProcessEnv): boolean {
  return env.CONTEXT === 'production';
}

function valueAt(data: Record<string, unknown>, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);
}

/** Every string or number under a value, with its dotted path. */
function leaves(value: unknown, at: string): Array<[string, string]> {
  if (typeof value === 'string' || typeof value === 'number') return [[at, String(value)]];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${at}.${index}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, `${at}.${key}`));
  return [];
}

function listOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
}

const keyOf = (part: string): string | number => (/^\d+$/.test(part) ? Number(part) : part);
