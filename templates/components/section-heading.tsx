/** A section's h2 with an optional eyebrow and lead, in one consistent style. */
import type { ReactElement, ReactNode } from 'react';

export interface SectionHeadingProps {
  id: string;
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  align?: 'start' | 'center';
}

export function SectionHeading({ id, title, eyebrow, intro, align = 'start' }: SectionHeadingProps): ReactElement {
  return (
    <div className={align === 'center' ? 'section-heading section-heading--center' : 'section-heading'}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{title}</h2>
      {intro && <p className="section-heading__intro">{intro}</p>}
    </div>
  );
}
