/** The heading band at the top of every inner page: one h1, an optional lead and media. */
import type { ReactElement, ReactNode } from 'react';

export interface PageHeroProps {
  title: string;
  intro?: string;
  eyebrow?: string;
  /** Rendered above the heading, e.g. a breadcrumb or a back link. */
  before?: ReactNode;
  /** Rendered under the lead, e.g. buttons or a date. */
  children?: ReactNode;
  /** An image beside the text from the medium breakpoint up. */
  media?: ReactNode;
}

export function PageHero({ title, intro, eyebrow, before, children, media }: PageHeroProps): ReactElement {
  return (
    <header className={media ? 'page-hero page-hero--media' : 'page-hero'}>
      <div className="container page-hero__inner">
        <div className="page-hero__text">
          {before}
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h1 className="page-hero__title">{title}</h1>
          {intro && <p className="lead">{intro}</p>}
          {children}
        </div>
        {media && <div className="page-hero__media">{media}</div>}
      </div>
    </header>
  );
}
