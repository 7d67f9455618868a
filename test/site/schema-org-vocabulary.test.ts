/**
 * Every JSON-LD document on every built page, checked against schema.org's
 * own vocabulary (offline, see support/schema-org.ts): types that exist,
 * properties that belong to the node's type or an ancestor of it, nested
 * nodes and numbers the property accepts, enumeration members that exist.
 */
import { describe, expect, it } from 'vitest';
import { useBuiltPages } from './support/built-pages.ts';
import { checkJsonLd, loadSchemaOrg } from './support/schema-org.ts';

describe('JSON-LD against the schema.org vocabulary', () => {
  const built = useBuiltPages();

  it('reads the current vocabulary: the types and properties this site relies on, with their domains', () => {
    const vocabulary = loadSchemaOrg();
    expect(vocabulary.classes.size).toBeGreaterThan(800);
    for (const type of ['LocalBusiness', 'Service', 'City', 'State', 'Country', 'GeoCircle', 'GeoCoordinates', 'PostalAddress', 'BreadcrumbList']) {
      expect(vocabulary.classes.has(type), type).toBe(true);
    }
    expect([...vocabulary.properties.get('areaServed')!.domains]).toContain('Service');
    expect(vocabulary.ancestorsOf('City').has('Place')).toBe(true);
    expect(vocabulary.members.get('DayOfWeek')?.has('Monday')).toBe(true);
  });

  it('finds only schema.org types, and properties valid for their type, in every JSON-LD node of every page', () => {
    const problems: string[] = [];
    let documents = 0;
    for (const [url, $] of built.pages) {
      for (const script of $('script[type="application/ld+json"]').toArray()) {
        documents++;
        for (const problem of checkJsonLd(JSON.parse($(script).html() ?? ''))) problems.push(`${url} ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    // The home page, 42 location pages, /cleaning-guide, 13 guides (BlogPosting and BreadcrumbList) and 10 Guides listing and topic pages.
    expect(documents).toBe(80);
  });

  it('reports an unknown type, a property outside its type, a value outside its range and a non-member of an enumeration', () => {
    expect(checkJsonLd({ '@context': 'https://schema.org', '@type': 'CleaningCompany', name: 'x' })).toEqual([
      '$: @type "CleaningCompany" is not a schema.org type',
    ]);
    expect(checkJsonLd({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      geoRadius: 50000,
      areaServed: { '@type': 'GeoCoordinates', latitude: -27.4698, longitude: 153.0251 },
      openingHoursSpecification: { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Moonday' },
      cleaningFrequency: 'weekly',
    })).toEqual([
      '$.geoRadius: not a property of LocalBusiness (it belongs to GeoCircle)',
      '$.areaServed: a GeoCoordinates where schema.org expects AdministrativeArea, GeoShape, Place, Text',
      '$.openingHoursSpecification.dayOfWeek: "Moonday" is not a member of DayOfWeek',
      '$.cleaningFrequency: not a schema.org property',
    ]);
    expect(checkJsonLd({ '@context': 'http://schema.org', '@graph': [{ '@id': 'x', name: 'y' }] })).toEqual([
      '@context is "http://schema.org", not "https://schema.org"',
      '@graph[0]: a node without @type may hold only @id',
    ]);
  });
});
