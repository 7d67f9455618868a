/** Cache folders stay bounded: old files and all but the newest few go, the file just written stays. */
import { readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleFiles } from '../../src/core/remove-stale.ts';
import { makeTempDir } from '../support/fixture-site.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function makeFiles(count: number, ageSeconds: (index: number) => number): string[] {
  dir = makeTempDir('cleansite-stale-');
  const now = Date.now() / 1000;
  return Array.from({ length: count }, (_, index) => {
    const file = path.join(dir, `cache-${index}.v8`);
    writeFileSync(file, 'x');
    utimesSync(file, now - ageSeconds(index), now - ageSeconds(index));
    return file;
  });
}

describe('removeStaleFiles', () => {
  it('removes files older than two weeks when it trims a folder over its bound, and keeps the recent ones', () => {
    const files = makeFiles(6, (index) => (index < 2 ? 15 * 24 * 3600 : 60));
    removeStaleFiles(dir, files[5]!, Date.now(), 5);
    expect(readdirSync(dir).sort()).toEqual(['cache-2.v8', 'cache-3.v8', 'cache-4.v8', 'cache-5.v8']);
  });

  it('leaves a folder within its bound alone (a write only lists it)', () => {
    const files = makeFiles(4, (index) => (index < 2 ? 15 * 24 * 3600 : 60));
    removeStaleFiles(dir, files[3]!);
    expect(readdirSync(dir)).toHaveLength(4);
  });

  it('keeps only the newest few, and always the file just written', () => {
    // cache-0 is the oldest; the file just written (cache-0 here) stays whatever its age.
    const files = makeFiles(10, (index) => 1000 - index);
    removeStaleFiles(dir, files[0]!, Date.now(), 4);
    expect(readdirSync(dir).sort()).toEqual(['cache-0.v8', 'cache-7.v8', 'cache-8.v8', 'cache-9.v8']);
  });

  it('trims a full folder to nine tenths, and reads it again only once it is over its bound', () => {
    const files = makeFiles(30, (index) => 1000 - index);
    removeStaleFiles(dir, files[29]!, Date.now(), 20);
    expect(readdirSync(dir)).toHaveLength(18);
    const write = (name: string) => {
      const file = path.join(dir, name);
      writeFileSync(file, 'x');
      removeStaleFiles(dir, file, Date.now(), 20);
    };
    write('new-1.v8');
    write('new-2.v8');
    expect(readdirSync(dir)).toHaveLength(20);
    write('new-3.v8');
    expect(readdirSync(dir)).toHaveLength(18);
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['new-1.v8', 'new-2.v8', 'new-3.v8', 'cache-29.v8']));
  });
});
