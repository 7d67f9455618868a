/** /reviews : the home page's reviews section, in full. */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { CtaBand } from '../components/cta-band.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { ReviewsSection } from '../components/reviews-section.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export function ReviewsPage(props: TemplateProps<Page>): ReactElement {
  const { entry: page, content } = props;
  return (
    <PageLayout page={props}>
      <PageHero title={page.title} intro={page.intro} eyebrow="Testimonials" />
      <ReviewsSection page={props} testimonials={content.testimonials} variant="full" title="What Queensland businesses say about us" />
      {page.html.trim() && <div className="section"><div className="container narrow"><Prose html={page.html} /></div></div>}
      {page.cta && <CtaBand page={props} cta={page.cta} />}
    </PageLayout>
  );
}
