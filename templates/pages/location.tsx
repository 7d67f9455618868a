/** /locations/{slug} : "Commercial Cleaning in {name}", eight services, image, copy, CTA, LocalBusiness data. */
import type { ReactElement } from 'react';
import type { Location } from '../../src/content/schemas.ts';
import type { TemplateProps } from '../../src/render/page-props.ts';
import { CheckList } from '../components/check-list.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { Icon } from '../components/icon.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { buildLocalBusiness } from '../components/local-business.ts';
import { PageHero } from '../components/page-hero.tsx';
import { Picture } from '../components/picture.tsx';
import { Prose } from '../components/prose.tsx';
import { PageLayout } from '../layout/page-layout.tsx';
import { phoneText, telHref } from '../components/phone.ts';

export function LocationPage(props: TemplateProps<Location>): ReactElement {
  const { entry: location, content, route } = props;
  const image = location.image ?? content.site.defaultImage;
  const nearby = findNearby(content.locations, location, 8);
  const business = buildLocalBusiness(props, { url: props.absoluteUrl(route.path), description: location.description, imagePath: image.src });
  return (
    <PageLayout page={props} head={<JsonLd data={business} />}>
      <PageHero
        title={`Commercial Cleaning in ${location.name}`}
        intro={location.intro}
        eyebrow={location.region}
        media={<Picture image={props.image(image.src)} alt={image.alt} sizes="(min-width: 64em) 32rem, 100vw" priority className="rounded-image" />}
      >
        <div className="button-row">
          <a className="button button--accent" href={props.href('/contact')}>Get Your Free Quote</a>
          <a className="button button--outline" href={telHref(content.site)}><Icon name="phone" />{phoneText(content.site)}</a>
        </div>
      </PageHero>
      <section className="section" aria-labelledby="location-services">
        <div className="container split">
          <div className="split__main">
            <p className="lead lead--dark">{location.description}</p>
            <Prose html={location.html} />
          </div>
          <aside className="split__aside list-card" aria-labelledby="location-services">
            <h2 id="location-services">Our services in {location.name}</h2>
            <CheckList items={location.features} />
          </aside>
        </div>
      </section>
      {nearby.length > 0 && (
        <section className="section section--tint section--compact" aria-labelledby="location-nearby">
          <div className="container">
            <h2 id="location-nearby" className="h3">Also servicing nearby</h2>
            <ul className="pill-list">
              {nearby.map((other) => <li key={other.slug}><a href={props.href(`/locations/${other.slug}`)}>{other.name}</a></li>)}
            </ul>
          </div>
        </section>
      )}
      <CtaBand
        page={props}
        cta={{
          title: `Get a free cleaning quote in ${location.name}`,
          text: `Tell us about your ${location.name} premises and how often you need them cleaned. We will arrange a walk-through and a fixed, itemised quote with no obligation.`,
          label: 'Contact Us for a Quote',
        }}
      />
    </PageLayout>
  );
}

/**
 * The first `count` other locations of the same region, in content order.
 * Stops as soon as it has them: filtering the whole list on every location
 * page made a site of N locations cost N x N comparisons.
 */
function findNearby(locations: Location[], location: Location, count: number): Location[] {
  const nearby: Location[] = [];
  for (const other of locations) {
    if (nearby.length === count) break;
    if (other.region === location.region && other.slug !== location.slug) nearby.push(other);
  }
  return nearby;
}
