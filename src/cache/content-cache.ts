/**
 * Stages 1-2 with a cache: every content file is read (synchronously: for
 * thousands of small files that beats thousands of pending promises) and
 * fingerprinted by its path and bytes; only files whose fingerprint is new
 * are parsed, validated and rendered from Markdown. Validated entries are
 * kept in one V8-serialised file per content folder under
 * <cacheDir>/content/, written only when something changed. Deleting it is
 * always safe: the next build parses everything again.
 *
 * The fingerprints double as the identity of each entry for the page cache.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { listContentFiles, parseSourceFile, toProjectPath } from '../content/load-content.ts';
import type { SiteContent } from '../content/schemas.ts';
import { assembleContent, validateSource, type ValidatedEntry } from '../content/validate-content.ts';
import { CleansiteError } from '../core/errors.ts';
import { removeStaleFiles } from './remove-stale.ts';
import { hashText } from './unit-values.ts';

export interface ContentLoad {
  content: SiteContent;
  /** Entry `file` (project-relative) -> fingerprint of its source. */
  fingerprints: Map<string, string>;
  files: number;
  /** Files parsed and validated in this build (the rest came from the cache). */
  parsed: number;
}

export interface ContentCacheOptions {
  contentDir: string;
  rootDir: string;
  /** Where to keep the cache; undefined parses everything and keeps nothing. */
  cacheDir?: string;
  /** Salt: entries validated by other code are not reused. */
  codeVersion: string;
}

interface CacheFile {
  code: string;
  entries: Map<string, ValidatedEntry>;
}

/** Throws a CleansiteErrorList with every problem of every file, like validateContent(). */
export async function loadContentCached(options: ContentCacheOptions): Promise<ContentLoad> {
  const { contentDir, rootDir } = options;
  const cacheFile = options.cacheDir ? path.join(options.cacheDir, 'content', `${hashText(`${contentDir}\n${rootDir}`)}.v8`) : undefined;
  const previous = cacheFile ? readCache(cacheFile, options.codeVersion) : new Map<string, ValidatedEntry>();
  const next = new Map<string, ValidatedEntry>();
  const fingerprints = new Map<string, string>();
  const validated: ValidatedEntry[] = [];
  const parseErrors: CleansiteError[] = [];
  const validationErrors: CleansiteError[] = [];
  let parsed = 0;

  const relatives = await listContentFiles(contentDir);
  for (const relative of relatives) {
    const absolute = path.join(contentDir, relative);
    const file = toProjectPath(rootDir, absolute);
    let text: string;
    try {
      text = readFileSync(absolute, 'utf8');
    } catch (error) {
      parseErrors.push(new CleansiteError({ code: 'CONTENT_PARSE', message: `cannot read file: ${(error as Error).message}`, location: { file }, cause: error }));
      continue;
    }
    const fingerprint = hashText(`${file}\n${relative}\n${text}`);
    let item = previous.get(fingerprint);
    if (!item) {
      parsed++;
      try {
        const source = parseSourceFile(text, relative, file);
        const entry = validateSource(source, validationErrors);
        if (entry) item = { kind: source.kind, entry };
      } catch (error) {
        if (!(error instanceof CleansiteError)) throw error;
        parseErrors.push(error);
      }
    }
    if (!item) continue;
    next.set(fingerprint, item);
    fingerprints.set(file, fingerprint);
    validated.push(item);
  }

  if (cacheFile && (parsed > 0 || next.size !== previous.size)) writeCache(cacheFile, { code: options.codeVersion, entries: next });
  // Assembling sorts the entry lists in place; the cache file was written first, from the same objects.
  const content = assembleContent(validated, [...parseErrors, ...validationErrors]);
  return { content, fingerprints, files: relatives.length, parsed };
}

function readCache(file: string, code: string): Map<string, ValidatedEntry> {
  try {
    const cached = deserialize(readFileSync(file)) as CacheFile;
    if (cached.code === code && cached.entries instanceof Map) return cached.entries;
  } catch {
    // Missing or unreadable (an older format, a torn write): parse everything.
  }
  return new Map();
}

/** Written to a temporary name and renamed, so concurrent builds never see half a file. */
function writeCache(file: string, contents: CacheFile): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, serialize(contents));
    renameSync(temporary, file);
    removeStaleFiles(path.dirname(file), file);
  } catch {
    // A cache that cannot be written (read-only or full disk) only costs the next build the parsing.
    rmSync(temporary, { force: true });
  }
}
