import type { ReactElement } from 'react';

export interface FaqAccordionProps {
  /** Unique per page, used for element ids. */
  id: string;
  items: Array<{ question: string; /** Answer HTML (already rendered from Markdown and escaped). */ html: string }>;
  /** Heading level of each question. */
  headingLevel?: 2 | 3;
}

/**
 * FAQ list, the APG accordion pattern: each question is a button inside a
 * heading that controls a labelled region (a <section> named by its
 * question). The markup shows every answer;
 * client/accordion.ts collapses them and keeps at most one open.
 */
export function FaqAccordion({ id, items, headingLevel = 3 }: FaqAccordionProps): ReactElement {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="accordion" data-accordion="" id={id}>
      {items.map((item, index) => {
        const buttonId = `${id}-q${index + 1}`;
        const panelId = `${id}-a${index + 1}`;
        return (
          <div className="accordion__item" key={buttonId}>
            <Heading className="accordion__heading">
              <button type="button" className="accordion__trigger" id={buttonId} aria-controls={panelId} data-accordion-trigger="">
                <span className="accordion__question">{item.question}</span>
                <svg className="accordion__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M3 8h10" />
                  <path className="accordion__icon-vertical" d="M8 3v10" />
                </svg>
              </button>
            </Heading>
            <section className="accordion__panel" id={panelId} aria-labelledby={buttonId}>
              <div className="accordion__answer" dangerouslySetInnerHTML={{ __html: item.html }} />
            </section>
          </div>
        );
      })}
    </div>
  );
}
