// The image stage on a small public/ folder made here: variants, names,
// sizes, SVG pass-through and the disk cache (asserted on the hit counts the
// stage reports, never on time).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeImageFiles } from '../../src/assets/images/place-image-files.ts';
import { runImageStage, type ImageStage } from '../../src/assets/resolve-images.ts';
import { CleansiteErrorList } from '../../src/core/errors.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const root = makeTempDir('cleansite-images-');
const publicDir = path.join(root, 'public');
const cacheDir = path.join(root, 'cache');

/** A scene with detail, so encoders have real work and sizes differ per width. */
function scene(width: number, height: number, colour: string): Buffer {
  const stripes = Array.from({ length: 12 }, (_, i) => `<rect x="${i * width / 12}" y="0" width="${width / 24}" height="${height}" fill="#${(i * 20).toString(16).padStart(2, '0')}6699"/>`).join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/>${stripes}<circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#ffcc33"/></svg>`);
}

function write(relative: string, contents: Buffer | string): void {
  const file = path.join(publicDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, contents);
}

let first: ImageStage;
let second: ImageStage;

beforeAll(async () => {
  write('images/photo.jpg', await sharp(scene(1000, 600, '#0b3b5c')).jpeg({ quality: 90 }).toBuffer());
  write('images/team/badge.png', await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: scene(200, 120, '#0f9d8f'), left: 50, top: 40 }]).png().toBuffer());
  // Stored landscape, shown portrait: EXIF orientation 6 is a quarter turn.
  write('images/turned.jpg', await sharp(scene(600, 300, '#c8996b')).jpeg().withMetadata({ orientation: 6 }).toBuffer());
  write('images/diagram.svg', '<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60">\n  <metadata>editor junk</metadata>\n  <rect width="120" height="60" fill="#0b3b5c"/>\n  <text x="10" y="30">Clean  desk</text>\n</svg>\n');
  // A photo straight off a phone: spaces and a comma in the name.
  write('images/Team Photo, 2024.jpg', await sharp(scene(500, 400, '#f2876b')).jpeg().toBuffer());
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32"/></svg>');
  write('apple-touch-icon.png', await sharp({ create: { width: 180, height: 180, channels: 3, background: '#0b3b5c' } }).png().toBuffer());
  first = await runImageStage({ publicDir, cacheDir });
  second = await runImageStage({ publicDir, cacheDir });
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('raster sources under images/', () => {
  it('offers AVIF, then WebP, at every width up to the source width, with a JPEG fallback at the <img src> width and the largest', () => {
    const photo = first.images['/images/photo.jpg']!;
    expect(photo.width).toBe(1000);
    expect(photo.height).toBe(600);
    expect(photo.src).toMatch(/^\/assets\/img\/photo-800\.[0-9a-f]{10}\.jpg$/);
    expect(photo.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    const widthsOf = (srcset: string) => srcset.split(', ').map((candidate) => candidate.split(' ')[1]);
    // Only browsers without WebP take the fallback: two widths are enough for them.
    expect(widthsOf(photo.srcset)).toEqual(['800w', '1000w']);
    expect(widthsOf(photo.sources[0]!.srcset)).toEqual(['400w', '800w', '1000w']);
    expect(widthsOf(photo.sources[1]!.srcset)).toEqual(['400w', '800w', '1000w']);
    expect(photo.sources[0]!.srcset).toMatch(/^\/assets\/img\/photo-400\.[0-9a-f]{10}\.avif 400w, /);
    expect(photo.sources[1]!.srcset).toMatch(/^\/assets\/img\/photo-400\.[0-9a-f]{10}\.webp 400w, /);
  });

  it('keeps transparency with a PNG fallback, and offers one width for a small source', () => {
    const badge = first.images['/images/team/badge.png']!;
    expect([badge.width, badge.height]).toEqual([300, 200]);
    expect(badge.src).toMatch(/^\/assets\/img\/team\/badge-300\.[0-9a-f]{10}\.png$/);
    expect(badge.srcset).toBe('');
    expect(badge.sources.map((source) => source.srcset.split(' ').at(-1))).toEqual(['300w', '300w']);
  });

  it('applies the EXIF orientation before measuring and resizing', () => {
    const turned = first.images['/images/turned.jpg']!;
    expect([turned.width, turned.height]).toEqual([300, 600]);
  });

  it('writes files whose format, width and hashed name match what the markup promises', async () => {
    const out = path.join(root, 'out-check');
    placeImageFiles(first.files, out);
    const photo = first.images['/images/photo.jpg']!;
    const candidates = [photo.srcset, ...photo.sources.map((source) => source.srcset)].flatMap((srcset) => srcset.split(', '));
    expect(candidates).toHaveLength(8); // AVIF and WebP at 400, 800 and 1000 px; JPEG at 800 and 1000
    for (const candidate of candidates) {
      const [url, descriptor] = candidate.split(' ') as [string, string];
      const bytes = readFileSync(path.join(out, url));
      const meta = await sharp(bytes).metadata();
      expect(`${meta.width}w`).toBe(descriptor);
      expect(meta.height).toBe(Math.round((meta.width! * 600) / 1000));
      expect({ avif: 'heif', webp: 'webp', jpg: 'jpeg' }[url.split('.').at(-1)!]).toBe(meta.format);
      expect(url.split('.').at(-2)).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 10));
      // Real photos carry camera and GPS data: none of it is published.
      expect(meta.exif).toBeUndefined();
    }
  });

  it('hard-links cached files into the output instead of copying them', () => {
    const out = path.join(root, 'out-links');
    const placed = placeImageFiles(second.files, out);
    expect(placed.files).toBe(second.files.length);
    const cached = second.files.find((file) => 'from' in file)!;
    expect(statSync(path.join(out, cached.file)).ino).toBe(statSync((cached as { from: string }).from).ino);
    // Placing into a folder that already has them (watch mode) keeps the files, which have the same bytes.
    expect(placeImageFiles(second.files, out).files).toBe(second.files.length);
    expect(statSync(path.join(out, cached.file)).ino).toBe(statSync((cached as { from: string }).from).ino);
  });

  it('makes URL-safe names, so a srcset candidate never splits', () => {
    const photo = first.images['/images/Team Photo, 2024.jpg']!;
    expect(photo.src).toMatch(/^\/assets\/img\/Team-Photo-2024-500\.[0-9a-f]{10}\.jpg$/);
    expect(photo.sources[0]!.srcset.split(', ').map((candidate) => candidate.split(' ').length)).toEqual([2, 2]);
  });
});

describe('SVG and icons', () => {
  it('passes SVG art through minified, hashed and measured from its viewBox, never rasterised', () => {
    const diagram = first.images['/images/diagram.svg']!;
    expect(diagram).toMatchObject({ width: 120, height: 60, srcset: '', sources: [] });
    expect(diagram.src).toMatch(/^\/assets\/img\/diagram\.[0-9a-f]{10}\.svg$/);
    const file = first.files.find((item) => `/${item.file}` === diagram.src)!;
    const text = 'contents' in file ? file.contents : '';
    expect(text.startsWith('<svg')).toBe(true);
    expect(text).not.toMatch(/<!--|<\?xml|<metadata|\n\s/);
    expect(text).toContain('<text x="10" y="30">Clean  desk</text>');
  });

  it('leaves icons outside images/ at their public URL, with their size', () => {
    expect(first.images['/favicon.svg']).toEqual({ src: '/favicon.svg', width: 32, height: 32, srcset: '', sources: [] });
    expect(first.images['/apple-touch-icon.png']).toEqual({ src: '/apple-touch-icon.png', width: 180, height: 180, srcset: '', sources: [] });
    expect(first.files.some((file) => file.file.includes('apple-touch-icon') || file.file.includes('favicon'))).toBe(false);
  });
});

describe('disk cache', () => {
  it('encodes everything on the first run and nothing on the second', () => {
    // 4 converted rasters + 1 measured icon; SVG needs no cache.
    expect(first.stats).toMatchObject({ sources: 7, cacheHits: 0, cacheMisses: 5 });
    expect(second.stats).toMatchObject({ sources: 7, cacheHits: 5, cacheMisses: 0 });
    expect(second.images).toEqual(first.images);
  });

  it('re-encodes only the source that changed', async () => {
    write('images/turned.jpg', await sharp(scene(600, 300, '#2f9e6e')).jpeg().toBuffer());
    const after = await runImageStage({ publicDir, cacheDir });
    expect(after.stats).toMatchObject({ cacheHits: 4, cacheMisses: 1 });
    expect([after.images['/images/turned.jpg']!.width, after.images['/images/turned.jpg']!.height]).toEqual([600, 300]);
    expect(after.images['/images/photo.jpg']).toEqual(first.images['/images/photo.jpg']);
  }, 60_000);

  it('treats an entry with a missing file as a miss and repairs it', async () => {
    const cached = second.files.find((file) => file.file.includes('badge') && 'from' in file) as { from: string };
    unlinkSync(cached.from);
    const repaired = await runImageStage({ publicDir, cacheDir });
    expect(repaired.stats).toMatchObject({ cacheHits: 4, cacheMisses: 1 });
    expect(statSync(cached.from).isFile()).toBe(true);
    const again = await runImageStage({ publicDir, cacheDir });
    expect(again.stats).toMatchObject({ cacheHits: 5, cacheMisses: 0 });
  }, 60_000);

  it('is safe to delete: a deleted cache means misses, not errors', async () => {
    const icons = path.join(root, 'icons-only');
    mkdirSync(path.join(icons, 'images'), { recursive: true });
    writeFileSync(path.join(icons, 'images', 'dot.png'), await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ffffff' } }).png().toBuffer());
    const fresh = path.join(root, 'cache-to-delete');
    const cold = await runImageStage({ publicDir: icons, cacheDir: fresh });
    rmSync(fresh, { recursive: true });
    const rebuilt = await runImageStage({ publicDir: icons, cacheDir: fresh });
    expect(cold.stats.cacheMisses).toBe(1);
    expect(rebuilt.stats).toMatchObject({ cacheHits: 0, cacheMisses: 1 });
    expect(rebuilt.images).toEqual(cold.images);
  }, 60_000);
});

describe('errors', () => {
  it('names the file that is not an image', async () => {
    const broken = path.join(root, 'broken');
    mkdirSync(path.join(broken, 'images'), { recursive: true });
    writeFileSync(path.join(broken, 'images', 'notes.jpg'), 'this is not a JPEG');
    const failure = await runImageStage({ publicDir: broken, cacheDir }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CleansiteErrorList);
    const [error] = (failure as CleansiteErrorList).errors;
    expect(error!.code).toBe('ASSET_FAILED');
    expect(error!.location?.file).toMatch(/images\/notes\.jpg$/);
  });
});
