/**
 * Image stage: every image under public/ gets its intrinsic size, so each
 * <img> carries width and height (no layout shift).
 */
import path from 'node:path';
import { globby } from 'globby';
import { CleansiteError } from '../core/errors.ts';
import type { ResolvedImage } from '../render/page-props.ts';

export async function resolveImages(publicDir: string): Promise<Record<string, ResolvedImage>> {
  const files = await globby('**/*.{jpg,jpeg,png,webp,avif,svg}', { cwd: publicDir, onlyFiles: true });
  if (files.length === 0) return {};
  const sharp = (await import('sharp')).default;
  const entries = await Promise.all(files.sort().map(async (relative) => {
    const absolute = path.join(publicDir, relative);
    try {
      const { width, height } = await sharp(absolute).metadata();
      if (!width || !height) throw new Error('no intrinsic size');
      const src = `/${relative}`;
      const image: ResolvedImage = { src, width, height, srcset: '', sources: [] };
      return [src, image] as const;
    } catch (error) {
      throw new CleansiteError({
        code: 'ASSET_FAILED',
        message: `cannot read image: ${(error as Error).message}`,
        location: { file: path.relative(process.cwd(), absolute) },
        cause: error,
      });
    }
  }));
  return Object.fromEntries(entries);
}
