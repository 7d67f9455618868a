/**
 * The content cache file is written and read in frames (src/cache/content-cache-file.ts), so
 * no buffer of every entry is ever held: entries come back as written, across many frames, and
 * a file from other code, a torn file or one in the older single-buffer format reads as empty
 * (the build then parses everything) rather than as part of the cache. The frames already written
 * are collected while the rest are: V8 does not count `serialize()`'s buffers as its memory, so
 * left to it they all stayed (40 MB at 10,000 locations, kept by a render worker for the whole
 * render). This file runs in a process of its own (the integration project): its memory is
 * this test's.
 */
import { readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { readContentCache, writeContentCache } from '../../src/cache/content-cache-file.ts';
import { collectGarbage } from '../../src/core/garbage-collection.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const dir = makeTempDir('cleansite-content-cache-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** More entries than three frames hold, with nested values and a long body. */
const items = Array.from({ length: 700 }, (_, index) => ({
  fingerprint: `fp-${index}`,
  item: { kind: 'locations', entry: { name: `Place ${index}`, features: ['Office cleaning', 'Window cleaning'], geo: { latitude: -27.4 - index / 1000 }, html: `<p>${'x'.repeat(index * 10)}</p>` } },
}));

describe('content cache file', () => {
  it('reads back every entry it wrote, in frames, for the same code only', () => {
    const file = path.join(dir, 'content', 'site.v8');
    writeContentCache({ file, code: 'code-1' }, items);
    const read = readContentCache<(typeof items)[number]['item']>(file, 'code-1');
    expect(read.size).toBe(items.length);
    expect([...read.keys()]).toEqual(items.map((item) => item.fingerprint));
    expect(read.get('fp-699')).toEqual(items[699]!.item);
    expect(readContentCache(file, 'code-2').size).toBe(0);
  });

  it('reads a torn file, an older format or garbage as an empty cache', () => {
    const file = path.join(dir, 'content', 'torn.v8');
    writeContentCache({ file, code: 'code-1' }, items);
    truncateSync(file, Math.floor(readFileSync(file).byteLength / 2));
    expect(readContentCache(file, 'code-1').size).toBe(0);

    const older = path.join(dir, 'content', 'older.v8');
    writeFileSync(older, serialize({ code: 'code-1', entries: new Map(items.map(({ fingerprint, item }) => [fingerprint, item])) }));
    expect(readContentCache(older, 'code-1').size).toBe(0);

    const garbage = path.join(dir, 'content', 'garbage.v8');
    writeFileSync(garbage, Buffer.from([0, 0, 0, 8, 1, 2, 3]));
    expect(readContentCache(garbage, 'code-1').size).toBe(0);
    expect(readContentCache(path.join(dir, 'missing.v8'), 'code-1').size).toBe(0);
  });

  it('lets the frames it wrote go as it writes: a 30 MB cache adds a few MB to the memory of the thread writing it', () => {
    // Flat strings, as parsed entries hold (serialising a concatenation would flatten it into the heap).
    const large = Array.from({ length: 12_000 }, (_, index) => ({
      fingerprint: `fp-${index}`,
      item: JSON.parse(JSON.stringify({ kind: 'locations', entry: { name: `Place ${index}`, html: `<p>${'Commercial cleaning, '.repeat(120)}${index}</p>` } })) as unknown,
    }));
    const file = path.join(dir, 'content', 'large.v8');
    writeContentCache({ file, code: 'code-1' }, items);
    collectGarbage();
    const before = process.memoryUsage.rss();
    writeContentCache({ file, code: 'code-1' }, large);
    const grown = process.memoryUsage.rss() - before;
    const written = readFileSync(file).byteLength;
    expect(written, 'the cache file holds every entry').toBeGreaterThan(25 * 2 ** 20);
    expect(grown, `writing ${(written / 2 ** 20).toFixed(1)} MB added ${(grown / 2 ** 20).toFixed(1)} MB`).toBeLessThan(12 * 2 ** 20);
  });
});
