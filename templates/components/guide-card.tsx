/** One guide in a listing: its picture, date, title (the link), summary and topics. */
import type { ReactElement } from 'react';
import type { GuideCard as Card } from '../model/guides.ts';
import type { TemplateProps } from '../model/props.ts';
import { formatLongDate } from './format-date.ts';
import { Picture } from './picture.tsx';

/** `eager`: the first row of cards (three across on a wide screen), above the fold; the rest load lazily. */
export function GuideCard({ page, card, eager }: { page: TemplateProps<unknown>; card: Card; eager: boolean }): ReactElement {
  return (
    <article className="guide-card">
      <Picture image={page.image(card.image.src)} alt={card.image.alt} sizes="(min-width: 64em) 22rem, (min-width: 48em) 45vw, 92vw" eager={eager} className="guide-card__picture" />
      <div className="guide-card__body">
        <p className="guide-card__date"><time dateTime={card.date}>{formatLongDate(card.date)}</time></p>
        <h2 className="guide-card__title"><a href={page.href(card.path)}>{card.title}</a></h2>
        <p className="guide-card__summary">{card.summary}</p>
        <TopicList page={page} topics={card.topics} />
      </div>
    </article>
  );
}

export function TopicList({ page, topics }: { page: TemplateProps<unknown>; topics: Array<{ name: string; path: string }> }): ReactElement {
  return (
    <ul className="topic-list">
      {topics.map((topic) => <li key={topic.path}><a className="topic-list__link" href={page.href(topic.path)}>{topic.name}</a></li>)}
    </ul>
  );
}
