/** /gallery (Projects): twelve project images with title and category, and a chat CTA. */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { CtaBand } from '../components/cta-band.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { PageLayout } from '../layout/page-layout.tsx';
import { GalleryGrid } from '../widgets/gallery-grid.tsx';

export function GalleryPage(props: TemplateProps<Page>): ReactElement {
  const { entry: page, content } = props;
  const items = content.gallery.map((item) => ({
    title: item.title,
    category: item.category,
    alt: item.image.alt,
    image: props.image(item.image.src),
  }));
  return (
    <PageLayout page={props}>
      <PageHero title={page.title} intro={page.intro} eyebrow="Projects" />
      <section className="section" aria-label="Project gallery">
        <div className="container">
          <GalleryGrid items={items} sizes="(min-width: 64em) 24rem, (min-width: 48em) 50vw, 100vw" priorityFirst />
          {page.html.trim() && <Prose html={page.html} className="narrow" />}
        </div>
      </section>
      {page.cta && <CtaBand page={props} cta={page.cta} />}
    </PageLayout>
  );
}
