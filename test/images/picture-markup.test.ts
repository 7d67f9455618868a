// The real site's <picture> markup, page by page: modern formats first, a
// srcset whose every candidate exists with the width it claims, sizes on
// every source, intrinsic width/height on every <img> matching the files'
// aspect ratio, lazy loading everywhere except the one hero per page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltSite } from '../support/site-build.ts';
import { sharedSite } from '../support/shared-site.ts';
import { readPages, type BuiltPage } from '../quality/support/site-pages.ts';

let site: BuiltSite;
let pages: BuiltPage[];
const sizeCache = new Map<string, Promise<{ width: number; height: number; format: string }>>();

beforeAll(async () => {
  site = await sharedSite();
  pages = readPages(site.dir, site.htmlFiles);
});

afterAll(async () => {
  await site?.remove();
});

/** Size and format of a built file, read once per URL. */
function measure(url: string): Promise<{ width: number; height: number; format: string }> {
  let size = sizeCache.get(url);
  if (!size) {
    size = sharp(readFileSync(path.join(site.dir, url))).metadata().then(({ width, height, format }) => ({ width: width!, height: height!, format }));
    sizeCache.set(url, size);
  }
  return size;
}

function candidates(srcset: string): Array<{ url: string; width: number }> {
  return srcset.split(',').map((candidate) => {
    const [url, descriptor] = candidate.trim().split(/\s+/) as [string, string];
    expect(descriptor, `descriptor of ${url}`).toMatch(/^\d+w$/);
    return { url, width: Number.parseInt(descriptor, 10) };
  });
}

describe('images on every page', () => {
  it('give every <img> a positive integer width and height and alt text (empty only when hidden)', () => {
    const problems: string[] = [];
    for (const page of pages) {
      page.$('img').each((_, element) => {
        const image = page.$(element);
        const [width, height] = [image.attr('width'), image.attr('height')];
        if (!/^[1-9]\d*$/.test(width ?? '') || !/^[1-9]\d*$/.test(height ?? '')) problems.push(`${page.url}: ${image.attr('src')} is ${width}x${height}`);
        // One alt rule for the site: every image has alt text; an empty alt only where the image is hidden from assistive technology.
        const alt = image.attr('alt');
        const hidden = image.closest('[aria-hidden="true"]').length > 0 || image.attr('role') === 'presentation';
        if (alt === undefined) problems.push(`${page.url}: ${image.attr('src')} has no alt`);
        else if (alt.trim() === '' && !hidden) problems.push(`${page.url}: ${image.attr('src')} has an empty alt but is not hidden from assistive technology`);
      });
    }
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.find((page) => page.url === '/gallery/')?.$('img').length ?? 0).toBeGreaterThanOrEqual(12);
    expect(problems).toEqual([]);
  });

  it('offer AVIF then WebP sources with the same sizes as the fallback <img>, at every width the fallback has and more', () => {
    let pictures = 0;
    for (const page of pages) {
      page.$('picture').each((_, element) => {
        pictures++;
        const picture = page.$(element);
        const image = picture.find('img');
        const sources = picture.find('source').toArray().map((source) => page.$(source));
        expect(sources.map((source) => source.attr('type')), `${page.url} ${image.attr('src')}`).toEqual(['image/avif', 'image/webp']);
        for (const source of sources) {
          expect(source.attr('sizes')).toBeTruthy();
          expect(source.attr('sizes')).toBe(image.attr('sizes'));
          // The fallback (JPEG/PNG, only for browsers without WebP) comes at the <img src> width and the largest only.
          const widths = candidates(source.attr('srcset')!).map((candidate) => candidate.width);
          const fallbackWidths = candidates(image.attr('srcset')!).map((candidate) => candidate.width);
          expect(widths).toEqual(expect.arrayContaining(fallbackWidths));
          expect(fallbackWidths.at(-1)).toBe(widths.at(-1));
        }
      });
    }
    expect(pictures).toBeGreaterThan(60);
  });

  it('point every src and srcset candidate at a built file of the claimed width, format and aspect ratio', async () => {
    const checks: Array<Promise<string | undefined>> = [];
    const seen = new Set<string>();
    for (const page of pages) {
      page.$('picture').each((_, element) => {
        const picture = page.$(element);
        const image = picture.find('img');
        const ratio = Number(image.attr('width')) / Number(image.attr('height'));
        const offered = [
          ...candidates(image.attr('srcset')!).map((candidate) => ({ ...candidate, format: 'jpeg|png' })),
          ...picture.find('source').toArray().flatMap((source) => candidates(page.$(source).attr('srcset')!)
            .map((candidate) => ({ ...candidate, format: page.$(source).attr('type') === 'image/avif' ? 'heif' : 'webp' }))),
          { url: image.attr('src')!, width: 0, format: 'jpeg|png' },
        ];
        for (const candidate of offered) {
          if (seen.has(candidate.url)) continue;
          seen.add(candidate.url);
          checks.push(measure(candidate.url).then((file) => {
            if (candidate.width !== 0 && file.width !== candidate.width) return `${candidate.url}: ${file.width} px wide, offered as ${candidate.width}w`;
            if (!new RegExp(`^(${candidate.format})$`).test(file.format)) return `${candidate.url}: ${file.format}`;
            if (Math.abs(file.width / file.height - ratio) > 0.01) return `${candidate.url}: ratio ${file.width}/${file.height} vs ${image.attr('width')}/${image.attr('height')}`;
            return undefined;
          }, (error: Error) => `${candidate.url}: ${error.message}`));
        }
      });
    }
    expect((await Promise.all(checks)).filter(Boolean)).toEqual([]);
    expect(seen.size).toBeGreaterThan(100);
  });
});

describe('loading priority', () => {
  it('loads the home hero eagerly with fetchpriority=high, and nothing else on the page', () => {
    const home = pages.find((page) => page.url === '/')!;
    const priority = home.$('img[fetchpriority="high"], img[fetchPriority="high"]');
    expect(priority).toHaveLength(1);
    expect(priority.attr('src')).toMatch(/^\/assets\/img\/hero-\d+\.[0-9a-f]{10}\.jpg$/);
    expect(priority.attr('loading')).toBe('eager');
    expect(priority.attr('decoding')).toBeUndefined();
  });

  it('gives every page at most one high-priority image, the first in <main>, and lazy-loads all others but the rest of the gallery\'s first row', () => {
    const problems: string[] = [];
    for (const page of pages) {
      const images = page.$('main img').toArray().map((element) => page.$(element));
      const priority = images.filter((image) => (image.attr('fetchpriority') ?? image.attr('fetchPriority')) === 'high');
      if (priority.length > 1) problems.push(`${page.url}: ${priority.length} high-priority images`);
      images.forEach((image, index) => {
        const isPriority = (image.attr('fetchpriority') ?? image.attr('fetchPriority')) === 'high';
        if (isPriority && index !== 0) problems.push(`${page.url}: high-priority image is not the first image`);
        if (isPriority && image.attr('loading') !== 'eager') problems.push(`${page.url}: high-priority image is not eager`);
        // /gallery/ and the guides' listing pages (/guides/, /guides/page/N/, /guides/topics/T/) open with a
        // grid whose first row (three across on desktop) is above the fold.
        const opensWithGrid = page.url === '/gallery/' || /^\/guides\/(page\/\d+\/|topics\/[^/]+\/)?$/.test(page.url);
        // /services/ has a text-only hero: on a tablet its first featured block's image is above the fold (and its largest paint).
        const eagerAllowed = (opensWithGrid && index < 3) || (page.url === '/services/' && index === 0);
        if (!isPriority && (image.attr('loading') !== (eagerAllowed ? 'eager' : 'lazy') || image.attr('decoding') !== 'async')) problems.push(`${page.url}: ${image.attr('src')} is not ${eagerAllowed ? 'eager' : 'lazy'} and async`);
      });
    }
    expect(problems).toEqual([]);
    // Service and location pages open with their image: it is their hero.
    for (const url of ['/services/office-cleaning/', '/locations/noosa/']) {
      const page = pages.find((candidate) => candidate.url === url)!;
      expect(page.$('main img').first().attr('loading'), url).toBe('eager');
    }
  });
});
