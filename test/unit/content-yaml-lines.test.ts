/**
 * The YAML loader (src/content/yaml-document.ts) through the content loader,
 * on the real site's collections and its real content/site.md: every
 * problem names the line the field is written on, unknown fields get the
 * nearest known name, dates are strict YYYY-MM-DD, tabs and duplicate keys
 * are YAML errors at their lines, and nesting is bounded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { load } from './support/load-files.ts';

const SITE_MD = readFileSync(path.join(PROJECT_ROOT, 'content', 'site.md'), 'utf8');
/** The 1-based line of the first line of site.md that starts with `start`. */
const lineOf = (text: string, start: string) => text.split('\n').findIndex((line) => line.startsWith(start)) + 1;

describe('unknown fields', () => {
  it('are reported at the line they are written on, with the nearest known name', async () => {
    const { problems } = await load({ 'site.md': SITE_MD, 'faqs/why.md': '---\nquestion: Why?\n\n# a comment\nshowOnHme: true\n---\nBecause.\n' });
    expect(problems).toEqual(['content/faqs/why.md:5: unknown field "showOnHme" (did you mean "showOnHome"?)']);
  });

  it('inside a mapping: the nested key\'s line, and the missing field at its parent\'s line', async () => {
    const text = SITE_MD.replace('  e164:', '  e164x:');
    const { problems } = await load({ 'site.md': text });
    expect(problems).toEqual([
      `content/site.md:${lineOf(text, 'phone:')}: phone.e164: is required (expected string)`,
      `content/site.md:${lineOf(text, '  e164x:')}: phone: unknown field "e164x" (did you mean "e164"?)`,
    ]);
  });

  it('with nothing close, lists the fields that are known there', async () => {
    const { problems } = await load({ 'site.md': SITE_MD, 'faqs/why.md': '---\nquestion: Why?\ncolour: blue\n---\nBecause.\n' });
    expect(problems).toEqual(['content/faqs/why.md:3: unknown field "colour" [hint: the fields here are "question", "showOnHome", "order"]']);
  });
});

describe('YAML errors', () => {
  it('a tab that indents a field is a YAML error at its line, not an unknown field', async () => {
    const text = SITE_MD.replace(/\n {2}alt: /, '\n\talt: ');
    const { problems } = await load({ 'site.md': text });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^content/site\\.md:${lineOf(text, '\talt:')}:1: invalid YAML front-matter: a tab indents this line: YAML indents with spaces only`));
  });

  it('a field written twice is an error at its second line', async () => {
    const { problems } = await load({ 'site.md': SITE_MD, 'faqs/why.md': '---\nquestion: Why?\norder: 1\norder: 2\n---\nBecause.\n' });
    expect(problems).toEqual([expect.stringMatching(/^content\/faqs\/why\.md:4:1: invalid YAML front-matter: a field is written twice/)]);
  });

  it('tags such as !!timestamp are refused, not turned into dates', async () => {
    const text = SITE_MD.replace('updated: 2026-11-01', 'updated: !!timestamp 2026-11-01');
    const { problems } = await load({ 'site.md': text });
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^content/site\\.md:${lineOf(text, 'updated:')}:\\d+: invalid YAML front-matter: .*!!timestamp`))]);
  });

  it('yes, no and on stay text (YAML 1.2)', async () => {
    const { content } = await load({ 'site.md': SITE_MD, 'faqs/why.md': '---\nquestion: yes\n---\nBecause.\n' });
    expect((content!.faqs as Array<{ question: unknown }>)[0]!.question).toBe('yes');
  });

  it('nesting deeper than 100 levels is refused with its line', async () => {
    const deep = `${'['.repeat(150)}${']'.repeat(150)}`;
    const { problems } = await load({ 'site.md': SITE_MD, 'faqs/why.md': `---\nquestion: Why?\n\nkeywords: ${deep}\n---\nBecause.\n` });
    expect(problems).toEqual([expect.stringMatching(/^content\/faqs\/why\.md:4: nested more than 100 levels deep/)]);
  });
});

describe('dates are strict YYYY-MM-DD', () => {
  const line = lineOf(SITE_MD, 'updated:');
  for (const [written, why] of [
    ['2026-02-30', 'February 2026 has 28 days'],
    ['2026-13-45', 'there is no month 13'],
    ['10/12/2026', 'could mean two days'],
    ['"2026-1-5"', 'must be a date written YYYY-MM-DD'],
    ['20261101', 'must be a date written YYYY-MM-DD'],
  ]) {
    it(`updated: ${written} is an error naming the file, the line and YYYY-MM-DD`, async () => {
      const { problems } = await load({ 'site.md': SITE_MD.replace('updated: 2026-11-01', `updated: ${written}`) });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^content/site\\.md:${line}: updated: .*${why}`));
      expect(problems[0]).toContain('YYYY-MM-DD');
    });
  }

  it('a real day is the Date of its midnight UTC, as before', async () => {
    const { content, problems } = await load({ 'site.md': SITE_MD.replace('updated: 2026-11-01', 'updated: 2028-02-29') });
    expect(problems).toEqual([]);
    expect((content!.site as { updated: Date }).updated.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  // Spaces around a day pass the check; the Date was once made from the text as written, an
  // Invalid Date: a scheduled entry was published at once, and a page's date failed the build.
  for (const [written, as] of [['"2028-02-29 "', 'a trailing space, quoted'], ['2028-02-29\u00a0', 'a no-break space pasted from a web page, which YAML keeps']]) {
    it(`a day with ${as} is that day`, async () => {
      const { content, problems } = await load({ 'site.md': SITE_MD.replace('updated: 2026-11-01', `updated: ${written}`) });
      expect(problems).toEqual([]);
      expect((content!.site as { updated: Date }).updated.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    });
  }
});

describe('guide topics', () => {
  // A topic's page address is its slug: a name with no letter a-z or digit had no page, and every link to it broke the build.
  for (const topic of ['清洁', '&', '🧽']) {
    it(`"${topic}" is an error at the topics line, saying what a name needs`, async () => {
      const guide = readFileSync(path.join(PROJECT_ROOT, 'content', 'guides', 'checking-your-cleaners-work.md'), 'utf8').replace(/^topics: .*$/m, `topics: [Office cleaning, "${topic}"]`);
      const { problems } = await load({ 'site.md': SITE_MD, 'guides/checking-your-cleaners-work.md': guide });
      expect(problems).toEqual([expect.stringMatching(/^content\/guides\/checking-your-cleaners-work\.md:5: topics\.1: a topic name needs a letter a-z or a digit/)]);
    });
  }
});

describe('YAML messages a content author can act on', () => {
  it('a colon and a space inside a value: at its line, saying to quote it', async () => {
    const { problems } = await load({ 'site.md': SITE_MD, 'faqs/why.md': '---\nquestion: Why: because?\n---\nBecause.\n' });
    expect(problems).toEqual([expect.stringMatching(/^content\/faqs\/why\.md:2:\d+: invalid YAML front-matter: a value holds a colon and a space \(": "\), which YAML reads as the start of another field: quote the value/)]);
  });

  it('a line indented under a value that is not a mapping: bad indentation, at that line', async () => {
    const { problems } = await load({ 'site.md': SITE_MD, 'faqs/why.md': '---\nquestion: Why?\norder: 3\n  showOnHome: true\n---\nBecause.\n' });
    expect(problems).toEqual([expect.stringMatching(/^content\/faqs\/why\.md:4:\d+: invalid YAML front-matter: bad indentation of a mapping entry/)]);
  });
});
