/**
 * Text a content file must be: UTF-8 (a Latin-1 byte became U+FFFD without a
 * word before), and Markdown no deeper than the nesting bound (markdown-it
 * drops what passes its own limit of 100, silently). Both are errors naming
 * file and line, and every path that parses content gives the same ones:
 * the build's main thread, a render worker's share (parseSources) and watch.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MARKDOWN_NESTING, renderBody } from '../../src/content/markdown.ts';
import { parseSources } from '../../src/content/parse-sources.ts';
import { decodeSourceText, firstInvalidByte } from '../../src/content/source-text.ts';
import { CleansiteErrorList } from '../../src/core/errors.ts';
import { keepContent } from '../support/load-site.ts';
import { buildFixture, makeFixtureSite } from '../support/fixture-site.ts';
import { collections } from '../support/site-config.ts';

let sites: string[] = [];
afterEach(() => {
  for (const site of sites) rmSync(site, { recursive: true, force: true });
  sites = [];
});

const FAQ = '---\nquestion: Do you clean cafes?\n---\nYes.\n\nWe clean every\n';

/** The fixture with three broken files: Latin-1 on line 7, Markdown nested past the bound from line 5, an alias bomb. */
function brokenSite(): string {
  const dir = makeFixtureSite();
  sites.push(dir);
  writeFileSync(path.join(dir, 'content/faqs/latin1.md'), Buffer.concat([Buffer.from(FAQ), Buffer.from('Caf\xe9 in town.\n', 'latin1')]));
  writeFileSync(path.join(dir, 'content/faqs/deep.md'), `---\nquestion: How deep?\n---\nFine here.\n${'>'.repeat(120)} lost text\n`);
  writeFileSync(path.join(dir, 'content/faqs/aliases.md'), `---\nquestion: Big?\nv: &v "${'z'.repeat(200_000)}"\nlist: [${Array(10).fill('*v').join(', ')}]\n---\nYes.\n`);
  return dir;
}

const EXPECTED = [
  'content/faqs/aliases.md:4: list: the front-matter expands to more than 1,000,000 characters beyond its own text (YAML aliases such as *name each repeat a whole value)',
  `content/faqs/deep.md:5: the Markdown is nested more than ${MAX_MARKDOWN_NESTING} levels deep (blockquotes and lists); deeper text would be dropped`,
  'content/faqs/latin1.md:7: not valid UTF-8 text (byte 0xe9 at offset 62)',
];

describe('content text checks', () => {
  it('invalid UTF-8 is an error naming the file and the line of the first bad byte, not a silent U+FFFD', () => {
    const bytes = Buffer.concat([Buffer.from(FAQ), Buffer.from('Caf\xe9\n', 'latin1')]);
    expect(() => decodeSourceText(bytes, 'content/faqs/x.md')).toThrow('not valid UTF-8 text');
    expect(firstInvalidByte(bytes)).toBe(FAQ.length + 3);
    // Well-formed text, a real U+FFFD included, is accepted as it is.
    expect(decodeSourceText(Buffer.from('Café \uFFFD 😀'), 'x')).toBe('Café \uFFFD 😀');
    // Overlong forms, surrogates and truncated sequences are not UTF-8.
    for (const bad of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80]]) expect(firstInvalidByte(Uint8Array.from(bad))).toBe(0);
  });

  it('Markdown nested past the bound is an error with its line; nesting within it renders in full', () => {
    const deep = renderBody(`Intro.\n\n${'>'.repeat(MAX_MARKDOWN_NESTING + 10)} lost\n`);
    expect(deep.tooDeep).toBe(2);
    const fine = renderBody(`${'>'.repeat(20)} kept\n\n${Array.from({ length: 10 }, (_, level) => `${'  '.repeat(level)}- item ${level}`).join('\n')}\n`);
    expect(fine.tooDeep).toBeUndefined();
    expect(fine.html).toContain('kept');
    expect(fine.html).toContain('item 9');
  });

  it('the build fails with each problem on one line naming file and line (exit 1)', () => {
    const dir = brokenSite();
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(1);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('error: ')).map((line) => line.slice('error: '.length));
    expect(lines.sort()).toEqual(EXPECTED);
  });

  it('a render worker\'s share (parseSources) and the content loader, read whole or file by file as watch does, give the very same errors as the build', async () => {
    const dir = brokenSite();
    const relatives = ['faqs/aliases.md', 'faqs/deep.md', 'faqs/latin1.md'];
    const parsed = parseSources(relatives.map((relative) => ({ relative, file: `content/${relative}`, absolute: path.join(dir, 'content', relative) })), collections);
    const fromWorker = [...parsed.readErrors, ...parsed.parseErrors, ...parsed.validationErrors].map((error) => error.format());
    expect(fromWorker.sort()).toEqual(EXPECTED);

    const sources = await keepContent(dir);
    let fromWatch: string[] = [];
    try {
      sources.assemble();
    } catch (error) {
      fromWatch = (error as CleansiteErrorList).errors.map((problem) => problem.format());
    }
    expect(fromWatch.sort()).toEqual(EXPECTED);
    // Read again one by one, as watch does after an edit: each file's problems are replaced, not added.
    await sources.update(relatives, false);
    let afterRefresh: string[] = [];
    try {
      sources.assemble();
    } catch (error) {
      afterRefresh = (error as CleansiteErrorList).errors.map((problem) => problem.format());
    }
    expect(afterRefresh.sort()).toEqual(EXPECTED);
    expect(readFileSync(path.join(dir, 'content/faqs/latin1.md')).includes(0xe9)).toBe(true);
  });
});
