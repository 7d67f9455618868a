/**
 * The content cache's file: validated entries by fingerprint (see
 * content/parse-sources.ts), V8-serialised, one file per content folder.
 * Only bytes in and out: the loader (content/content-loader.ts) decides what
 * to keep; a render worker can write it (session/render-worker.ts) without
 * loading the loader.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { removeStaleFiles } from '../core/remove-stale.ts';
import { writeCacheFile } from './cache-writes.ts';

/** `Entry`: whatever the loader caches per file (content/validate-content.ts ValidatedEntry); V8 serialises it as it is. */
interface CacheFile<Entry> {
  code: string;
  entries: Map<string, Entry>;
}

/** Where and for which code version to write the cache. */
export interface CacheTarget {
  file: string;
  code: string;
}

/** The cached entries by fingerprint; empty when the file is missing, unreadable or from other code. */
export function readContentCache<Entry>(file: string, code: string): Map<string, Entry> {
  try {
    const cached = deserialize(readFileSync(file)) as CacheFile<Entry>;
    if (cached.code === code && cached.entries instanceof Map) return cached.entries;
  } catch {
    // Missing or unreadable (an older format, a torn write): parse everything.
  }
  return new Map();
}

/** Written to a temporary name and renamed, so concurrent builds never see half a file. */
export function writeContentCache<Entry>({ file, code }: CacheTarget, items: ReadonlyArray<{ fingerprint: string; item: Entry }>): void {
  // A cache that cannot be written (read-only or full disk) only costs the next build the parsing.
  if (writeCacheFile(file, serialize({ code, entries: new Map(items.map(({ fingerprint, item }) => [fingerprint, item])) } satisfies CacheFile<Entry>))) {
    removeStaleFiles(path.dirname(file), file);
  }
}
