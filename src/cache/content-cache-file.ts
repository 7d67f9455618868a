/**
 * The content cache's file: validated entries by fingerprint (see
 * content/parse-sources.ts), V8-serialised, one file per content folder.
 * Only bytes in and out: the loader (content/content-loader.ts) decides what
 * to keep; a render worker can write it (session/render-worker.ts) without
 * loading the loader.
 *
 * The file is a run of frames, each a 4-byte length and a V8-serialised
 * value: first `{ code }`, then the entries, CHUNK_ENTRIES at a time. It is
 * written and read one frame at a time, because one serialised buffer of
 * every entry grows with the site (200 MB at 100,000 locations, held at the
 * build's peak, with the copies its buffer growth makes). The frames written
 * are collected as the writing goes (collectYoungGarbage): left to V8, whose
 * accounting does not see them, they all stayed (40 MB at 10,000 locations).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { collectYoungGarbage } from '../core/garbage-collection.ts';
import { removeStaleFiles } from '../core/remove-stale.ts';
import { writeCacheFile } from './cache-writes.ts';

/** Entries per frame: small enough that a frame's buffer is a few hundred KB, large enough that frames are few. */
const CHUNK_ENTRIES = 256;
/** Bytes of frames written between two collections of their buffers: what they may add to the writing thread's memory. */
const COLLECT_EVERY_BYTES = 4 * 2 ** 20;
/** A frame longer than this is not one this code wrote (an older format, a torn write). */
const MAX_FRAME_BYTES = 256 * 2 ** 20;

/** Where and for which code version to write the cache. */
export interface CacheTarget {
  file: string;
  code: string;
}

/** The cached entries by fingerprint; empty when the file is missing, unreadable or from other code. `Entry`: whatever the loader caches per file. */
export function readContentCache<Entry>(file: string, code: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const header = readFrame(fd) as { code?: unknown } | undefined;
    if (header?.code !== code) return entries;
    for (let frame = readFrame(fd); frame !== undefined; frame = readFrame(fd)) {
      for (const [fingerprint, entry] of frame as Array<[string, Entry]>) entries.set(fingerprint, entry);
    }
    return entries;
  } catch {
    // Missing or unreadable (an older format, a torn write): parse everything.
    return new Map();
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Written to a temporary name and renamed, so concurrent builds never see half a file. */
export function writeContentCache<Entry>({ file, code }: CacheTarget, items: ReadonlyArray<{ fingerprint: string; item: Entry }>): void {
  // A cache that cannot be written (read-only or full disk) only costs the next build the parsing.
  if (writeCacheFile(file, frames(code, items))) removeStaleFiles(path.dirname(file), file);
}

/**
 * The file's frames, each serialised only when it is written (its length, then its body). Every
 * COLLECT_EVERY_BYTES the young generation is collected: the bodies written so far are garbage,
 * but V8 does not count `serialize()`'s buffers as its memory, so it would not collect them.
 */
function* frames<Entry>(code: string, items: ReadonlyArray<{ fingerprint: string; item: Entry }>): Generator<Buffer> {
  yield* frame({ code });
  let sinceCollection = 0;
  for (let start = 0; start < items.length; start += CHUNK_ENTRIES) {
    sinceCollection += yield* frame(items.slice(start, start + CHUNK_ENTRIES).map(({ fingerprint, item }) => [fingerprint, item]));
    if (sinceCollection < COLLECT_EVERY_BYTES) continue;
    collectYoungGarbage();
    sinceCollection = 0;
  }
}

/** Yields a frame's length and body; returns the body's size. */
function* frame(value: unknown): Generator<Buffer, number> {
  const body = serialize(value);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.byteLength);
  yield length;
  yield body;
  return body.byteLength;
}

/** The next frame's value; undefined at the end of the file. Throws on a partial or oversized frame. */
function readFrame(fd: number): unknown {
  const length = Buffer.alloc(4);
  const got = readSync(fd, length, 0, 4, null);
  if (got === 0) return undefined;
  const size = length.readUInt32BE(0);
  if (got !== 4 || size > MAX_FRAME_BYTES) throw new Error('not a content cache frame');
  const body = Buffer.allocUnsafe(size);
  for (let offset = 0; offset < size;) {
    const read = readSync(fd, body, offset, size - offset, null);
    if (read === 0) throw new Error('the content cache file ends inside a frame');
    offset += read;
  }
  return deserialize(body);
}
