/**
 * The image stage makes only the images pages use: a photo left in public/images that no
 * content or template names gets no variants in the output (its original is still copied,
 * as every public file is), while the used one gets its variants.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
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
});
