/** /services : three featured blocks, the service tabs, the service pages, a six-image project grid and a CTA. */
import type { ReactElement } from 'react';
import type { Page, ServiceCardGroup } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { CheckList } from '../components/check-list.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { Icon } from '../components/icon.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { Picture } from '../components/picture.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { PageLayout } from '../layout/page-layout.tsx';
import { ServiceTabs, type ServiceTabsProps } from '../widgets/service-tabs.tsx';

type TabValue = ServiceTabsProps['defaultValue'];
const tabs: Array<{ value: TabValue & ServiceCardGroup; label: string }> = [
  { value: 'commercial', label: 'Commercial' },
  { value: 'renovations', label: 'Renovations' },
  { value: 'specialtyServices', label: 'Specialty Services' },
];

export function ServicesPage(props: TemplateProps<Page>): ReactElement {
  const { entry: page, content, route } = props;
  const featured = content.serviceCards.filter((card) => card.group === 'featured');
  const projects = content.gallery.filter((item) => item.featured);
  const linkTo = (path: string) => (path === route.path ? props.href(`${path}#service-range`) : props.href(path));
  return (
    <PageLayout page={props}>
      <PageHero title={page.title} intro={page.intro} eyebrow="Our services">
        <div className="button-row">
          <a className="button button--accent" href={props.href('/contact')}>Get Your Free Quote</a>
          <a className="button button--outline" href="#service-range">Browse the full range</a>
        </div>
      </PageHero>

      <section className="section" aria-labelledby="featured-services">
        <div className="container">
          <SectionHeading id="featured-services" eyebrow="Core services" title="How we look after your building" />
          <div className="feature-blocks">
            {featured.map((card, index) => (
              <article className="feature-block" key={card.file}>
                {card.image && (
                  // The first block's image is above the fold on a tablet (the hero has none), and may be its largest paint: not lazy.
                  <Picture image={props.image(card.image.src)} alt={card.image.alt} sizes="(min-width: 64em) 34rem, (min-width: 48em) 40vw, 100vw" eager={index === 0} className="feature-block__image" />
                )}
                <div className="feature-block__body">
                  <h3>{card.title}</h3>
                  <p>{card.description}</p>
                  <CheckList items={card.features} />
                  {card.link && (
                    <a className="text-link" href={linkTo(card.link)}>
                      {card.link === route.path ? 'See the full service range' : 'Learn more'}
                      <span className="visually-hidden"> for {card.title}</span>
                      <Icon name="arrow" />
                    </a>
                  )}
                </div>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="service-range-title" id="service-range">
        <div className="container">
          <SectionHeading id="service-range-title" eyebrow="Full service range" title="Commercial, renovation and specialty cleaning" intro="Choose a category to see what each service includes." />
          <ServiceTabs
            label="Service categories"
            defaultValue="commercial"
            tabs={tabs.map((tab) => ({ ...tab, cards: content.serviceCards.filter((card) => card.group === tab.value) }))}
          />
        </div>
      </section>

      <section className="section" aria-labelledby="service-pages">
        <div className="container">
          <SectionHeading id="service-pages" eyebrow="Industries" title="Specialist cleaning by industry" />
          <ul className="link-cards">
            {content.services.map((service) => (
              <li key={service.slug}>
                <a className="link-card" href={props.href(`/services/${service.slug}`)}>
                  <span className="link-card__title">{service.name}</span>
                  <span className="link-card__text">{service.summary}</span>
                  <Icon name="arrow" className="link-card__arrow" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="recent-projects">
        <div className="container">
          <SectionHeading id="recent-projects" eyebrow="Our work" title="Recent projects" />
          <ul className="project-grid">
            {projects.map((item) => (
              <li key={item.file}>
                <figure className="project">
                  <Picture image={props.image(item.image.src)} alt={item.image.alt} sizes="(min-width: 64em) 22rem, (min-width: 48em) 33vw, 50vw" />
                  <figcaption><span className="badge">{item.category}</span>{item.title}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <p className="section__more"><a className="text-link" href={props.href('/gallery')}>View all projects<Icon name="arrow" /></a></p>
        </div>
      </section>

      {page.cta && <CtaBand page={props} cta={page.cta} />}
    </PageLayout>
  );
}
