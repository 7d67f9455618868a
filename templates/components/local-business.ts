/**
 * LocalBusiness structured data for the home page and every location page,
 * built only from content/site.md so no business detail lives in a template.
 */
import type { LocalBusiness, WithContext } from 'schema-dts';
import type { TemplateProps } from '../../src/render/page-props.ts';

export interface LocalBusinessOptions {
  /** Canonical URL of the page the data describes. */
  url: string;
  description: string;
  /** Site path of the image that represents the page. */
  imagePath: string;
}

export function buildLocalBusiness(props: TemplateProps<unknown>, options: LocalBusinessOptions): WithContext<LocalBusiness> {
  const { site } = props.content;
  const coordinates = { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude } as const;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${props.absoluteUrl('/')}#business`,
    name: site.name,
    legalName: site.legalName,
    description: options.description,
    url: options.url,
    telephone: site.phone.e164,
    email: site.emails[0],
    image: props.absoluteUrl(options.imagePath),
    priceRange: site.priceRange,
    ...(site.abn ? { taxID: site.abn } : {}),
    address: {
      '@type': 'PostalAddress',
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
