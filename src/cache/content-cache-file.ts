/**
 * The content cache's file: validated entries by fingerprint, V8-serialised,
 * one file per content folder. Its own module so a render worker can write
 * it (see render-worker.ts) without loading the content loader.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ValidatedEntry } from '../content/validate-content.ts';
import { removeStaleFiles } from './remove-stale.ts';
import { hashText } from './unit-values.ts';

interface CacheFile {
  code: string;
  entries: Map<string, ValidatedEntry>;
}

/** A content file's identity in the cache: its paths and its bytes. */
export function fingerprintSource(file: string, relative: string, text: string): string {
  return hashText(`${file}\n${relative}\n${text}`);
}

/** Where and for which code version to write the cache. */
export interface CacheTarget {
  file: string;
  code: string;
}

/** The cached entries by fingerprint; empty when the file is missing, unreadable or from other code. */
export function readContentCache(file: string, code: string): Map<string, ValidatedEntry> {
  try {
    const cached = deserialize(readFileSync(file)) as CacheFile;
    if (cached.code === code && cached.entries instanceof Map) return cached.entries;
  } catch {
    // Missing or unreadable (an older format, a torn write): parse everything.
  }
  return new Map();
}

/** Written to a temporary name and renamed, so concurrent builds never see half a file. */
export function writeContentCache({ file, code }: CacheTarget, items: ReadonlyArray<{ fingerprint: string; item: ValidatedEntry }>): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, serialize({ code, entries: new Map(items.map(({ fingerprint, item }) => [fingerprint, item])) } satisfies CacheFile));
    renameSync(temporary, file);
    removeStaleFiles(path.dirname(file), file);
  } catch {
    // A cache that cannot be written (read-only or full disk) only costs the next build the parsing.
    rmSync(temporary, { force: true });
  }
}
