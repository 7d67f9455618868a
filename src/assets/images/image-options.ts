/**
 * What the image stage makes of every raster source. Changing any value here
 * changes the cache key, so stale variants are never reused.
 */
import { createHash } from 'node:crypto';

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export interface ImageOptions {
  /** Widths (px) to offer; each is capped at the source width. */
  widths: readonly number[];
  /** The fallback <img src> is the largest width not above this one. */
  fallbackWidth: number;
  /**
   * False: the fallback format (JPEG/PNG) is made at two widths only, the <img src> one and the
   * largest (the social card's file), since only browsers without WebP ever pick it.
   */
  fallbackAtEveryWidth: boolean;
  avif: { quality: number; effort: number; chromaSubsampling: '4:2:0' | '4:4:4' };
  webp: { quality: number; effort: number };
  jpeg: { quality: number; mozjpeg: boolean };
  png: { compressionLevel: number; palette: boolean };
  /** Widths encoded at the same time (one libvips thread each); default: one per core. */
  parallelism?: number;
}

/**
 * Tuned on the 2-core build machine for a fresh clone's first build (every image encoded).
 * AVIF, which nearly every browser takes, was two thirds of the encoding time: effort 1 encodes
 * a 1600 px image in ~0.2 s of CPU against ~0.45 s at effort 2 (~3.7 s at 4), for files ~12%
 * larger. WebP (browsers without AVIF) at effort 2 takes half the time of effort 4 for ~5% more
 * bytes; the JPEG fallback (browsers without WebP, and social cards) uses libjpeg-turbo, ~3.5x
 * faster than mozjpeg, for ~15% more bytes.
 */
export const DEFAULT_IMAGE_OPTIONS: ImageOptions = {
  widths: [400, 800, 1200, 1600],
  fallbackWidth: 800,
  fallbackAtEveryWidth: false,
  avif: { quality: 50, effort: 1, chromaSubsampling: '4:2:0' },
  webp: { quality: 72, effort: 2 },
  jpeg: { quality: 75, mozjpeg: false },
  png: { compressionLevel: 9, palette: false },
};

/** Bumped whenever the encoding code changes in a way the options do not show. */
const PIPELINE_VERSION = 1;

/** Hash of everything that shapes the output bytes except the source itself. */
export function hashImageOptions(options: ImageOptions, sharpVersion: string): string {
  const { parallelism: _ignored, ...shaping } = options;
  return createHash('sha256').update(JSON.stringify({ PIPELINE_VERSION, sharpVersion, shaping })).digest('hex').slice(0, 16);
}
