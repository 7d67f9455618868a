import type { ReactElement } from 'react';

export interface FaqAccordionProps {
  /** Unique per page, used for element ids. */
  id: string;
  items: Array<{ question: string; /** Answer HTML (already rendered from Markdown and escaped). */ html: string }>;
  /** Heading level of each question. */
  headingLevel?: 2 | 3;
}

/** STUB: replaced by the widgets work (accordion pattern). */
export function FaqAccordion({ id, items }: FaqAccordionProps): ReactElement {
  return (
    <div className="accordion" data-accordion="" id={id}>
      {items.map((item, index) => (
        <div key={index}>
          <h3>{item.question}</h3>
          <div dangerouslySetInnerHTML={{ __html: item.html }} />
        </div>
      ))}
    </div>
  );
}
