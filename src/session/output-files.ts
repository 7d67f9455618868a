/**
 * The one list of what an output holds besides its pages: the public files,
 * the stylesheet and the client script, the image variants, sitemap.xml and
 * robots.txt (and, in a production output, the host files written after
 * them: publish/write-publish-files.ts). The pass runner places them through
 * the one output writer (output/staging.ts), whole into an atomic staging
 * folder or, in place, only those a change touched; it describes the same
 * list for its nothing-changed check (output-extras.ts).
 */
import path from 'node:path';
import type { BuiltAsset } from '../assets/build-css.ts';
import type { ImageFile } from '../assets/resolve-images.ts';
import type { PublicFile } from '../output/public-files.ts';
import type { Staging } from '../output/staging.ts';

/** The stylesheet and script at stable URLs (watch), so a style edit changes one file and no page. */
export const STABLE_CSS_FILE = 'assets/site.css';
export const STABLE_SCRIPT_FILE = 'assets/site.js';

export interface OutputParts {
  publicDir: string;
  publicFiles: readonly PublicFile[];
  css: BuiltAsset | undefined;
  script: BuiltAsset | undefined;
  imageFiles: readonly ImageFile[];
  sitemapXml: string;
  robotsTxt: string;
}

/** Which of the parts to place: everything (an atomic output), or what a change touched (in place). */
export interface PartsToPlace {
  publicFiles: readonly PublicFile[];
  css: boolean;
  script: boolean;
  images: boolean;
  sitemap: boolean;
}

/**
 * Places the chosen parts into the staging folder; returns files and bytes. A public file the
 * previous output holds unchanged (`unchanged`) is linked from `previousDir` instead of copied.
 */
export function placeParts(staging: Staging, parts: OutputParts, chosen: PartsToPlace, previous?: { dir: string; unchanged(file: PublicFile): boolean }): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const count = (size: number) => {
    files++;
    bytes += size;
  };
  for (const file of chosen.publicFiles) {
    const linked = previous?.unchanged(file) && staging.link(file.relative, path.join(previous.dir, file.relative));
    if (!linked) staging.copy(file.relative, path.join(parts.publicDir, file.relative));
    count(file.bytes);
  }
  if (chosen.css && parts.css) count(staging.write(parts.css.file, parts.css.contents));
  if (chosen.script && parts.script) count(staging.write(parts.script.file, parts.script.contents));
  if (chosen.images) {
    for (const image of parts.imageFiles) {
      if ('contents' in image) staging.write(image.file, image.contents);
      else if (!staging.link(image.file, image.from)) throw new Error(`the image cache lost ${image.from} while the output was written`);
      count(image.bytes);
    }
  }
  if (chosen.sitemap) {
    count(staging.write('sitemap.xml', parts.sitemapXml));
    count(staging.write('robots.txt', parts.robotsTxt));
  }
  return { files, bytes };
}
