/**
 * A render worker's pages handed back to the main thread (src/render/page-files.ts): their UTF-16
 * code units packed into a shared buffer one after the other, and encoded and written from it,
 * they must be the bytes writeFileSync makes of the same strings (multi-byte characters, a pair of
 * surrogates and a lone surrogate included), counted into the batch's bytes and each page's record;
 * and a page that does not fit in the room left is refused whole (the worker writes it itself),
 * never cut short.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packPages, writeHandedBack } from '../../src/render/page-files.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const root = makeTempDir('cleansite-page-files-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const pages: Array<[string, string]> = [
  ['index.html', '<!DOCTYPE html><p>plain</p>'],
  ['guides/one/index.html', '<p>it’s — “quoted” é 😀</p>'],
  // A lone surrogate: both writers make U+FFFD of it.
  ['guides/two/index.html', `<p>half ${'\uD800'} pair</p>`],
];

describe('pages handed back through a shared buffer', () => {
  it('are written with the bytes writeFileSync makes of the same strings, in their own folders, and counted', () => {
    const buffer = new SharedArrayBuffer(1024);
    const packed = packPages(buffer);
    for (const [file, html] of pages) expect(packed.put(file, html), file).toBe(true);
    const rendered = pages.map(([outputFile]) => ({ path: `/${outputFile}`, outputFile, bytes: 0, units: 'route' }));
    const written = writeHandedBack(buffer, { pages: pages.length, bytes: 0, failures: [], rendered, handedBack: packed.pages }, path.join(root, 'out'));
    mkdirSync(path.join(root, 'expected'));
    for (const [file, html] of pages) {
      const expected = path.join(root, 'expected', file.replaceAll('/', '-'));
      writeFileSync(expected, html);
      expect(readFileSync(path.join(root, 'out', file)).equals(readFileSync(expected)), file).toBe(true);
    }
    const sizes = pages.map(([, html]) => Buffer.byteLength(html));
    expect(written.bytes).toBe(sizes.reduce((sum, size) => sum + size, 0));
    expect(written.rendered?.map((page) => page.bytes)).toEqual(sizes);
  });

  it('refuse a page that does not fit whole, and take the next one that does', () => {
    // Room for 20 UTF-16 code units.
    const packed = packPages(new SharedArrayBuffer(40));
    expect(packed.put('a.html', 'x'.repeat(15))).toBe(true);
    // 6 code units: the room left (5) would hold its first 5 only.
    expect(packed.put('b.html', 'é'.repeat(6))).toBe(false);
    expect(packed.put('c.html', 'é'.repeat(5))).toBe(true);
    expect(packed.pages).toEqual([['a.html', 15], ['c.html', 5]]);
  });
});
