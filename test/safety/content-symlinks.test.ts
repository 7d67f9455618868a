/**
 * Symbolic links under content/: never walked into (a link back up, `pages/sub/up
 * -> ..`, published 703 pages instead of 63 before), refused by name when they
 * lead out of the content folder or point at a folder or nowhere, and read
 * once when they point at a file inside the folder. The same listing serves
 * build and watch, so both give the same errors.
 */
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listContentFiles } from '../../src/content/list-content-files.ts';
import { keepContent } from '../support/load-site.ts';
import { CleansiteErrorList } from '../../src/core/errors.ts';
import { buildFixture, useThrowawaySites } from '../support/fixture-site.ts';
import { collections } from '../support/site-config.ts';

const site = useThrowawaySites();

const errorLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('error: '));

function watchErrors(dir: string): Promise<string[]> {
  return keepContent(dir).then((sources) => {
    try {
      sources.assemble();
      return [];
    } catch (error) {
      return (error as CleansiteErrorList).errors.map((problem) => problem.format());
    }
  });
}

describe('symbolic links in content/', () => {
  it('a link back up the tree (pages/sub/up -> ..) is never followed: the build names it and publishes nothing', async () => {
    const dir = site();
    mkdirSync(path.join(dir, 'content/pages/sub'), { recursive: true });
    writeFileSync(path.join(dir, 'content/pages/sub/extra.md'), '---\ntitle: Extra\ntemplate: info\nsitemapGroup: main-pages\ndescription: An extra page of the fixture, long enough to satisfy the description rule.\n---\nExtra.\n');
    symlinkSync('..', path.join(dir, 'content/pages/sub/up'));
    const listing = await listContentFiles(path.join(dir, 'content'), dir, collections);
    expect(listing.files.filter((file) => file.includes('/up/'))).toEqual([]);
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      'error: content/pages/sub/up: a link to the folder content/pages: linked folders are not followed (a link back up would repeat the site forever)',
    ]);
    expect(readdirSync(dir)).not.toContain('dist');
    expect(await watchErrors(dir)).toEqual([errorLines(result.stderr)[0]!.slice('error: '.length)]);
  });

  it('a link to a file outside the content folder is refused, naming the link and where it leads', async () => {
    const dir = site();
    const outside = path.join(dir, 'secret.md');
    writeFileSync(outside, '---\nquestion: Leaked?\n---\nThe secret.\n');
    symlinkSync(outside, path.join(dir, 'content/faqs/leak.md'));
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual(['error: content/faqs/leak.md: a link to secret.md, outside the content folder']);
    expect(await watchErrors(dir)).toEqual(['content/faqs/leak.md: a link to secret.md, outside the content folder']);
  });

  it('a link to a folder outside the content folder, and a whole kind folder linked from outside, are refused', async () => {
    const dir = site();
    // Beside content/, so outside it, and removed with the site.
    const elsewhere = path.join(dir, 'elsewhere');
    mkdirSync(elsewhere, { recursive: true });
    symlinkSync(elsewhere, path.join(dir, 'content/pages/elsewhere'));
    rmSync(path.join(dir, 'content/faqs'), { recursive: true });
    symlinkSync(elsewhere, path.join(dir, 'content/faqs'));
    const listing = await listContentFiles(path.join(dir, 'content'), dir, collections);
    // The target is named as the project sees it.
    expect(listing.problems.map((problem) => problem.format())).toEqual([
      'content/faqs: a link to elsewhere, outside the content folder',
      'content/pages/elsewhere: a link to the folder elsewhere, outside the content folder',
    ]);
  });

  it('a broken link, and links that lead round to themselves, are refused by name', async () => {
    const dir = site();
    symlinkSync('gone.md', path.join(dir, 'content/faqs/broken.md'));
    symlinkSync('self.md', path.join(dir, 'content/faqs/self.md'));
    symlinkSync('loop-b', path.join(dir, 'content/pages/loop-a'));
    symlinkSync('loop-a', path.join(dir, 'content/pages/loop-b'));
    const listing = await listContentFiles(path.join(dir, 'content'), dir, collections);
    expect(listing.problems.map((problem) => problem.format())).toEqual([
      'content/faqs/broken.md: a broken link: what it points to does not exist',
      'content/faqs/self.md: a broken link: links lead round in a loop',
      'content/pages/loop-a: a broken link: links lead round in a loop',
      'content/pages/loop-b: a broken link: links lead round in a loop',
    ]);
  });

  it('a link to a file inside the content folder is read once, as that file', async () => {
    const dir = site();
    // `_notes`: a folder of files that are not content themselves (a plain `notes/` would be an unclaimed collection).
    mkdirSync(path.join(dir, 'content/_notes'));
    writeFileSync(path.join(dir, 'content/_notes/shared.md'), '---\nquestion: Shared?\n---\nKept once, linked from faqs/.\n');
    symlinkSync('../_notes/shared.md', path.join(dir, 'content/faqs/shared.md'));
    const listing = await listContentFiles(path.join(dir, 'content'), dir, collections);
    expect(listing.problems).toEqual([]);
    expect(listing.files).toContain('faqs/shared.md');
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(0);
  });
});
