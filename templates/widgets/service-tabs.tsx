import type { ReactElement } from 'react';
import type { ServiceCard } from '../../src/content/schemas.ts';

export interface ServiceTabsProps {
  label: string;
  tabs: Array<{ value: 'commercial' | 'renovations' | 'specialtyServices'; label: string; cards: ServiceCard[] }>;
  defaultValue: 'commercial' | 'renovations' | 'specialtyServices';
}

/** STUB: replaced by the widgets work (tabs pattern). */
export function ServiceTabs({ label, tabs }: ServiceTabsProps): ReactElement {
  return (
    <div className="tabs" data-tabs="" aria-label={label}>
      {tabs.map((tab) => (
        <section key={tab.value} id={`tab-${tab.value}`}>
          <h3>{tab.label}</h3>
          {tab.cards.map((card) => <article key={card.file}><h4>{card.title}</h4><p>{card.description}</p><ul>{card.features.map((f) => <li key={f}>{f}</li>)}</ul></article>)}
        </section>
      ))}
    </div>
  );
}
