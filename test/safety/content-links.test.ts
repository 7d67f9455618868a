/**
 * Links and images written in content are checked as template links are:
 * a site-path link in a Markdown body with no route, or an image with no
 * file in public/, fails the build (exit 1) with the file and the line in
 * that file (front-matter lines counted). Before, both shipped with exit 0,
 * and a missing front-matter image was reported without a line.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { buildFixture, useThrowawaySites } from '../support/fixture-site.ts';

const site = useThrowawaySites();

function write(dir: string, relative: string, text: string) {
  writeFileSync(path.join(dir, 'content', relative), text);
}

const errorLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('error: ')).map((line) => line.slice('error: '.length));

const ABOUT_HEAD = '---\ntitle: About the Fixture\ntemplate: about\nsitemapGroup: main-pages\ndescription: About page of the fixture site, long enough to satisfy the description rule.\n';

describe('links and images in Markdown bodies', () => {
  it('a body link to a site path with no route fails the build with file and line', () => {
    const dir = site();
    write(dir, 'pages/about.md', `${ABOUT_HEAD}---\nAbout body.\n\nSee [our team](/team) and\nthe [home page](/).\n`);
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual(['content/pages/about.md:9: links to /team, which is not a page of this site or a file in public/']);
  });

  it('a body image with no file in public/ fails the build with file and line, counting blank lines the body starts with', () => {
    const dir = site();
    write(dir, 'faqs/areas.md', '---\nquestion: Which areas?\n---\n\n\nAll of them.\n\n![A map](/images/map.png)\n');
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual(['content/faqs/areas.md:8: uses the image /images/map.png, which is not in public/']);
  });

  it('a link inside a section body (Markdown in front-matter) is checked with the line in the file', () => {
    const dir = site();
    write(dir, 'pages/about.md', `${ABOUT_HEAD}sections:\n  - title: Quality Work\n    body: |\n      We do *quality* work.\n\n      Read [the guide](/guide).\n---\nAbout body.\n`);
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual(['content/pages/about.md:11: links to /guide, which is not a page of this site or a file in public/']);
  });

  it('a front-matter image missing from public/ is reported with its line (it had none before)', () => {
    const dir = site();
    const file = path.join(dir, 'content/services/office-cleaning.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('/images/pixel.png', '/images/missing.png'));
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual(['content/services/office-cleaning.md:8: uses the image /images/missing.png, which is not in public/']);
  });

  it('links to routes (with or without trailing slash, fragment or query), public files and sitemap.xml, and images in public/, build', () => {
    const dir = site();
    write(dir, 'pages/about.md', `${ABOUT_HEAD}---\n[Home](/) [Services](/services/) [Office](/services/office-cleaning#top) [West End](/locations/west-end?x=1)\n[Map](/sitemap.xml) [Pixel](/images/pixel.png) [External](https://example.com/nope) [Anchor](#here)\n\n![Pixel](/images/pixel.png)\n`);
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(0);
    const $ = load(readFileSync(path.join(dir, 'dist/about/index.html'), 'utf8'));
    expect($('.body a').map((_, a) => $(a).attr('href')).get()).toEqual(['/', '/services/', '/services/office-cleaning/#top', '/locations/west-end/?x=1', '/sitemap.xml', '/images/pixel.png', 'https://example.com/nope', '#here']);
    // A body image goes through the image pipeline (render/markdown-images.ts): a <picture> of built variants.
    const img = $('.body picture img');
    expect(img.attr('alt')).toBe('Pixel');
    expect(img.attr('src')).toMatch(/^\/assets\/img\/pixel-\d+\.[0-9a-f]{10}\.(png|jpg)$/);
    expect(existsSync(path.join(dir, 'dist', img.attr('src')!))).toBe(true);
  });

  it('a link that climbs out of public/ is not taken for a public file', () => {
    const dir = site();
    write(dir, 'pages/about.md', `${ABOUT_HEAD}---\n[Secrets](/../content/site.md)\n`);
    const result = buildFixture(dir);
    expect(result.status, result.stderr).toBe(1);
    expect(errorLines(result.stderr)[0]).toMatch(/^content\/pages\/about\.md:7: links to \/\.\.\/content\/site\.md, which is not a page/);
  });
});
