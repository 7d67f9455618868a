/** /resources/cleaning-checklist : Initial Assessment, Service Implementation, Ongoing Management. */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { CtaBand } from '../components/cta-band.tsx';
import { Icon } from '../components/icon.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export function ChecklistPage(props: TemplateProps<Page>): ReactElement {
  const { entry: page } = props;
  const stages = page.sections ?? [];
  return (
    <PageLayout page={props}>
      <PageHero title={page.title} intro={page.intro} eyebrow="Resources · Checklist" />
      <div className="section">
        <div className="container checklist">
          {stages.map((stage, index) => (
            <section className="checklist__stage" id={stage.id} key={stage.id} aria-labelledby={`${stage.id}-title`}>
              <header className="checklist__header">
                <span className="checklist__number" aria-hidden="true">{index + 1}</span>
                <div>
                  <p className="eyebrow">Stage {index + 1} of {stages.length}</p>
                  <h2 id={`${stage.id}-title`}>{stage.title}</h2>
                </div>
              </header>
              <Prose html={stage.html} />
              {stage.items && (
                <ul className="checklist__items">
                  {stage.items.map((item) => (
                    <li key={item}><span className="checklist__box" aria-hidden="true"><Icon name="check" /></span>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
        {page.html.trim() && <div className="container narrow"><Prose html={page.html} /></div>}
      </div>
      {page.cta && <CtaBand page={props} cta={page.cta} />}
    </PageLayout>
  );
}
