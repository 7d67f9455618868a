/**
 * Search metadata and structured data on the built site: unique titles and
 * descriptions, canonical and social tags (with the linked image's real
 * size) on every page; one LocalBusiness node, identical wherever it
 * appears, on the home page and every location page; on each location page
 * a Service for that town, and the nearest places of its state; JSON-LD
 * that stays valid and inert when content contains `</script>`, quotes and
 * line separators.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CheerioAPI } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { NEARBY } from '../../templates/model/routes.ts';
import { distanceKm } from '../../templates/model/nearby-locations.ts';
import { buildPages, useBuiltPages, textOf, type BuiltPages } from './support/built-pages.ts';
import { readLocations, readSiteConfig, readSiteText } from './support/site-config.ts';
import { READING_A, READING_B } from './support/spec.ts';
import { copyRealSite, type RealSiteCopy } from '../support/real-site.ts';

const config = readSiteConfig();
/** The ABN and street address site.md may set (the support type predates them). */
const businessIds = config as unknown as { abn?: string; address: { streetAddress?: string } };
const base = config.baseUrl.replace(/\/$/, '');
const businessId = `${base}/#business`;
const siteText = readSiteText();
const locations = readLocations();

type JsonObject = Record<string, unknown>;

function jsonLd($: CheerioAPI): JsonObject[] {
  return $('script[type="application/ld+json"]').toArray().map((element) => JSON.parse($(element).html() ?? '') as JsonObject);
}

/** The nodes of each document: its @graph, or the document itself. */
function nodesOf(documents: JsonObject[]): JsonObject[] {
  return documents.flatMap((document) => (Array.isArray(document['@graph']) ? document['@graph'] as JsonObject[] : [document]));
}

function localBusiness($: CheerioAPI): JsonObject {
  const found = nodesOf(jsonLd($)).filter((data) => data['@type'] === 'LocalBusiness');
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Every object with an @id and something more than it, at any depth, without the document's @context. */
function describedNodes(value: unknown, found: JsonObject[] = []): JsonObject[] {
  if (Array.isArray(value)) for (const item of value) describedNodes(item, found);
  else if (value && typeof value === 'object') {
    const { '@context': _context, ...node } = value as JsonObject;
    if (typeof node['@id'] === 'string' && Object.keys(node).length > 1) found.push(node);
    for (const item of Object.values(node)) describedNodes(item, found);
  }
  return found;
}

/** JSON with keys sorted at every level, so equal nodes give equal text whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as JsonObject)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

describe('search metadata', () => {
  const built = useBuiltPages();

  const listed = () => [...built.pages].filter(([url]) => url !== '/404.html');

  // Lengths and uniqueness of titles and descriptions: test/quality/seo-lengths.test.ts.
  it('gives every page exactly one <title> and one meta description', () => {
    for (const [url, $] of built.pages) {
      expect($('title'), url).toHaveLength(1);
      expect($('meta[name="description"]'), url).toHaveLength(1);
    }
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

  it('carries the one LocalBusiness node, with the spec constants, on the home page and all 42 location pages', () => {
    for (const url of ['/', ...READING_B.map((slug) => `/locations/${slug}/`)]) {
      const business = localBusiness(built.page(url));
      expect(business['@id'], url).toBe(businessId);
      expect(business.name, url).toBe(config.name);
      expect(business.url, url).toBe(`${base}/`);
      expect(business.description, url).toBe(siteText);
      expect(business.telephone, url).toBe(config.phone.e164);
      expect(business.email, url).toBe(config.emails[0]);
      expect(business.image, url).toBe(`${base}/images/og.jpg`);
      expect(business.priceRange, url).toBe('$$');
      expect(business.taxID, url).toBe(businessIds.abn);
      expect(business.address, url).toEqual({
        '@type': 'PostalAddress', streetAddress: businessIds.address.streetAddress, addressLocality: 'Brisbane', addressRegion: 'QLD', postalCode: expect.stringMatching(/^4\d{3}$/), addressCountry: 'AU',
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
    }
    expect(config.geo.latitude).toBeCloseTo(-27.47, 1);
    expect(config.geo.longitude).toBeCloseTo(153.02, 1);
  });

  it('gives every @id one description: all nodes sharing an @id are identical across the site', () => {
    const byId = new Map<string, Map<string, string[]>>();
    for (const [url, $] of built.pages) {
      for (const node of describedNodes(jsonLd($))) {
        const id = node['@id'] as string;
        if (!byId.has(id)) byId.set(id, new Map());
        const versions = byId.get(id)!;
        const key = canonicalJson(node);
        versions.set(key, [...(versions.get(key) ?? []), url]);
      }
    }
    expect(byId.get(businessId)?.size).toBe(1);
    expect([...byId.get(businessId)!.values()][0]).toHaveLength(1 + READING_B.length);
    const conflicting = [...byId].filter(([, versions]) => versions.size > 1).map(([id, versions]) => `${id}: ${[...versions.values()].map((urls) => urls[0]).join(' vs ')}`);
    expect(conflicting).toEqual([]);
  });

  it('describes each location page\'s own town: a Service whose areaServed is that City, with its coordinates and real state', () => {
    for (const location of locations) {
      const url = `/locations/${location.slug}/`;
      const services = nodesOf(jsonLd(built.page(url))).filter((node) => node['@type'] === 'Service');
      expect(services, url).toHaveLength(1);
      const service = services[0]!;
      expect(service['@id'], url).toBe(`${base}${url}#service`);
      expect(service.url, url).toBe(`${base}${url}`);
      expect(service.provider, url).toEqual({ '@id': businessId });
      expect(service.description, url).toBe(built.page(url)('meta[name="description"]').attr('content'));
      expect(service.areaServed, url).toEqual({
        '@type': 'City',
        name: location.name,
        geo: { '@type': 'GeoCoordinates', latitude: location.geo.latitude, longitude: location.geo.longitude },
        containedInPlace: { '@type': 'State', name: location.state, containedInPlace: { '@type': 'Country', name: 'Australia' } },
      });
    }
    // The copy calls the eighteen Reading B extras Queensland places; the data says where they are.
    const extras = READING_B.slice(READING_A.length);
    expect(locations.filter((location) => extras.includes(location.slug)).map((location) => location.state)).toEqual(extras.map(() => 'New South Wales'));
    expect(locations.filter((location) => READING_A.includes(location.slug)).every((location) => location.state === 'Queensland')).toBe(true);
    const cairns = locations.find((location) => location.slug === 'cairns')!;
    expect(distanceKm(cairns.geo, config.geo)).toBeGreaterThan(1000);
  });

  it('gives every location real town-centre coordinates inside its state', () => {
    const bounds = { Queensland: { lat: [-29.2, -10], lon: [138, 153.6] }, 'New South Wales': { lat: [-37.6, -28.1], lon: [141, 153.7] } } as const;
    for (const location of locations) {
      const box = bounds[location.state as keyof typeof bounds];
      expect(box, location.slug).toBeDefined();
      expect(location.geo.latitude, location.slug).toBeGreaterThan(box.lat[0]);
      expect(location.geo.latitude, location.slug).toBeLessThan(box.lat[1]);
      expect(location.geo.longitude, location.slug).toBeGreaterThan(box.lon[0]);
      expect(location.geo.longitude, location.slug).toBeLessThan(box.lon[1]);
    }
    const at = (slug: string) => locations.find((location) => location.slug === slug)!.geo;
    expect(distanceKm(at('brisbane-cbd'), { latitude: -27.4698, longitude: 153.0251 })).toBeLessThan(2);
    expect(distanceKm(at('cairns'), { latitude: -16.9186, longitude: 145.7781 })).toBeLessThan(2);
    expect(distanceKm(at('lithgow'), { latitude: -33.4833, longitude: 150.15 })).toBeLessThan(2);
    expect(distanceKm(at('bathurst'), at('orange'))).toBeGreaterThan(40);
    expect(distanceKm(at('bathurst'), at('orange'))).toBeLessThan(55);
  });

  it(`lists as nearby only the closest places of the same state, nearest first, none beyond ${NEARBY.maxKm} km`, () => {
    const bySlug = new Map(locations.map((location) => [location.slug, location]));
    for (const location of locations) {
      const url = `/locations/${location.slug}/`;
      const $ = built.page(url);
      const listed = $('#location-nearby').parent().find('a').toArray().map((link) => /^\/locations\/([^/]+)\/$/.exec($(link).attr('href') ?? '')?.[1] ?? '');
      const expected = locations
        .filter((other) => other !== location && other.state === location.state && distanceKm(location.geo, other.geo) <= NEARBY.maxKm)
        .sort((a, b) => distanceKm(location.geo, a.geo) - distanceKm(location.geo, b.geo))
        .slice(0, NEARBY.count)
        .map((other) => other.slug);
      expect(listed, url).toEqual(expected);
      for (const slug of listed) {
        expect(bySlug.get(slug)?.state, `${url} lists ${slug}`).toBe(location.state);
        expect(distanceKm(location.geo, bySlug.get(slug)!.geo), `${url} lists ${slug}`).toBeLessThanOrEqual(NEARBY.maxKm);
      }
    }
    const names = (slug: string) => built.page(`/locations/${slug}/`)('#location-nearby').parent().find('a').toArray().map((link) => built.page(`/locations/${slug}/`)(link).text());
    expect(names('cairns')).toEqual(['Townsville']);
    expect(names('cairns')).not.toContain('Ipswich');
    expect(names('lithgow')).toEqual(['Wallerawang', 'Portland', 'Oberon', 'Raglan', 'Kelso', 'Gormans Hill']);
  });

  it('states in og:image:width and og:image:height the real pixel size of the file og:image links to', async () => {
    const checked = new Set<string>();
    for (const [url, $] of built.pages) {
      const image = $('meta[property="og:image"]').attr('content')!;
      const file = path.join(built.site.dir, image.slice(base.length));
      const { width, height } = await sharp(file).metadata();
      expect(Number($('meta[property="og:image:width"]').attr('content')), url).toBe(width);
      expect(Number($('meta[property="og:image:height"]').attr('content')), url).toBe(height);
      checked.add(image);
    }
    // The home hero's source is 2400x1500; the card links the largest variant made from it.
    const home = built.page('/');
    expect(home('meta[property="og:image"]').attr('content')).toMatch(new RegExp(`^${base}/assets/img/hero-\\d+\\.[0-9a-f]+\\.jpg$`));
    expect(checked.size).toBeGreaterThan(5);
  });

  it('says "on the Gold Coast" and "on the Sunshine Coast" in running text, and keeps the spec heading "Commercial Cleaning in {location}"', () => {
    const wording = (slug: string) => {
      const $ = built.page(`/locations/${slug}/`);
      return { heading: textOf($, 'h1'), services: textOf($, '#location-services'), cta: textOf($, '.cta-band h2') };
    };
    expect(wording('gold-coast')).toEqual({ heading: 'Commercial Cleaning in Gold Coast', services: 'Our services on the Gold Coast', cta: 'Get a free cleaning quote on the Gold Coast' });
    expect(wording('sunshine-coast').services).toBe('Our services on the Sunshine Coast');
    expect(wording('brisbane-cbd').services).toBe('Our services in the Brisbane CBD');
    expect(wording('toowoomba')).toEqual({ heading: 'Commercial Cleaning in Toowoomba', services: 'Our services in Toowoomba', cta: 'Get a free cleaning quote in Toowoomba' });
    for (const [url, $] of built.pages) expect(textOf($, 'main'), url).not.toMatch(/\bin (the )?(Gold|Sunshine) Coast\b(?! Area)/);
  });

  it('gives the Other Queensland Regions pages illustrations of their own kind of country, not one shared farmland picture', () => {
    const imageOf = (slug: string) => built.page(`/locations/${slug}/`)('meta[property="og:image"]').attr('content')!.replace(/^.*\/assets\/img\/locations\/([a-z-]+)-\d+\..*$/, '$1');
    const regional = locations.filter((location) => location.region === 'Other Queensland Regions');
    expect(regional).toHaveLength(26);
    expect(new Set(regional.map((location) => imageOf(location.slug))).size).toBeGreaterThanOrEqual(5);
    expect(['cairns', 'townsville'].map(imageOf)).toEqual(['tropical-north', 'tropical-north']);
    expect(imageOf('toowoomba')).toBe('darling-downs');
    expect(imageOf('hervey-bay')).toBe('whale-bay');
    for (const location of regional.filter((place) => place.state === 'New South Wales')) expect(imageOf(location.slug), location.slug).toBe('tablelands');
  });

  it('puts LocalBusiness data only on those pages, a Service on each location page, BreadcrumbList data on /cleaning-guide and the Guides pages, and BlogPosting on each guide', () => {
    for (const [url, $] of built.pages) {
      const types = nodesOf(jsonLd($)).map((data) => data['@type']);
      const guideListing = /^\/guides\/((page|topics)\/.*)?$/.test(url);
      const expected = url === '/' ? ['LocalBusiness'] : url.startsWith('/locations/') ? ['LocalBusiness', 'Service'] : url === '/cleaning-guide/' || guideListing ? ['BreadcrumbList']
        : url.startsWith('/guides/') ? ['BlogPosting', 'BreadcrumbList'] : [];
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
  let copy: RealSiteCopy | undefined;

  beforeAll(async () => {
    copy = copyRealSite({ folders: ['content'], prefix: 'cleansite-hostile-content-', with: {
      'content/locations/noosa.md': (text) => text.replace(/^description:.*$/m, `description: ${JSON.stringify(hostile)}`),
    } });
    built = await buildPages({ contentDir: copy.contentDir });
  }, 180_000);

  afterAll(async () => {
    await built?.site.remove();
    copy?.remove();
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
    expect(nodesOf(jsonLd($)).find((node) => node['@type'] === 'Service')?.description).toBe(hostile);
    expect($('meta[name="description"]').attr('content')).toBe(hostile);
    expect($('meta[property="og:description"]').attr('content')).toBe(hostile);
  });
});
