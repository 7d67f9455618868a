/**
 * What the image stage's results look like from a page: the URLs of an
 * image's variants (content-hashed names under assets/img/), its srcsets,
 * and the files to place in the output; SVG art minified and hashed.
 */
import path from 'node:path';
import { hashedName } from '../hashed-name.ts';
import type { ImageFile, ResolvedImage } from '../resolve-images.ts';
import { extensionOf, mimeTypeOf } from './encode-variants.ts';
import type { CacheEntry, CachedVariant } from './image-cache.ts';
import type { ImageOptions } from './image-options.ts';
import { optimiseSvg } from './optimise-svg.ts';

/** Output folder of the generated files: under assets/, so the immutable caching rule covers them. */
const OUTPUT_DIR = 'assets/img';
const OPTIMISED_SVG = /^images\/.+\.svg$/i;

export type Resolved = { src: string; image: ResolvedImage; files: ImageFile[]; hit: boolean };

export function resolveSvg(relative: string, text: string): Resolved {
  const src = `/${relative}`;
  const optimised = optimiseSvg(text);
  if (!OPTIMISED_SVG.test(relative)) {
    // Icons keep their fixed public URL (favicon.svg is linked by name).
    return { src, image: { src, width: optimised.width, height: optimised.height, srcset: '', sources: [] }, files: [], hit: false };
  }
  const file = hashedName(`${OUTPUT_DIR}/${stemOf(relative)}`, optimised.text, 'svg');
  return {
    src,
    image: { src: `/${file}`, width: optimised.width, height: optimised.height, srcset: '', sources: [] },
    files: [{ file, bytes: Buffer.byteLength(optimised.text), contents: optimised.text }],
    hit: false,
  };
}

/**
 * `images/services/office-cleaning.jpg` -> `services/office-cleaning`. Spaces
 * and commas would split a srcset candidate, so anything outside [A-Za-z0-9_-]
 * becomes a hyphen (`Team Photo, 2024.jpg` -> `Team-Photo-2024`).
 */
function stemOf(relative: string): string {
  return relative
    .replace(/^images\//, '')
    .replace(/\.[^./]+$/, '')
    .split('/')
    .map((segment) => segment.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'image')
    .join('/');
}

export function toResolvedImage(relative: string, entry: CacheEntry, options: ImageOptions): { image: ResolvedImage; files: ImageFile[] } {
  const stem = `${OUTPUT_DIR}/${stemOf(relative)}`;
  const fileOf = (variant: CachedVariant) => `${stem}-${variant.width}.${variant.hash}.${extensionOf(variant.format)}`;
  const srcsetOf = (variants: CachedVariant[]) => variants.map((variant) => `/${fileOf(variant)} ${variant.width}w`).join(', ');
  const byWidth = (a: CachedVariant, b: CachedVariant) => a.width - b.width;
  const avif = entry.variants.filter((variant) => variant.format === 'avif').sort(byWidth);
  const webp = entry.variants.filter((variant) => variant.format === 'webp').sort(byWidth);
  const fallback = entry.variants.filter((variant) => variant.format === 'jpeg' || variant.format === 'png').sort(byWidth);
  const largest = fallback.at(-1)!;
  const shown = fallback.filter((variant) => variant.width <= options.fallbackWidth).at(-1) ?? fallback[0]!;
  return {
    image: {
      src: `/${fileOf(shown)}`,
      // The largest variant's size: the intrinsic aspect ratio, and never wider than any file offered.
      width: largest.width,
      height: largest.height,
      srcset: fallback.length > 1 ? srcsetOf(fallback) : '',
      sources: [avif, webp].filter((list) => list.length > 0).map((list) => ({ type: mimeTypeOf(list[0]!.format), srcset: srcsetOf(list) })),
    },
    files: entry.variants.map((variant) => ({ file: fileOf(variant), bytes: variant.bytes, from: path.join(entry.dir, variant.file) })),
  };
}
