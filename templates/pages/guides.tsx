/**
 * The Guides listing pages (/guides, /guides/page/2, ...), each topic's page
 * (/guides/topics/<topic>) and the topics index (/guides/topics). Everything
 * shown comes from the route's data (model/guides.ts).
 */
import type { ReactElement } from 'react';
import { Breadcrumbs, buildBreadcrumbList, type Crumb } from '../components/breadcrumbs.tsx';
import { GuideCard } from '../components/guide-card.tsx';
import { GuidesHead } from '../components/guides-head.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { PageLayout } from '../layout/page-layout.tsx';
import { GUIDES } from '../model/guide-paths.ts';
import type { GuideCard as Card, GuidesData } from '../model/guides.ts';
import type { TemplateProps } from '../model/props.ts';

export function GuidesPage(props: TemplateProps<null>): ReactElement {
  const data = props.route.data!.guides!;
  const crumbs: Crumb[] = [{ label: 'Home', path: '/' }, { label: 'Guides', path: GUIDES.base }];
  if (props.route.path !== GUIDES.base) crumbs.push({ label: data.kind === 'topic' ? data.name : data.kind === 'topics' ? 'Topics' : `Page ${data.kind === 'listing' ? data.number : ''}`, path: props.route.path });
  return (
    <PageLayout page={props} head={<><GuidesHead page={props} /><JsonLd data={buildBreadcrumbList(props, crumbs)} /></>}>
      <PageHero title={props.route.title} intro={introOf(data)} eyebrow="Resources · Guides" before={<Breadcrumbs page={props} crumbs={crumbs} />} />
      <div className="section">
        <div className="container">
          {data.kind === 'listing' || data.kind === 'topic' ? <CardGrid page={props} items={data.items} /> : null}
          {data.kind === 'listing' ? <Pager page={props} data={data} /> : null}
          {data.kind === 'topics' ? <TopicIndex page={props} topics={data.topics} /> : null}
          <p className="guides-more">
            {data.kind === 'topics' ? null : <a className="text-link" href={props.href(GUIDES.topics)}>Browse guides by topic</a>}
            {' '}<a className="text-link" href={props.href(GUIDES.feeds.atom)}>Subscribe to new guides (Atom feed)</a>
          </p>
        </div>
      </div>
    </PageLayout>
  );
}

function introOf(data: GuidesData): string {
  if (data.kind === 'topic') return `Guides on ${data.name.toLowerCase()}, newest first.`;
  if (data.kind === 'topics') return 'Pick a topic to see every guide that covers it.';
  return 'Practical advice for Queensland facility and office managers on schedules, contracts, safety, floors and the seasons.';
}

function CardGrid({ page, items }: { page: TemplateProps<unknown>; items: Card[] }): ReactElement {
  if (items.length === 0) return <p>No guides have been published yet.</p>;
  return (
    <ul className="guide-grid">
      {items.map((card, index) => <li key={card.path}><GuideCard page={page} card={card} eager={index < 3} /></li>)}
    </ul>
  );
}

function Pager({ page, data }: { page: TemplateProps<unknown>; data: Extract<GuidesData, { kind: 'listing' }> }): ReactElement | null {
  if (data.total === 1) return null;
  return (
    <nav className="pager" aria-label="Guides pages">
      {data.previous ? <a className="button button--outline" rel="prev" href={page.href(data.previous)}>Newer guides</a> : <span />}
      <p className="pager__status">Page {data.number} of {data.total}</p>
      {data.next ? <a className="button button--outline" rel="next" href={page.href(data.next)}>Older guides</a> : <span />}
    </nav>
  );
}

function TopicIndex({ page, topics }: { page: TemplateProps<unknown>; topics: Array<{ name: string; path: string; count: number }> }): ReactElement {
  return (
    <ul className="topic-index">
      {topics.map((topic) => (
        <li key={topic.path}><a className="list-card topic-index__link" href={page.href(topic.path)}>{topic.name} <span className="topic-index__count">{topic.count} {topic.count === 1 ? 'guide' : 'guides'}</span></a></li>
      ))}
    </ul>
  );
}
