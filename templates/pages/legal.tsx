/** /privacy and /terms : long legal text with the build date as "Last updated". */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { formatLongDate } from '../components/format-date.ts';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export function LegalPage(props: TemplateProps<Page>): ReactElement {
  const { entry: page, buildDate } = props;
  return (
    <PageLayout page={props}>
      <PageHero title={page.title} intro={page.intro} eyebrow="Legal">
        <p className="page-hero__meta">Last updated: <time dateTime={buildDate}>{formatLongDate(buildDate)}</time></p>
      </PageHero>
      <div className="section">
        <div className="container narrow">
          <Prose html={page.html} className="prose--legal" />
        </div>
      </div>
    </PageLayout>
  );
}
