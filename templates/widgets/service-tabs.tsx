import type { ReactElement } from 'react';
import type { ServiceCard } from '../model/schemas.ts';

type TabValue = 'commercial' | 'renovations' | 'specialtyServices';

export interface ServiceTabsProps {
  label: string;
  tabs: Array<{ value: TabValue; label: string; cards: ServiceCard[] }>;
  defaultValue: TabValue;
  /** Prefix of the element ids; unique per page. */
  id?: string;
  /** Heading level of each panel's heading (cards use the next level). */
  headingLevel?: 2 | 3;
}

/**
 * The tabbed service area, the APG tabs pattern. The markup stacks every
 * panel under its own heading, with the tab list hidden; client/tabs.ts shows
 * the tab list, adds the tab roles and shows one panel at a time.
 */
export function ServiceTabs({ label, tabs, defaultValue, id = 'service-tabs', headingLevel = 3 }: ServiceTabsProps): ReactElement {
  const PanelHeading = headingLevel === 2 ? 'h2' : 'h3';
  const CardHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <div className="tabs" data-tabs="" data-default={defaultValue} id={id}>
      <div className="tabs__list" data-tabs-list="" data-label={label} hidden>
        {tabs.map((tab) => (
          <button key={tab.value} type="button" className="tabs__tab" id={`${id}-tab-${tab.value}`} aria-controls={`${id}-panel-${tab.value}`} data-tab={tab.value}>
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <section key={tab.value} className="tabs__panel" id={`${id}-panel-${tab.value}`} aria-labelledby={`${id}-heading-${tab.value}`} data-tab-panel={tab.value}>
          <PanelHeading className="tabs__heading" id={`${id}-heading-${tab.value}`}>{tab.label}</PanelHeading>
          <div className="tabs__cards">
            {tab.cards.map((card) => (
              <article className="tabs__card" key={card.file}>
                <CardHeading className="tabs__card-title">{card.title}</CardHeading>
                <p>{card.description}</p>
                <ul className="tabs__features">{card.features.map((feature) => <li key={feature}>{feature}</li>)}</ul>
              </article>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
