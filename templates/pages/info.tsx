/** /license and /insurance : static information pages. */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { CtaBand } from '../components/cta-band.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export function InfoPage(props: TemplateProps<Page>): ReactElement {
  const { entry: page } = props;
  return (
    <PageLayout page={props}>
      <PageHero title={page.title} intro={page.intro} eyebrow="Compliance" />
      <div className="section">
        <div className="container narrow">
          <Prose html={page.html} />
        </div>
      </div>
      {page.cta && <CtaBand page={props} cta={page.cta} />}
    </PageLayout>
  );
}
