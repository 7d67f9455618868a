/**
 * A render worker's pages handed back to the main thread (src/render/page-files.ts): packed as
 * UTF-8 into a shared buffer one after the other, and written from it, they must be the bytes
 * writeFileSync makes of the same strings (multi-byte characters and a lone surrogate included),
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
  it('are written with the bytes writeFileSync makes of the same strings, in their own folders', () => {
    const buffer = new SharedArrayBuffer(1024);
    const packed = packPages(buffer);
    for (const [file, html] of pages) expect(packed.put(file, html), file).toBe(Buffer.byteLength(html));
    writeHandedBack(buffer, packed.pages, path.join(root, 'out'));
    mkdirSync(path.join(root, 'expected'));
    for (const [file, html] of pages) {
      const expected = path.join(root, 'expected', file.replaceAll('/', '-'));
      writeFileSync(expected, html);
      expect(readFileSync(path.join(root, 'out', file)).equals(readFileSync(expected)), file).toBe(true);
    }
  });

  it('refuse a page that does not fit whole, and take the next one that does', () => {
    const room = 40;
    const packed = packPages(new SharedArrayBuffer(room));
    expect(packed.put('a.html', 'x'.repeat(30))).toBe(30);
    // 4 characters but 12 bytes: the room left (10) would hold its first 3 characters only.
    expect(packed.put('b.html', '€'.repeat(4))).toBeUndefined();
    expect(packed.put('c.html', 'é'.repeat(5))).toBe(10);
    expect(packed.pages).toEqual([['a.html', 30], ['c.html', 10]]);
  });
});
