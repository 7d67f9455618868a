/**
 * The engine in src/ knows collections, entries, routes and templates in
 * general; everything about this one business lives in templates/ (its
 * site.config.ts and model/). These checks keep it so: no code in src/
 * names the site's collections, places or trade, and no template reaches
 * into src/ past the engine's API (`cleansite`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|mjs)$/.test(file))
    .map((file) => path.join(dir, file));
}

/** The code of a file without its comments, so examples in comments may still name real things. */
function codeOf(file: string): string {
  return readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const SITE_WORDS = /queensland|\bsections\b|\bQLD\b|brisbane|cleaning|testimonials?\b|serviceCards?|sitemapGroups|\blocations\b|\bservices\b|content\.site\b|en-AU|footerAreas|servicesMenu/i;

describe('the engine is not this site', () => {
  it('no code in src/ names the site\'s collections, places, trade or menus', () => {
    const found = sourceFiles('src').flatMap((file) => {
      const match = codeOf(file).match(SITE_WORDS);
      return match ? [`${file}: ${match[0]}`] : [];
    });
    expect(found).toEqual([]);
  });

  it('the check above finds such a word when one is there', () => {
    expect('const list = content.locations;').toMatch(SITE_WORDS);
    // The site's page sections are Markdown because its config says so (markdown: { 'sections[].body': 'html' }), not by the engine's convention.
    expect("if (Array.isArray(data.sections)) render(data.sections);").toMatch(SITE_WORDS);
    expect("document.createElement('section')").not.toMatch(SITE_WORDS);
    expect(codeOf('templates/site.config.ts')).toMatch(SITE_WORDS);
  });

  it('templates import the engine only as `cleansite`, never from src/', () => {
    const reaching = sourceFiles('templates').filter((file) => /from '(\.\.\/)+src\//.test(readFileSync(path.join(root, file), 'utf8')));
    expect(reaching).toEqual([]);
    expect(sourceFiles('templates').length).toBeGreaterThan(40);
  });
});
