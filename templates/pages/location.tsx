/**
 * /locations/{slug} : "Commercial Cleaning in {name}", eight services, image,
 * copy, the nearest places of the same state (from the route table), CTA,
 * and structured data for the business and its service in this town.
 */
import type { ReactElement } from 'react';
import type { Location } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { CheckList } from '../components/check-list.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { buildLocationGraph } from '../components/local-business.ts';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { HeroPicture } from '../components/hero-picture.tsx';
import { QuoteButtons } from '../components/quote-buttons.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export function LocationPage(props: TemplateProps<Location>): ReactElement {
  const { entry: location, content, route } = props;
  const image = location.image ?? content.site.defaultImage;
  const nearby = route.data?.nearby ?? [];
  // "on the Gold Coast", "in Toowoomba": the spec fixes only the heading's wording.
  const inPlace = location.inPhrase ?? `in ${location.name}`;
  return (
    <PageLayout page={props} head={<JsonLd data={buildLocationGraph(props)} />}>
      <PageHero
        title={`Commercial Cleaning in ${location.name}`}
        intro={location.intro}
        eyebrow={location.region}
        media={<HeroPicture image={props.image(image.src)} alt={image.alt} />}
      >
        {props.shared('quote-buttons', () => <QuoteButtons contactUrl={props.href('/contact')} site={content.site} />)}
      </PageHero>
      <section className="section" aria-labelledby="location-services">
        <div className="container split">
          <div className="split__main">
            <p className="lead lead--dark">{location.description}</p>
            <Prose html={location.html} />
          </div>
          <aside className="split__aside list-card" aria-labelledby="location-services">
            <h2 id="location-services">Our services {inPlace}</h2>
            <CheckList items={location.features} />
          </aside>
        </div>
      </section>
      {nearby.length > 0 && (
        <section className="section section--tint section--compact" aria-labelledby="location-nearby">
          <div className="container">
            <h2 id="location-nearby" className="h3">Also servicing nearby</h2>
            <ul className="pill-list">
              {nearby.map((other) => <li key={other.path}><a href={props.href(other.path)}>{other.name}</a></li>)}
            </ul>
          </div>
        </section>
      )}
      <CtaBand
        page={props}
        cta={{
          title: `Get a free cleaning quote ${inPlace}`,
          text: `Tell us about your ${location.name} premises and how often you need them cleaned. We will arrange a walk-through and a fixed, itemised quote with no obligation.`,
          label: 'Contact Us for a Quote',
        }}
      />
    </PageLayout>
  );
}
