/** /faq : all eight questions in the accordion (answers are in the HTML without JavaScript). */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { CtaBand } from '../components/cta-band.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { PageLayout } from '../layout/page-layout.tsx';
import { FaqAccordion } from '../widgets/faq-accordion.tsx';

export function FaqPage(props: TemplateProps<Page>): ReactElement {
  const { entry: page, content } = props;
  return (
    <PageLayout page={props}>
      <PageHero title={page.title} intro={page.intro} eyebrow="FAQ" />
      <section className="section" aria-label="Questions and answers">
        <div className="container narrow">
          <FaqAccordion id="faq-list" headingLevel={2} items={content.faqs.map((faq) => ({ question: faq.question, html: faq.html }))} />
          {page.html.trim() && <Prose html={page.html} />}
        </div>
      </section>
      {page.cta && <CtaBand page={props} cta={page.cta} />}
    </PageLayout>
  );
}
