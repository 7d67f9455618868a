/**
 * Encodes one raster source into AVIF, WebP and a fallback (JPEG, or PNG when
 * the source has transparency) at each chosen width, with sharp. The source
 * is auto-oriented from its EXIF data and all metadata is stripped (real
 * photos carry camera and GPS details that must not be published).
 */
import { createHash } from 'node:crypto';
import { importModule } from '../../core/import-module.ts';
import type { CachedImage, CachedVariant } from './image-cache.ts';
import type { ImageOptions, VariantFormat } from './image-options.ts';

export interface EncodedImage {
  image: CachedImage;
  /** File name in the cache entry -> bytes. */
  contents: Map<string, Uint8Array>;
}

type Sharp = typeof import('sharp').default;
type Limit = <T>(task: () => Promise<T>) => Promise<T>;

let loaded: Promise<Sharp> | undefined;

/** sharp is loaded on the first cache miss only (its native module costs ~150 ms to load). */
function loadSharp(): Promise<Sharp> {
  loaded ??= (importModule('sharp') as Promise<typeof import('sharp')>).then((module) => {
    const sharp = module.default;
    // One libvips thread per pipeline; parallelism comes from encoding several images at once.
    sharp.concurrency(1);
    return sharp;
  });
  return loaded as Promise<Sharp>;
}

/**
 * 400, 800, 1200, 1600 for a 2400 px source; 400, 800, 1000 for a 1000 px one; just 300 for a
 * 300 px one. `needed` (pixels: the widest use's CSS width times density) drops the steps above
 * the first one that covers it: 400, 800 for a thumbnail shown at most 350 px wide.
 */
export function chooseWidths(sourceWidth: number, widths: readonly number[], needed = Infinity): number[] {
  const sorted = [...widths].sort((a, b) => a - b);
  const covering = sorted.find((width) => width >= needed) ?? sorted.at(-1)!;
  const top = Math.min(sourceWidth, covering);
  // A step within 10% of the top one would cost bytes and encode time for no visible gain.
  const chosen = sorted.filter((width) => width < top && width <= top * 0.9);
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

/**
 * Every width is one task for `limit`, so the widths of one large image are spread over the
 * cores as well as the images are (the largest width alone is a third of an image's time).
 */
export async function encodeVariants(source: Uint8Array, options: ImageOptions, needed: number, limit: Limit): Promise<EncodedImage> {
  const sharp = await loadSharp();
  const { size, transparent } = await limit(async () => {
    const measured = await readOrientedSize(sharp, source);
    // An alpha channel that is fully opaque (common in exported PNGs) still gets a JPEG fallback.
    return { size: measured, transparent: measured.hasAlpha && !(await sharp(source).stats()).isOpaque };
  });
  const fallback: VariantFormat = transparent ? 'png' : 'jpeg';
  const widths = chooseWidths(size.width, options.widths, needed);
  // The fallback's <img src> width (see toResolvedImage) and the largest, unless every width is asked for.
  const fallbackWidths = new Set(options.fallbackAtEveryWidth ? widths : [widths.filter((width) => width <= options.fallbackWidth).at(-1) ?? widths[0]!, widths.at(-1)!]);
  const encoded = await Promise.all(widths.map((width) => limit(() => encodeWidth(sharp, source, width, { transparent, fallback: fallbackWidths.has(width) ? fallback : undefined }, options))));
  const contents = new Map<string, Uint8Array>();
  const variants: CachedVariant[] = [];
  for (const list of encoded) {
    for (const { variant, data } of list) {
      contents.set(variant.file, data);
      variants.push(variant);
    }
  }
  return { image: { width: size.width, height: size.height, variants }, contents };
}

/** One width of one source in AVIF, WebP and the fallback format when given, from one decode and resize. */
async function encodeWidth(sharpOf: Sharp, bytes: Uint8Array, width: number, { transparent, fallback: fallbackFormat }: { transparent: boolean; fallback: VariantFormat | undefined }, options: ImageOptions): Promise<Array<{ variant: CachedVariant; data: Uint8Array }>> {
  const oriented = sharpOf(bytes, { failOn: 'error' }).rotate();
  if (!transparent) oriented.removeAlpha();
  // Decode and resize once per width; the three encoders start from the same pixels.
  const resized = await oriented.resize({ width }).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } };
  const made: Array<{ variant: CachedVariant; data: Uint8Array }> = [];
  for (const format of fallbackFormat ? ['avif', 'webp', fallbackFormat] as const : ['avif', 'webp'] as const) {
    const pipeline = sharpOf(resized.data, raw);
    const encoder = format === 'avif' ? pipeline.avif(options.avif)
      : format === 'webp' ? pipeline.webp(options.webp)
      : format === 'png' ? pipeline.png(options.png)
      : pipeline.jpeg({ ...options.jpeg, progressive: true });
    const data = await encoder.toBuffer();
    const file = `${width}.${extensionOf(format)}`;
    const hash = createHash('sha256').update(data).digest('hex').slice(0, 10);
    made.push({ data, variant: { format, width: resized.info.width, height: resized.info.height, hash, bytes: data.byteLength, file } });
  }
  return made;
}

export function extensionOf(format: VariantFormat): string {
  return format === 'jpeg' ? 'jpg' : format;
}

export function mimeTypeOf(format: VariantFormat): string {
  return `image/${format}`;
}
