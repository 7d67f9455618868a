/** Long-form pages: a contents list beside titled sections, each with an icon, Markdown and optional ticks. */
import type { ReactElement } from 'react';
import type { Section } from '../model/schemas.ts';
import { CheckList } from './check-list.tsx';
import { Icon } from './icon.tsx';
import { Prose } from './prose.tsx';

export function ArticleSections({ sections, itemsTitle = 'Checklist' }: { sections: Section[]; itemsTitle?: string }): ReactElement {
  return (
    <div className="container article">
      <nav className="article__toc" aria-labelledby="toc-title">
        <h2 className="article__toc-title" id="toc-title">On this page</h2>
        <ol>
          {sections.map((section) => <li key={section.id}><a href={`#${section.id}`}>{section.title}</a></li>)}
        </ol>
      </nav>
      <div className="article__body">
        {sections.map((section) => (
          <section className="article__section" id={section.id} key={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 className="article__title" id={`${section.id}-title`}>
              <span className="article__icon"><Icon name={section.icon ?? 'sparkle'} /></span>
              {section.title}
            </h2>
            <Prose html={section.html} />
            {section.items && section.items.length > 0 && (
              <div className="tip-box">
                <h3>{itemsTitle}</h3>
                <CheckList items={section.items} />
              </div>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
