/** /resources/commercial-cleaning-guide : getting started, the cleaning process and more. */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { ArticleSections } from '../components/article-sections.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export function GuidePage(props: TemplateProps<Page>): ReactElement {
  const { entry: page } = props;
  return (
    <PageLayout page={props}>
      <PageHero title={page.title} intro={page.intro} eyebrow="Resources · Guide" />
      <div className="section">
        {page.html.trim() && <div className="container narrow"><Prose html={page.html} /></div>}
        <ArticleSections sections={page.sections ?? []} itemsTitle="Before you sign" />
      </div>
      {page.cta && <CtaBand page={props} cta={page.cta} />}
    </PageLayout>
  );
}
