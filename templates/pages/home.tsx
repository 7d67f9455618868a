/** / : hero, stats, three service cards, carousel, FAQ, Queensland areas, reviews and the closing CTA. */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { AreaGrid } from '../components/area-grid.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { Icon } from '../components/icon.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { buildLocalBusiness } from '../components/local-business.ts';
import { formatOpeningHours } from '../components/opening-hours.ts';
import { Picture } from '../components/picture.tsx';
import { Prose } from '../components/prose.tsx';
import { ReviewsSection } from '../components/reviews-section.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { ServiceCard } from '../components/service-card.tsx';
import { StatList } from '../components/stat-list.tsx';
import { PageLayout } from '../layout/page-layout.tsx';
import { FaqAccordion } from '../widgets/faq-accordion.tsx';
import { TestimonialCarousel } from '../widgets/testimonial-carousel.tsx';
import { phoneText, telHref } from '../components/phone.ts';

export function HomePage(props: TemplateProps<Page>): ReactElement {
  const { entry: page, content } = props;
  const hero = page.hero ?? { heading: page.title, text: page.intro ?? page.description };
  const heroImage = hero.image ?? content.site.defaultImage;
  const stats = content.stats.filter((stat) => stat.group === 'home');
  const cards = content.serviceCards.filter((card) => card.group === 'home');
  const faqs = content.faqs.filter((faq) => faq.showOnHome);
  const areas = content.locations.filter((location) => location.featured);
  const business = buildLocalBusiness(props);
  return (
    <PageLayout page={props} head={<JsonLd data={business} />}>
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container home-hero__inner">
          <div className="home-hero__text">
            <p className="eyebrow eyebrow--light">{content.site.tagline}</p>
            <h1 id="home-title" className="home-hero__title">{hero.heading}</h1>
            <p className="home-hero__lead">{hero.text}</p>
            <div className="button-row">
              {/* The quote first: on a phone it is the one button above the fold. */}
              <a className="button button--accent button--large" href={props.href('/contact')}>Free Quote<Icon name="arrow" /></a>
              <a className="button button--ghost button--large" href={props.href('/services')}>Explore Services</a>
            </div>
            {page.intro && <p className="home-hero__note"><Icon name="shield" />{page.intro}</p>}
          </div>
          <div className="home-hero__media">
            <Picture image={props.image(heroImage.src)} alt={heroImage.alt} sizes="(min-width: 64em) 36rem, (min-width: 48em) 90vw, 100vw" priority className="home-hero__picture" />
          </div>
        </div>
      </section>

      <section className="stats-strip" aria-label={`${content.site.logoText ?? content.site.name} in numbers`}>
        <div className="container">
          <StatList stats={stats} className="stat-list--strip" />
        </div>
      </section>

      <section className="section" aria-labelledby="home-services">
        <div className="container">
          <SectionHeading id="home-services" eyebrow="What we do" title="Commercial cleaning built around your business" intro="Three things every client gets from us: a reliable regular clean, specialist know-how for sensitive environments and a greener way of working." align="center" />
          <div className="card-grid card-grid--3">
            {cards.map((card) => <ServiceCard key={card.file} page={props} card={card} />)}
          </div>
          <p className="section__more"><a className="text-link" href={props.href('/services')}>See all our cleaning services<Icon name="arrow" /></a></p>
        </div>
      </section>

      {page.html.trim() && (
        <section className="section section--tint" aria-label="Why choose us">
          <div className="container split">
            <Prose html={page.html} className="split__main" />
            <aside className="split__aside promise-card" aria-labelledby="home-talk">
              <Icon name="phone" className="promise-card__icon" />
              <h3 id="home-talk">Talk to a local team</h3>
              <p>Call us for pricing or to book a free walk-through of your premises.</p>
              <p className="promise-card__phone"><a href={telHref(content.site)}>{phoneText(content.site)}</a></p>
              <p className="promise-card__hours">{formatOpeningHours(content.site)}</p>
              <a className="button button--primary" href={props.href('/contact')}>Contact Us</a>
            </aside>
          </div>
        </section>
      )}

      <section className="section" aria-labelledby="home-testimonials">
        <div className="container">
          <SectionHeading id="home-testimonials" eyebrow="Testimonials" title="What our clients say" align="center" />
          <TestimonialCarousel label="Client testimonials" items={content.testimonials} />
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="home-faq">
        <div className="container narrow">
          <SectionHeading id="home-faq" eyebrow="FAQ" title="Frequently asked questions" align="center" />
          <FaqAccordion id="home-faq-list" items={faqs.map((faq) => ({ question: faq.question, html: faq.html }))} />
          <p className="section__more section__more--center"><a className="text-link" href={props.href('/faq')}>Read all frequently asked questions<Icon name="arrow" /></a></p>
        </div>
      </section>

      <section className="section" aria-labelledby="home-areas">
        <div className="container">
          <SectionHeading id="home-areas" eyebrow="Service areas" title="Cleaning businesses across Queensland" intro="Local teams across South East Queensland and the state's major regional centres. Choose your area to see the services we provide there." align="center" />
          <AreaGrid page={props} locations={areas} />
        </div>
      </section>

      <ReviewsSection page={props} testimonials={content.testimonials} variant="summary" title="Rated five stars by the businesses we clean for" />

      {page.cta && <CtaBand page={props} cta={page.cta} />}
    </PageLayout>
  );
}
