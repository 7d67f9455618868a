import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContentCached } from '../../src/content/content-loader.ts';
import { CleansiteError, CleansiteErrorList } from '../../src/core/errors.ts';
import { findFieldLine } from '../../src/content/field-lines.ts';
import { parseSourceFile } from '../../src/content/load-content.ts';
import { renderMarkdown } from '../../src/content/markdown.ts';
import { pagePath } from '../../src/content/validate-content.ts';
import { slugify, toAbsoluteUrl, toOutputFile, toUrl } from '../../src/core/urls.ts';
import { resolveBuildDate } from '../../src/core/format.ts';
import { collections } from '../support/site-config.ts';

const parseError = (text: string): CleansiteError => {
  try {
    parseSourceFile(text, 'faqs/x.md', 'content/faqs/x.md', collections);
  } catch (error) {
    return error as CleansiteError;
  }
  throw new Error('expected a parse error');
};

describe('parseSourceFile', () => {
  it('splits front-matter and body and records where the body starts', () => {
    const source = parseSourceFile('---\nquestion: Why?\n---\nBecause.\n', 'faqs/why.md', 'content/faqs/why.md', collections);
    expect(source).toMatchObject({ kind: 'faqs', data: { question: 'Why?' }, body: 'Because.\n', bodyLine: 4 });
  });

  it('gives the file line of a YAML error', () => {
    expect(parseError('---\nquestion: "open\nshowOnHome: true\n---\n').format()).toMatch(/^content\/faqs\/x\.md:[34]:\d+: invalid YAML front-matter: /);
    expect(parseError('---\na: 1\nb: 2\n  c: 3\n---\n').location?.line).toBe(4);
  });

  it('refuses executable front-matter', () => {
    expect(parseError('---js\n{ question: (() => "hi")() }\n---\n').message).toContain('executable front-matter (---js) is not allowed');
  });

  it('refuses binary files and files without front-matter', () => {
    expect(parseError('\u0000\u0001binary').message).toBe('file is binary, not Markdown text');
    expect(parseError('just text').format()).toBe('content/faqs/x.md:1: missing YAML front-matter: the file must start with a line of three dashes (---)');
  });

  it('refuses front-matter that is not a mapping', () => {
    expect(parseError('---\n- a\n- b\n---\n').message).toBe('front-matter must be a YAML mapping of field: value');
  });
});

describe('findFieldLine', () => {
  const yaml = 'name: Noosa\nfeatures:\n  - one\n  - two\nimage:\n  src: /a.jpg\n  alt: A\nlist:\n- x\n- y\n';
  it('finds top-level keys, list items and nested keys', () => {
    expect(findFieldLine(yaml, ['name'])).toBe(2);
    expect(findFieldLine(yaml, ['features', 1])).toBe(5);
    expect(findFieldLine(yaml, ['image', 'alt'])).toBe(8);
    expect(findFieldLine(yaml, ['list', 1])).toBe(11);
  });
  it('falls back to the nearest parent it can find', () => {
    expect(findFieldLine(yaml, ['features', 9])).toBe(3);
    expect(findFieldLine(yaml, ['missing'])).toBeUndefined();
  });
});

describe('urls', () => {
  it('applies the trailing-slash policy', () => {
    expect(toUrl('/')).toBe('/');
    expect(toUrl('/about')).toBe('/about/');
    expect(toUrl('/about#team')).toBe('/about/#team');
    expect(toUrl('/sitemap.xml')).toBe('/sitemap.xml');
    expect(toOutputFile('/')).toBe('index.html');
    expect(toOutputFile('/locations/west-end')).toBe('locations/west-end/index.html');
    expect(toAbsoluteUrl('https://example.com', '/about')).toBe('https://example.com/about/');
    expect(toAbsoluteUrl('https://example.com/sub/', '/about')).toBe('https://example.com/about/');
  });
  it('slugs names by the spec rule', () => {
    expect(slugify('Brisbane CBD')).toBe('brisbane-cbd');
    expect(slugify('Mount Panorama')).toBe('mount-panorama');
    expect(pagePath('pages/index.md')).toBe('/');
    expect(pagePath('pages/resources/cleaning-checklist.md')).toBe('/resources/cleaning-checklist');
    expect(pagePath('pages/resources/index.md')).toBe('/resources');
  });
});

describe('markdown', () => {
  it('escapes raw HTML and drops javascript: links', () => {
    const html = renderMarkdown('<img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](/contact)');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('href="/contact/"');
  });
});

/** The problems the content loader reports for a content folder holding `files` (content-relative path -> text). */
async function loadProblems(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'cleansite-content-units-'));
  try {
    mkdirSync(path.join(root, 'content'));
    for (const [relative, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, 'content', relative)), { recursive: true });
      writeFileSync(path.join(root, 'content', relative), text);
    }
    await loadContentCached({ contentDir: path.join(root, 'content'), rootDir: root, collections, codeVersion: 'unit-test' });
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(CleansiteErrorList);
    return (error as CleansiteErrorList).errors.map((problem) => problem.format());
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('the content loader', () => {
  it('reports a missing site.md', async () => {
    expect(await loadProblems({})).toEqual([
      'content/site.md: site.md is missing: the site config (business name, phone, e-mails, base URL, navigation) lives there',
    ]);
  });

  it('names unknown fields at their own line', async () => {
    expect(await loadProblems({ 'faqs/why.md': '---\nquestion: Why?\nshowOnHome: true\nanwser: typo\n---\nBecause.' }))
      .toContain('content/faqs/why.md:4: unknown field "anwser"');
  });
});

describe('resolveBuildDate', () => {
  it('gives the date in Queensland, pinned by SOURCE_DATE_EPOCH', () => {
    // 2026-11-21T14:30:00Z is already the 22nd in Brisbane (UTC+10).
    expect(resolveBuildDate(10, { SOURCE_DATE_EPOCH: String(Date.UTC(2026, 10, 21, 14, 30) / 1000) })).toBe('2026-11-22');
    expect(resolveBuildDate(10, {}, new Date(Date.UTC(2026, 5, 30, 13, 59)))).toBe('2026-06-30');
    expect(resolveBuildDate(10, { SOURCE_DATE_EPOCH: 'not-a-number' }, new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01');
  });
});
