/**
 * Encodes one raster source into AVIF, WebP and a fallback (JPEG, or PNG when
 * the source has transparency) at each chosen width, with sharp. The source
 * is auto-oriented from its EXIF data and all metadata is stripped (real
 * photos carry camera and GPS details that must not be published).
 */
import { createHash } from 'node:crypto';
import type { CachedImage, CachedVariant } from './image-cache.ts';
import type { ImageOptions, VariantFormat } from './image-options.ts';

export interface EncodedImage {
  image: CachedImage;
  /** File name in the cache entry -> bytes. */
  contents: Map<string, Uint8Array>;
}

type Sharp = typeof import('sharp').default;

let loaded: Promise<Sharp> | undefined;

/** sharp is loaded on the first cache miss only (its native module costs ~150 ms to load). */
function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then((module) => {
    const sharp = module.default;
    // One libvips thread per pipeline; parallelism comes from encoding several images at once.
    sharp.concurrency(1);
    return sharp;
  });
  return loaded as Promise<Sharp>;
}

/** 400, 800, 1200, 1600 for a 2400 px source; 400, 800, 1000 for a 1000 px one; just 300 for a 300 px one. */
export function chooseWidths(sourceWidth: number, widths: readonly number[]): number[] {
  const top = Math.min(sourceWidth, Math.max(...widths));
  // A step within 10% of the top one would cost bytes and encode time for no visible gain.
  const chosen = widths.filter((width) => width < top && width <= top * 0.9);
  return [...chosen, top];
}

/** Measures a raster file without converting it (icons outside images/). */
export async function measureRaster(source: Uint8Array): Promise<CachedImage> {
  const sharp = await loadSharp();
  const { width, height } = await readOrientedSize(sharp, source);
  return { width, height, variants: [] };
}

async function readOrientedSize(sharp: Sharp, source: Uint8Array): Promise<{ width: number; height: number; hasAlpha: boolean }> {
  const { width, height, orientation, hasAlpha } = await sharp(source).metadata();
  if (!width || !height) throw new Error('the file has no width or height');
  // EXIF orientations 5-8 are quarter turns: the displayed image is the other way round.
  return (orientation ?? 1) >= 5 ? { width: height, height: width, hasAlpha } : { width, height, hasAlpha };
}

export async function encodeVariants(source: Uint8Array, options: ImageOptions): Promise<EncodedImage> {
  const sharp = await loadSharp();
  const size = await readOrientedSize(sharp, source);
  // An alpha channel that is fully opaque (common in exported PNGs) still gets a JPEG fallback.
  const transparent = size.hasAlpha && !(await sharp(source).stats()).isOpaque;
  const fallback: VariantFormat = transparent ? 'png' : 'jpeg';
  const oriented = sharp(source, { failOn: 'error' }).rotate();
  if (!transparent) oriented.removeAlpha();
  const contents = new Map<string, Uint8Array>();
  const variants: CachedVariant[] = [];

  for (const width of chooseWidths(size.width, options.widths)) {
    // Decode and resize once per width; the three encoders start from the same pixels.
    const resized = await oriented.clone().resize({ width }).raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } };
    for (const format of ['avif', 'webp', fallback] as const) {
      const pipeline = sharp(resized.data, raw);
      const encoded = format === 'avif' ? pipeline.avif(options.avif)
        : format === 'webp' ? pipeline.webp(options.webp)
        : format === 'png' ? pipeline.png(options.png)
        : pipeline.jpeg({ ...options.jpeg, progressive: true });
      const data = await encoded.toBuffer();
      const file = `${width}.${extensionOf(format)}`;
      contents.set(file, data);
      variants.push({
        format,
        width: resized.info.width,
        height: resized.info.height,
        hash: createHash('sha256').update(data).digest('hex').slice(0, 10),
        bytes: data.byteLength,
        file,
      });
    }
  }
  return { image: { width: size.width, height: size.height, variants }, contents };
}

export function extensionOf(format: VariantFormat): string {
  return format === 'jpeg' ? 'jpg' : format;
}

export function mimeTypeOf(format: VariantFormat): string {
  return `image/${format}`;
}
