/**
 * The image stage makes only the images pages use: a photo left in public/images that no
 * content or template names gets no variants in the output (its original is still copied,
 * as every public file is), while the used one gets its variants.
 */
import { appendFileSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { load } from 'cheerio';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useThrowawaySites } from '../support/fixture-site.ts';
import { buildSiteWithCli, listFiles } from '../support/site-build.ts';

const site = useThrowawaySites();

describe('only the images pages use are made', () => {
  it('skips sources no page uses, raster and SVG, and still copies them as public files', async () => {
    const dir = site();
    const images = path.join(dir, 'public', 'images');
    copyFileSync(path.join(images, 'pixel.png'), path.join(images, 'left-over.png'));
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';
    writeFileSync(path.join(images, 'spare-icon.svg'), svg);
    const built = await buildSiteWithCli({ rootDir: dir });
    try {
      const variants = listFiles(path.join(built.dir, 'assets', 'img'));
      expect(variants.some((file) => file.startsWith('pixel-'))).toBe(true);
      expect(variants.filter((file) => /left-over|spare-icon/.test(file))).toEqual([]);
      // Still published unchanged under its own URL, like any file in public/.
      expect(readFileSync(path.join(built.dir, 'images', 'left-over.png'))).toEqual(readFileSync(path.join(images, 'left-over.png')));
    } finally {
      await built.remove();
    }
  });

  it('makes and shows a body image whose file name has spaces, a comma and an accent', async () => {
    // markdown-it writes the target percent-encoded; the image stage knows the file by its name.
    const dir = site();
    copyFileSync(path.join(dir, 'public', 'images', 'pixel.png'), path.join(dir, 'public', 'images', 'Team Photo, café.png'));
    appendFileSync(path.join(dir, 'content', 'pages', 'about.md'), '\n![Our team on site](</images/Team Photo, café.png>)\n');
    const built = await buildSiteWithCli({ rootDir: dir });
    try {
      const picture = load(readFileSync(path.join(built.dir, 'about', 'index.html'), 'utf8'))('picture:has(img[alt="Our team on site"])');
      expect(picture).toHaveLength(1);
      const src = picture.find('img').attr('src')!;
      expect(src).toMatch(/^\/assets\/img\//);
      expect(listFiles(path.join(built.dir, 'assets', 'img'))).toContain(decodeURIComponent(src.slice('/assets/img/'.length)));
    } finally {
      await built.remove();
    }
  });
});
