/**
 * One slug rule for every routed file: accents transliterated, lower case,
 * anything else a single hyphen; a `slug:` field overrides the derived slug
 * and must itself be clean. Before, a location named "Café Ōtara" or
 * "Surfers' Paradise & Main Beach" could not be built at all, while page and
 * service file names reached URLs unchecked (spaces, capitals, %C3%A9).
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { globby } from 'globby';
import { describe, expect, it } from 'vitest';
import { isCleanSlug, slugify } from '../../src/core/urls.ts';
import { buildFixture, useThrowawaySites } from '../support/fixture-site.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';

const site = useThrowawaySites();

const errorLines = (stderr: string) => stderr.split('\n').filter((line) => /^(error|  hint): /.test(line)).map((line) => line.trim());

const PAGE = '---\ntitle: Our Team\ntemplate: about\nsitemapGroup: main-pages\ndescription: The team page of the fixture site, long enough to satisfy the description rule.\n---\nWho we are.\n';

function location(name: string, extra = ''): string {
  return `---\nname: ${JSON.stringify(name)}\nregion: Brisbane Area\nstate: Queensland\ngeo: { latitude: -27.47, longitude: 153.02 }\n${extra}description: Commercial cleaning for the fixture, long enough for the description rule.\nintro: Cleaning here.\nfeatures: [a, b, c, d, e, f, g, h]\n---\nBody.\n`;
}

describe('the slug rule', () => {
  it('transliterates accents, lower-cases, and turns every run of other characters into one hyphen', () => {
    expect(slugify('Café Ōtara')).toBe('cafe-otara');
    expect(slugify("Surfers' Paradise & Main Beach")).toBe('surfers-paradise-main-beach');
    expect(slugify('  Brisbane   CBD  ')).toBe('brisbane-cbd');
    expect(slugify('Straße Ærø')).toBe('strasse-aero');
    expect(slugify('東京')).toBe('');
    expect(isCleanSlug('cafe-otara')).toBe(true);
    for (const unclean of ['Cafe', 'cafe--otara', '-cafe', 'café', 'cafe otara', '']) expect(isCleanSlug(unclean)).toBe(false);
  });

  it('keeps every URL of the committed site: each location slug is its name lower-cased with spaces as hyphens (spec section 2)', async () => {
    const files = await globby('content/locations/*.md', { cwd: PROJECT_ROOT, absolute: true });
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const { data } = matter(readFileSync(file, 'utf8'));
      expect(slugify(String(data.name))).toBe(String(data.name).toLowerCase().replace(/ /g, '-'));
    }
  });

  it('locations named with accents and punctuation build at their clean slugs', () => {
    const dir = site();
    writeFileSync(path.join(dir, 'content/locations/otara.md'), location('Café Ōtara'));
    writeFileSync(path.join(dir, 'content/locations/surfers.md'), location("Surfers' Paradise & Main Beach"));
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(path.join(dir, 'dist/locations/cafe-otara/index.html'))).toBe(true);
    expect(existsSync(path.join(dir, 'dist/locations/surfers-paradise-main-beach/index.html'))).toBe(true);
  });

  it('page and service file names with spaces, capitals and percent-escapes get their clean slugs', () => {
    const dir = site();
    writeFileSync(path.join(dir, 'content/pages/About Us.md'), PAGE);
    copyFileSync(path.join(dir, 'content/services/office-cleaning.md'), path.join(dir, 'content/services/caf%C3%A9 Cleaning.md'));
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(path.join(dir, 'dist/about-us/index.html'))).toBe(true);
    expect(existsSync(path.join(dir, 'dist/services/cafe-cleaning/index.html'))).toBe(true);
  });

  it('a slug: field overrides the derived slug of a location, a service and a page', () => {
    const dir = site();
    writeFileSync(path.join(dir, 'content/locations/tokyo.md'), location('東京', 'slug: tokyo\n'));
    const service = readFileSync(path.join(dir, 'content/services/office-cleaning.md'), 'utf8');
    writeFileSync(path.join(dir, 'content/services/Office Cleaning Two.md'), service.replace('name: Office Cleaning\n', 'name: Office Cleaning Two\nslug: offices\n'));
    writeFileSync(path.join(dir, 'content/pages/team.md'), PAGE.replace('title: Our Team\n', 'title: Our Team\nslug: who-we-are\n'));
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(0);
    for (const page of ['locations/tokyo', 'services/offices', 'who-we-are']) expect(existsSync(path.join(dir, `dist/${page}/index.html`)), page).toBe(true);
    for (const page of ['team', 'services/office-cleaning-two']) expect(existsSync(path.join(dir, `dist/${page}/index.html`)), page).toBe(false);
  });

  it('an unclean slug: field is an error with file, line and a hint showing the clean form', () => {
    const dir = site();
    writeFileSync(path.join(dir, 'content/locations/otara.md'), location('Ōtara', 'slug: Café Ōtara\n'));
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      'error: content/locations/otara.md:6: slug: "Café Ōtara" is not a clean slug (lower-case letters a-z, digits and single hyphens)',
      'hint: write slug: cafe-otara',
    ]);
  });

  it('a name that gives no slug at all is an error pointing at the name, with a hint to add slug:', () => {
    const dir = site();
    writeFileSync(path.join(dir, 'content/locations/tokyo.md'), location('東京'));
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      'error: content/locations/tokyo.md:2: name: "東京" gives an empty slug',
      'hint: add a slug: field with the URL segment to use, such as slug: tokyo',
    ]);
  });

  it('two files that end at one route are the duplicate error naming both, whichever way their slugs were made', () => {
    const dir = site();
    writeFileSync(path.join(dir, 'content/locations/a-cafe.md'), location('Café Ōtara'));
    writeFileSync(path.join(dir, 'content/locations/b-cafe.md'), location('Somewhere Else', 'slug: cafe-otara\n'));
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)[0]).toBe('error: content/locations/b-cafe.md: /locations/cafe-otara is produced by two files: content/locations/a-cafe.md and content/locations/b-cafe.md');
  });
});
