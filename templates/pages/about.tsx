/** /about : the company story, four stats with icons, three values and a CTA. */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { CtaBand } from '../components/cta-band.tsx';
import { Icon } from '../components/icon.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { StatList } from '../components/stat-list.tsx';
import { HeroPicture } from '../components/hero-picture.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export function AboutPage(props: TemplateProps<Page>): ReactElement {
  const { entry: page, content } = props;
  const stats = content.stats.filter((stat) => stat.group === 'about');
  const values = page.sections ?? [];
  return (
    <PageLayout page={props}>
      <PageHero
        title={page.title}
        intro={page.intro}
        eyebrow="About us"
        media={page.image && <HeroPicture image={props.image(page.image.src)} alt={page.image.alt} />}
      />
      <section className="section" aria-labelledby="about-story">
        <div className="container narrow">
          <h2 id="about-story">Our story</h2>
          <Prose html={page.html} className="prose--story" />
        </div>
      </section>
      <section className="section section--dark" aria-labelledby="about-numbers">
        <div className="container">
          <SectionHeading id="about-numbers" eyebrow="By the numbers" title="Trusted by Queensland workplaces" align="center" />
          <StatList stats={stats} className="stat-list--cards" />
        </div>
      </section>
      {values.length > 0 && (
        <section className="section" aria-labelledby="about-values">
          <div className="container">
            <SectionHeading id="about-values" eyebrow="What we stand for" title="Our values" align="center" />
            <div className="card-grid card-grid--3">
              {values.map((value) => (
                <article className="value-card" key={value.id} id={value.id}>
                  <span className="value-card__icon"><Icon name={value.icon ?? 'check-circle'} /></span>
                  <h3>{value.title}</h3>
                  <Prose html={value.html} />
                </article>
              ))}
            </div>
          </div>
        </section>
      )}
      {page.cta && <CtaBand page={props} cta={page.cta} />}
    </PageLayout>
  );
}
