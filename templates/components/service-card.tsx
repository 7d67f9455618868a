/** A service summary card: icon, title, description, bullets and a link. */
import type { ReactElement } from 'react';
import type { ServiceCard as ServiceCardEntry } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { CheckList } from './check-list.tsx';
import { Icon } from './icon.tsx';

export function ServiceCard({ page, card }: { page: TemplateProps<unknown>; card: ServiceCardEntry }): ReactElement {
  return (
    <article className="service-card">
      <span className="service-card__icon"><Icon name={card.icon ?? 'sparkle'} /></span>
      <h3 className="service-card__title">{card.title}</h3>
      <p>{card.description}</p>
      <CheckList items={card.features} />
      {card.link && (
        <a className="text-link service-card__link" href={page.href(card.link)}>
          Learn more<span className="visually-hidden"> about {card.title}</span>
          <Icon name="arrow" />
        </a>
      )}
    </article>
  );
}
