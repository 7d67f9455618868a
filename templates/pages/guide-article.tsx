/** One guide: breadcrumb, title, date, picture, the article, its topics, BlogPosting data and the feeds. */
import type { ReactElement } from 'react';
import { buildBlogPosting } from '../components/blog-posting.ts';
import { Breadcrumbs, buildBreadcrumbList, type Crumb } from '../components/breadcrumbs.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { formatLongDate } from '../components/format-date.ts';
import { TopicList } from '../components/guide-card.tsx';
import { GuidesHead } from '../components/guides-head.tsx';
import { HeroPicture } from '../components/hero-picture.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { Prose } from '../components/prose.tsx';
import { PageLayout } from '../layout/page-layout.tsx';
import { dayText, GUIDES } from '../model/guide-paths.ts';
import type { Guide } from '../model/guides.ts';
import type { TemplateProps } from '../model/props.ts';

export function GuideArticlePage(props: TemplateProps<Guide>): ReactElement {
  const { entry: guide, route } = props;
  const data = route.data?.guides;
  const topics = data?.kind === 'article' ? data.topics : [];
  const crumbs: Crumb[] = [{ label: 'Home', path: '/' }, { label: 'Guides', path: GUIDES.base }, { label: guide.title, path: route.path }];
  const head = <><GuidesHead page={props} /><JsonLd data={buildBlogPosting(props)} /><JsonLd data={buildBreadcrumbList(props, crumbs)} /></>;
  return (
    <PageLayout page={props} head={head}>
      {route.draft && <p className="draft-banner" role="status">Draft: this guide is shown by watch only and left out of the published site.</p>}
      <PageHero title={guide.title} intro={guide.summary} eyebrow="Guide" before={<Breadcrumbs page={props} crumbs={crumbs} />}
        media={<HeroPicture image={props.image(guide.image)} alt={guide.imageAlt} />}>
        <p className="guide-meta">
          Published <time dateTime={dayText(guide.date)}>{formatLongDate(dayText(guide.date))}</time>
          {guide.updated && <>, updated <time dateTime={dayText(guide.updated)}>{formatLongDate(dayText(guide.updated))}</time></>}
        </p>
      </PageHero>
      <div className="section">
        <div className="container narrow">
          <Prose html={guide.html} />
          <h2 className="guide-topics__title">Topics</h2>
          <TopicList page={props} topics={topics} />
          <p className="guides-more"><a className="text-link" href={props.href(GUIDES.base)}>All cleaning guides</a></p>
        </div>
      </div>
      <CtaBand page={props} cta={{ title: 'Want a cleaning plan for your site?', text: 'Tell us about your premises and we will walk through it with you and put a scope and quote in writing.', label: 'Request a free quote' }} />
    </PageLayout>
  );
}
