/** /how-it-works : the steps from first call to ongoing quality checks. */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { CtaBand } from '../components/cta-band.tsx';
import { Icon } from '../components/icon.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { HeroPicture } from '../components/hero-picture.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export function HowItWorksPage(props: TemplateProps<Page>): ReactElement {
  const { entry: page } = props;
  const steps = page.sections ?? [];
  return (
    <PageLayout page={props}>
      <PageHero
        title={page.title}
        intro={page.intro}
        eyebrow="Our process"
        media={page.image && <HeroPicture image={props.image(page.image.src)} alt={page.image.alt} />}
      >
        <div className="button-row">
          <a className="button button--accent" href={props.href('/contact')}>Get Your Free Quote</a>
        </div>
      </PageHero>
      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <SectionHeading id="steps-title" eyebrow={`${steps.length} simple steps`} title="From your first call to a consistently clean workplace" align="center" />
          <ol className="steps">
            {steps.map((step, index) => (
              <li className="step" key={step.id} id={step.id}>
                <span className="step__number" aria-hidden="true">{index + 1}</span>
                <span className="step__icon"><Icon name={step.icon ?? 'check'} /></span>
                <h3 className="step__title"><span className="visually-hidden">Step {index + 1}: </span>{step.title}</h3>
                <Prose html={step.html} />
              </li>
            ))}
          </ol>
        </div>
      </section>
      {page.html.trim() && <section className="section section--tint"><div className="container narrow"><Prose html={page.html} /></div></section>}
      {page.cta && <CtaBand page={props} cta={page.cta} />}
    </PageLayout>
  );
}
