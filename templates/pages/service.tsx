/** /services/{slug} : description, six key features, six benefits, an image, a back link and CTAs. */
import type { ReactElement } from 'react';
import type { Service } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { CheckList } from '../components/check-list.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { Icon } from '../components/icon.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { HeroPicture } from '../components/hero-picture.tsx';
import { QuoteButtons } from '../components/quote-buttons.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export function ServicePage(props: TemplateProps<Service>): ReactElement {
  const { entry: service, content } = props;
  const others = content.services.filter((other) => other.slug !== service.slug);
  return (
    <PageLayout page={props}>
      <PageHero
        title={service.name}
        intro={service.summary}
        before={<a className="back-link" href={props.href('/services')}><Icon name="arrow-left" />Back to all services</a>}
        media={<HeroPicture image={props.image(service.image.src)} alt={service.image.alt} />}
      >
        {props.shared('quote-buttons', () => <QuoteButtons contactUrl={props.href('/contact')} site={content.site} />)}
      </PageHero>

      <section className="section" aria-labelledby="service-overview">
        <div className="container split">
          <div className="split__main">
            <h2 id="service-overview">About our {service.name.toLowerCase()} service</h2>
            <Prose html={service.html} />
          </div>
          <aside className="split__aside side-card" aria-labelledby="service-other">
            <h3 id="service-other">Other services</h3>
            <ul className="side-card__links">
              {others.map((other) => (
                <li key={other.slug}><a href={props.href(`/services/${other.slug}`)}>{other.name}</a></li>
              ))}
              <li><a href={props.href('/services')}>All services</a></li>
            </ul>
          </aside>
        </div>
      </section>

      <section className="section section--tint" aria-label="Features and benefits">
        <div className="container two-lists">
          <div className="list-card">
            <h2 id="service-features">Key features</h2>
            <CheckList items={service.features} />
          </div>
          <div className="list-card">
            <h2 id="service-benefits">Benefits for your business</h2>
            <CheckList items={service.benefits} className="check-list--accent" />
          </div>
        </div>
      </section>

      <CtaBand
        page={props}
        cta={{
          title: `Get a free ${service.name.toLowerCase()} quote`,
          text: `Tell us about your premises and how often you need them cleaned. We will arrange a free walk-through and send a fixed, itemised ${service.name.toLowerCase()} quote, with no obligation.`,
          label: 'Request Your Free Quote',
        }}
      />
    </PageLayout>
  );
}
