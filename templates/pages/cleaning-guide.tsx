/** /cleaning-guide : breadcrumb Home > Cleaning Guide; office, medical, retail and eco-friendly sections. */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { ArticleSections } from '../components/article-sections.tsx';
import { Breadcrumbs, buildBreadcrumbList, type Crumb } from '../components/breadcrumbs.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export function CleaningGuidePage(props: TemplateProps<Page>): ReactElement {
  const { entry: page, route } = props;
  const home = props.routes.find((candidate) => candidate.path === '/');
  const crumbs: Crumb[] = [
    { label: home?.navLabel ?? 'Home', path: '/' },
    { label: route.navLabel, path: route.path },
  ];
  return (
    <PageLayout page={props} head={<JsonLd data={buildBreadcrumbList(props, crumbs)} />}>
      <PageHero title={page.title} intro={page.intro} eyebrow="Best-practice guide" before={<Breadcrumbs page={props} crumbs={crumbs} />} />
      <div className="section">
        <ArticleSections sections={page.sections ?? []} />
      </div>
      {page.cta && <CtaBand page={props} cta={page.cta} />}
    </PageLayout>
  );
}
