/**
 * Search metadata and structured data on the built site: unique titles and
 * descriptions, canonical and social tags on every page, LocalBusiness
 * JSON-LD on the home page and every location page, and JSON-LD that stays
 * valid and inert when content contains `</script>`, quotes and line separators.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CheerioAPI } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { buildPages, type BuiltPages } from './support/built-pages.ts';
import { readSiteConfig } from './support/site-config.ts';
import { READING_B } from './support/spec.ts';

const config = readSiteConfig();
const base = config.baseUrl.replace(/\/$/, '');

type JsonObject = Record<string, unknown>;

function jsonLd($: CheerioAPI): JsonObject[] {
  return $('script[type="application/ld+json"]').toArray().map((element) => JSON.parse($(element).html() ?? '') as JsonObject);
}

function localBusiness($: CheerioAPI): JsonObject {
  const found = jsonLd($).filter((data) => data['@type'] === 'LocalBusiness');
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('search metadata', () => {
  let built: BuiltPages;

  beforeAll(async () => {
    built = await buildPages();
  }, 180_000);

  afterAll(async () => {
    await built?.site.remove();
  });

  const listed = () => [...built.pages].filter(([url]) => url !== '/404.html');

  it('gives every page a unique title and a unique meta description', () => {
    const titles = [...built.pages].map(([, $]) => $('head title').text());
    const descriptions = [...built.pages].map(([, $]) => $('meta[name="description"]').attr('content') ?? '');
    expect(titles.every((title) => title.length > 10)).toBe(true);
    expect(descriptions.every((description) => description.length >= 50)).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const [url, $] of built.pages) expect($('title'), url).toHaveLength(1);
  });

  it('gives every page a canonical link to its own absolute URL, and keeps the 404 page out of the index', () => {
    for (const [url, $] of listed()) {
      expect($('link[rel="canonical"]').attr('href'), url).toBe(`${base}${url}`);
      expect($('meta[name="robots"]'), url).toHaveLength(0);
    }
    const notFound = built.page('/404.html');
    expect(notFound('link[rel="canonical"]')).toHaveLength(0);
    expect(notFound('meta[name="robots"]').attr('content')).toBe('noindex');
  });

  it('gives every page Open Graph and Twitter card tags with an absolute image URL of a built image', () => {
    for (const [url, $] of listed()) {
      const meta = (key: string) => $(`meta[property="${key}"], meta[name="${key}"]`).attr('content');
      expect(meta('og:title'), url).toBe($('head title').text());
      expect(meta('og:description'), url).toBe($('meta[name="description"]').attr('content'));
      expect(meta('og:url'), url).toBe(`${base}${url}`);
      expect(meta('og:type'), url).toBe('website');
      expect(meta('og:locale'), url).toBe('en_AU');
      expect(meta('twitter:card'), url).toBe('summary_large_image');
      expect(meta('twitter:title'), url).toBe(meta('og:title'));
      const image = meta('og:image')!;
      expect(image, url).toMatch(new RegExp(`^${base}/`));
      expect(meta('twitter:image'), url).toBe(image);
      expect(meta('og:image:alt'), url).toBeTruthy();
      expect(() => readFileSync(path.join(built.site.dir, image.slice(base.length)))).not.toThrow();
    }
  });

  it('links the favicons, the theme colour, the stylesheet and the deferred script on every page', () => {
    for (const [url, $] of built.pages) {
      expect($('meta[charset]').attr('charset')?.toLowerCase(), url).toBe('utf-8');
      expect($('meta[name="viewport"]').attr('content'), url).toContain('width=device-width');
      expect($('meta[name="theme-color"]').attr('content'), url).toMatch(/^#[0-9a-f]{6}$/i);
      const icons = $('link[rel="icon"], link[rel="apple-touch-icon"]').map((_, element) => $(element).attr('href')).get();
      expect(icons.sort(), url).toEqual(['/apple-touch-icon.png', '/favicon.ico', '/favicon.svg']);
      expect($('link[rel="stylesheet"]').attr('href'), url).toMatch(/^\/assets\/.+\.css$/);
      expect($('script[src]').attr('defer'), url).toBeDefined();
    }
  });

  it('sets keywords on the home page and every location page', () => {
    for (const url of ['/', ...READING_B.map((slug) => `/locations/${slug}/`)]) {
      expect(built.page(url)('meta[name="keywords"]').attr('content')?.length, url).toBeGreaterThan(10);
    }
  });

  it('carries LocalBusiness JSON-LD with the spec constants on the home page and all 42 location pages', () => {
    for (const url of ['/', ...READING_B.map((slug) => `/locations/${slug}/`)]) {
      const $ = built.page(url);
      const business = localBusiness($);
      expect(business['@context'], url).toBe('https://schema.org');
      expect(business.name, url).toBe(config.name);
      expect(business.url, url).toBe(`${base}${url}`);
      expect(business.telephone, url).toBe(config.phone.e164);
      expect(business.email, url).toBe(config.emails[0]);
      expect(business.image, url).toMatch(new RegExp(`^${base}/images/.+\\.(jpg|png|webp|avif)$`));
      expect(business.priceRange, url).toBe('$$');
      expect(business.address, url).toEqual({
        '@type': 'PostalAddress', addressLocality: 'Brisbane', addressRegion: 'QLD', postalCode: expect.stringMatching(/^4\d{3}$/), addressCountry: 'AU',
      });
      const point = { '@type': 'GeoCoordinates', latitude: config.geo.latitude, longitude: config.geo.longitude };
      expect(business.geo, url).toEqual(point);
      expect(business.openingHoursSpecification, url).toEqual({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '07:00',
        closes: '19:00',
      });
      expect(business.areaServed, url).toEqual({ '@type': 'GeoCircle', geoMidpoint: point, geoRadius: 50000 });
      expect(business.description, url).toBe($('meta[name="description"]').attr('content'));
    }
    expect(config.geo.latitude).toBeCloseTo(-27.47, 1);
    expect(config.geo.longitude).toBeCloseTo(153.02, 1);
  });

  it('puts LocalBusiness data only on those pages, and BreadcrumbList data on /cleaning-guide', () => {
    for (const [url, $] of built.pages) {
      const types = jsonLd($).map((data) => data['@type']);
      const expected = url === '/' || url.startsWith('/locations/') ? ['LocalBusiness'] : url === '/cleaning-guide/' ? ['BreadcrumbList'] : [];
      expect(types, url).toEqual(expected);
    }
    const [breadcrumbs] = jsonLd(built.page('/cleaning-guide/'));
    expect(breadcrumbs!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${base}/` },
      { '@type': 'ListItem', position: 2, name: 'Cleaning Guide', item: `${base}/cleaning-guide/` },
    ]);
  });
});

describe('structured data with hostile content', () => {
  const hostile = 'Noosa cleaning </script><script>alert(1)</script> with "double" and \'single\' quotes & <b>tags</b>\u2028 and a line separator.';
  let built: BuiltPages;
  let contentCopy: string;

  beforeAll(async () => {
    contentCopy = mkdtempSync(path.join(tmpdir(), 'cleansite-hostile-content-'));
    cpSync(path.join(PROJECT_ROOT, 'content'), contentCopy, { recursive: true });
    const file = path.join(contentCopy, 'locations', 'noosa.md');
    const source = readFileSync(file, 'utf8');
    const replaced = source.replace(/^description:.*$/m, `description: ${JSON.stringify(hostile)}`);
    expect(replaced).not.toBe(source);
    writeFileSync(file, replaced);
    built = await buildPages({ contentDir: contentCopy });
  }, 180_000);

  afterAll(async () => {
    await built?.site.remove();
    if (contentCopy) rmSync(contentCopy, { recursive: true, force: true });
  });

  it('keeps the markup inert: no injected script element, no raw </script> inside the JSON-LD', () => {
    const html = built.html.get('/locations/noosa/')!;
    const $ = built.page('/locations/noosa/');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect($('script')).toHaveLength($('script[src]').length + 1);
    const raw = $('script[type="application/ld+json"]').html()!;
    expect(raw).not.toMatch(/[<>&\u2028\u2029]/);
    expect(raw).toContain('\\u003c/script\\u003e');
  });

  it('round-trips the exact text through JSON.parse, in JSON-LD and in the meta description', () => {
    const $ = built.page('/locations/noosa/');
    expect(localBusiness($).description).toBe(hostile);
    expect($('meta[name="description"]').attr('content')).toBe(hostile);
    expect($('meta[property="og:description"]').attr('content')).toBe(hostile);
  });
});
