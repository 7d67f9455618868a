/**
 * Image stage: every raster under public/images that a page uses becomes
 * AVIF, WebP and a JPEG (or PNG) fallback at the widths its uses need, with
 * content-hashed names under assets/img/; SVG art there is minified, not
 * rasterised. Everything else in
 * public/ that is an image (icons) is only measured. Each ResolvedImage
 * carries the intrinsic size, so every <img> gets width and height.
 *
 * Encoded variants are cached in <cacheDir>/images by source hash + options;
 * with a warm cache this stage stats each source and reads one small
 * manifest per image, and never loads sharp.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { globby } from 'globby';
import { CleansiteError, CleansiteErrorList } from '../core/errors.ts';
import { encodeVariants, measureRaster } from './images/encode-variants.ts';
import type { ImageUses } from './images/image-uses.ts';
import { createLimiter } from './images/limiter.ts';
import { openImageCache } from './images/image-cache.ts';
import { DEFAULT_IMAGE_OPTIONS, hashImageOptions, type ImageOptions } from './images/image-options.ts';
import { readSharpVersion } from './images/sharp-version.ts';
import { openSourceHashes } from './images/source-hashes.ts';
import { resolveSvg, toResolvedImage, type Resolved } from './images/variant-urls.ts';

/** A file the image stage adds to the output: linked from the cache, or written from memory. */
/** An image after the image stage: intrinsic size plus the variants to offer. */
export interface ResolvedImage {
  /** URL of the fallback file (JPEG/PNG, or the SVG itself). */
  src: string;
  width: number;
  height: number;
  /** `srcset` for the fallback format; empty when there is one size only. */
  srcset: string;
  /** Modern formats, best first, for <source> elements. */
  sources: Array<{ type: string; srcset: string }>;
}

export type ImageFile =
  | { file: string; bytes: number; from: string }
  | { file: string; bytes: number; contents: string };

export interface ImageStageStats {
  /** Image files found under public/. */
  sources: number;
  /** Sources whose variants (or size) came from the disk cache. */
  cacheHits: number;
  /** Sources sharp had to read: encoded or measured. */
  cacheMisses: number;
  /** Bytes of every variant file the stage adds to the output. */
  outputBytes: number;
  /** Sources under public/images that no page uses, so none of their variants are made. */
  unused: number;
}

export interface ImageStage {
  /** Keyed by public path, e.g. `/images/hero.jpg`. */
  images: Record<string, ResolvedImage>;
  files: ImageFile[];
  stats: ImageStageStats;
  /** Saves the sources' hash index if it changed (at once unless `deferIndexSave`); later calls do nothing. */
  saveIndex(): void;
}

export interface ResolveImagesOptions {
  publicDir: string;
  /** The build cache folder; images are cached in its `images/` subfolder. */
  cacheDir: string;
  imageOptions?: ImageOptions;
  /**
   * The images pages use (images/image-uses.ts), when known: only those are made, at the
   * widths their uses need. It may still be coming (the content loads meanwhile); the
   * sources are listed and hashed while it does. Without it every source is made at every width.
   */
  uses?: ImageUses | Promise<ImageUses | undefined>;
  /** Sources encoded so far of those the cache did not hold, as each one finishes. */
  onEncoded?: (done: number, total: number) => void;
  /**
   * Leave the sources' hash index (images/source-hashes.ts) for the caller to save with
   * `saveIndex()`: a build saves it while its pages render, not on the way to the render
   * (every other path this cache has made images for is checked to exist when it is saved).
   */
  deferIndexSave?: boolean;
}

const CONVERTED = /^images\/.+\.(jpe?g|png|webp|avif)$/i;

export async function runImageStage({ publicDir, cacheDir, imageOptions = DEFAULT_IMAGE_OPTIONS, uses, onEncoded, deferIndexSave }: ResolveImagesOptions): Promise<ImageStage> {
  const listed = (await globby('**/*.{jpg,jpeg,png,webp,avif,svg}', { cwd: publicDir, onlyFiles: true, caseSensitiveMatch: false })).sort();
  const imagesCacheDir = path.join(cacheDir, 'images');
  const cache = openImageCache(imagesCacheDir);
  const hashes = openSourceHashes(imagesCacheDir);
  const optionsKey = hashImageOptions(imageOptions, readSharpVersion());
  // Every core encodes: one width of one image at a time each (libvips runs one thread per pipeline).
  const limit = createLimiter(imageOptions.parallelism ?? availableParallelism());
  // Hashing needs only a stat per source once remembered: it runs while the content loads.
  const hashing = new Map(listed.filter((relative) => CONVERTED.test(relative) || !/\.svg$/i.test(relative)).map((relative) => [relative, hashes.hashOf(path.join(publicDir, relative))]));
  for (const hash of hashing.values()) hash.catch(() => undefined);
  const used = await uses;
  // Icons outside images/ keep their URL and are only measured: always kept. Images under images/ only when a page uses them.
  const relatives = listed.filter((relative) => !used || !/^images\//i.test(relative) || used.has(`/${relative}`));
  let encoding = 0;
  let encoded = 0;

  const resolveOne = async (relative: string): Promise<Resolved> => {
    const absolute = path.join(publicDir, relative);
    const src = `/${relative}`;
    if (/\.svg$/i.test(relative)) return resolveSvg(relative, readFileSync(absolute, 'utf8'));
    const hash = await hashing.get(relative)!;
    const converted = CONVERTED.test(relative);
    const needed = used ? used.neededWidth(src) : Infinity;
    // The widths needed are part of the key: a wider use later makes (and caches) a new entry.
    const key = `${hash.slice(0, 32)}-${converted ? `${optionsKey}${Number.isFinite(needed) ? `-${Math.ceil(needed)}` : ''}` : 'size'}`;
    const cached = cache.read(key);
    const hit = cached !== undefined;
    const entry = cached ?? await (async () => {
      onEncoded?.(encoded, ++encoding);
      const source = await readFile(absolute);
      const made = converted
        ? await encodeVariants(source, imageOptions, needed, limit).then((result) => cache.write(key, result.image, result.contents))
        : await limit(async () => cache.write(key, await measureRaster(source), new Map()));
      onEncoded?.(++encoded, encoding);
      return made;
    })();
    if (!converted) return { src, image: { src, width: entry.width, height: entry.height, srcset: '', sources: [] }, files: [], hit };
    return { src, ...toResolvedImage(relative, entry, imageOptions), hit };
  };

  const settled = await Promise.allSettled(relatives.map(resolveOne));
  if (!deferIndexSave) hashes.save();
  const errors = settled.flatMap((result, index) => result.status === 'rejected' ? [toImageError(result.reason, path.join(publicDir, relatives[index]!))] : []);
  if (errors.length > 0) throw new CleansiteErrorList(errors);

  const done = settled.map((result) => (result as PromiseFulfilledResult<Resolved>).value);
  const files = done.flatMap((item) => item.files);
  const hits = done.filter((item) => item.hit).length;
  return {
    images: Object.fromEntries(done.map((item) => [item.src, item.image])),
    files,
    stats: {
      sources: done.length,
      cacheHits: hits,
      cacheMisses: done.filter((item) => /\.svg$/i.test(item.src) === false).length - hits,
      outputBytes: files.reduce((sum, file) => sum + file.bytes, 0),
      unused: listed.length - relatives.length,
    },
    saveIndex: () => hashes.save(),
  };
}

function toImageError(reason: unknown, absolute: string): CleansiteError {
  if (reason instanceof CleansiteError) return reason;
  return new CleansiteError({
    code: 'ASSET_FAILED',
    message: `cannot read image: ${reason instanceof Error ? reason.message : String(reason)}`,
    hint: 'replace the file with a valid JPEG, PNG, WebP, AVIF or SVG image',
    location: { file: path.relative(process.cwd(), absolute).split(path.sep).join('/') },
    cause: reason,
  });
}
