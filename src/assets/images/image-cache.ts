/**
 * The on-disk cache of encoded images: one folder per (source bytes, options)
 * key under .cache/images/, holding the variant files and a manifest.
 * Entries are written to a temporary folder and renamed into place, so a
 * crashed or concurrent build never leaves a half-written entry behind, and
 * deleting the whole folder only costs one slow build.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cacheWriteFailed } from '../../cache/cache-writes.ts';
import { writeFileNamed } from '../../core/atomic-write.ts';
import path from 'node:path';
import type { VariantFormat } from './image-options.ts';

export interface CachedVariant {
  format: VariantFormat;
  width: number;
  height: number;
  /** First 10 hex digits of the sha256 of the bytes: the output name's hash. */
  hash: string;
  bytes: number;
  /** File name inside the entry folder. */
  file: string;
}

export interface CachedImage {
  /** Intrinsic size of the (auto-oriented) source. */
  width: number;
  height: number;
  /** Empty for sources that are only measured, not converted. */
  variants: CachedVariant[];
}

export interface CacheEntry extends CachedImage {
  /** Absolute folder holding the variant files. */
  dir: string;
}

export interface ImageCache {
  /** The entry for a key, or undefined when it is missing or incomplete. */
  read(key: string): CacheEntry | undefined;
  /** Stores an entry (atomically) and returns it as read() would. */
  write(key: string, image: CachedImage, contents: ReadonlyMap<string, Uint8Array>): CacheEntry;
}

const MANIFEST = 'manifest.json';

export function openImageCache(dir: string): ImageCache {
  const cache: ImageCache = {
    read(key) {
      const entryDir = path.join(dir, key);
      let image: CachedImage;
      try {
        image = JSON.parse(readFileSync(path.join(entryDir, MANIFEST), 'utf8')) as CachedImage;
        // A file deleted or truncated by hand makes the entry a miss rather than a broken page.
        for (const variant of image.variants) if (statSync(path.join(entryDir, variant.file)).size !== variant.bytes) return undefined;
      } catch {
        return undefined;
      }
      return { ...image, dir: entryDir };
    },
    write(key, image, contents) {
      // Another build may have stored the same key meanwhile, and may be linking its files right now.
      const existing = cache.read(key);
      if (existing) return existing;
      try {
        return storeEntry(dir, key, image, contents, cache.read);
      } catch (error) {
        // The cache is optional (a read-only or full cache folder): the variants go to a folder of
        // this process's own, removed when it exits, and the build goes on.
        cacheWriteFailed(error, dir);
        return storeEntry(ownFolder(), key, image, contents, () => undefined);
      }
    },
  };
  return cache;
}

/** Writes an entry into a temporary folder beside it and renames it into place. */
function storeEntry(dir: string, key: string, image: CachedImage, contents: ReadonlyMap<string, Uint8Array>, stored: (key: string) => CacheEntry | undefined): CacheEntry {
  const entryDir = path.join(dir, key);
  const temporary = path.join(dir, `.${key}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    mkdirSync(temporary, { recursive: true });
    for (const [file, bytes] of contents) writeFileNamed(path.join(temporary, file), bytes);
    writeFileNamed(path.join(temporary, MANIFEST), JSON.stringify(image));
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
  try {
    rmSync(entryDir, { recursive: true, force: true });
    renameSync(temporary, entryDir);
  } catch {
    // Lost a race with another build storing the same key: use its entry.
    rmSync(temporary, { recursive: true, force: true });
    const theirs = stored(key);
    if (theirs) return theirs;
    throw new Error(`could not store the image cache entry ${entryDir}`);
  }
  return { ...image, dir: entryDir };
}

let own: string | undefined;

/** This process's folder for image variants its cache could not hold; removed when the process exits. */
function ownFolder(): string {
  if (!own) {
    const folder = mkdtempSync(path.join(tmpdir(), 'cleansite-images-'));
    own = folder;
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  }
  return own;
}
