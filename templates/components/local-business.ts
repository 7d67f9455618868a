/**
 * Structured data about the business and the places it serves, built only
 * from content (site.md and the location entries) so no business detail
 * lives in a template.
 *
 * The business is one node with one @id and the same properties on every
 * page that carries it (search engines merge nodes by @id, and conflicting
 * copies make them distrust all of them): its real address, its Brisbane
 * point and the spec's service radius. A location page adds a Service
 * node for its own town, which points at the business by @id, so the page
 * never claims that the town lies inside the Brisbane radius.
 */
// The *Leaf types are the schema.org types themselves. `LocalBusiness` is the union of it and its
// hundreds of subtypes (Dentist, Store, ...): checking a literal against that union was two thirds
// of the templates' type check (578,000 type instantiations against 174,000; watch and
// `npm run typecheck` check this file).
import type { CityLeaf, Graph, LocalBusinessLeaf, ServiceLeaf, WithContext } from 'schema-dts';
import type { Location } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';

/** The business node's @id: the home page URL with a fragment, the same on every page. */
export function businessId(props: TemplateProps<unknown>): string {
  return `${props.absoluteUrl('/')}#business`;
}

/** The business alone, as the home page carries it. */
export function buildLocalBusiness(props: TemplateProps<unknown>): WithContext<LocalBusinessLeaf> {
  return { '@context': 'https://schema.org', ...businessNode(props) };
}

/** A location page's data: the business, and the service in this location's town. */
export function buildLocationGraph(props: TemplateProps<Location>): Graph {
  return { '@context': 'https://schema.org', '@graph': [businessNode(props), locationService(props)] };
}

function businessNode(props: TemplateProps<unknown>): LocalBusinessLeaf {
  const { site } = props.content;
  const coordinates = { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude } as const;
  return {
    '@type': 'LocalBusiness',
    '@id': businessId(props),
    name: site.name,
    legalName: site.legalName,
    description: site.text,
    url: props.absoluteUrl('/'),
    telephone: site.phone.e164,
    email: site.emails[0],
    image: props.absoluteUrl(site.defaultImage.src),
    priceRange: site.priceRange,
    ...(site.abn ? { taxID: site.abn } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(site.address.streetAddress ? { streetAddress: site.address.streetAddress } : {}),
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postcode,
      addressCountry: site.address.country,
    },
    geo: coordinates,
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: site.openingHours.days,
      opens: site.openingHours.opens,
      closes: site.openingHours.closes,
    },
    areaServed: {
      '@type': 'GeoCircle',
      geoMidpoint: coordinates,
      geoRadius: site.serviceRadiusMetres,
    },
    sameAs: [site.social.url],
  };
}

function locationService(props: TemplateProps<Location>): ServiceLeaf {
  const { entry: location, route } = props;
  const url = props.absoluteUrl(route.path);
  const town: CityLeaf = {
    '@type': 'City',
    name: location.name,
    geo: { '@type': 'GeoCoordinates', latitude: location.geo.latitude, longitude: location.geo.longitude },
    containedInPlace: {
      '@type': 'State',
      name: location.state,
      containedInPlace: { '@type': 'Country', name: 'Australia' },
    },
  };
  return {
    '@type': 'Service',
    '@id': `${url}#service`,
    name: route.title,
    serviceType: 'Commercial cleaning',
    description: location.description,
    url,
    image: props.absoluteUrl(route.image.src),
    provider: { '@id': businessId(props) },
    areaServed: town,
  };
}
