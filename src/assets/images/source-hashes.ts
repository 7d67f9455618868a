/**
 * Content hashes of image sources, remembered by (size, mtime, inode) in
 * .cache/images/sources.json, so a build with unchanged images reads no
 * image bytes at all: a stat per source is enough to find its cache entry.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeCacheFile } from '../../cache/cache-writes.ts';
import { trace } from '../../core/trace.ts';

interface Remembered {
  size: number;
  mtimeMs: number;
  ino: number;
  hash: string;
}

export interface SourceHashes {
  /** sha256 (hex) of the file's bytes; reads the file only when its stat changed. */
  hashOf(absolute: string): Promise<string>;
  /** Writes the index back when it changed; forgets files that no longer exist. */
  save(): void;
}

const INDEX_VERSION = 1;

export function openSourceHashes(cacheDir: string): SourceHashes {
  const indexFile = path.join(cacheDir, 'sources.json');
  const remembered = readIndex(indexFile);
  let changed = false;

  return {
    async hashOf(absolute) {
      const stat = statSync(absolute);
      const known = remembered.get(absolute);
      if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs && known.ino === stat.ino) return known.hash;
      const hash = createHash('sha256').update(await readFile(absolute)).digest('hex');
      remembered.set(absolute, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, hash });
      changed = true;
      return hash;
    },
    save() {
      if (!changed) return;
      for (const file of remembered.keys()) if (!existsSync(file)) remembered.delete(file);
      // Unsaved (an unwritable cache): the next build hashes these sources again.
      writeCacheFile(indexFile, JSON.stringify({ version: INDEX_VERSION, entries: Object.fromEntries(remembered) }));
      changed = false;
      trace('images: index saved');
    },
  };
}

function readIndex(indexFile: string): Map<string, Remembered> {
  try {
    const parsed = JSON.parse(readFileSync(indexFile, 'utf8')) as { version?: number; entries?: Record<string, Remembered> };
    if (parsed.version === INDEX_VERSION && parsed.entries) return new Map(Object.entries(parsed.entries));
  } catch {
    // Missing or damaged: every source is hashed again, nothing else is lost.
  }
  return new Map();
}
