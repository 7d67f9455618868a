/** The closing call to action: a heading, a sentence, the quote button and the phone number. */
import type { ReactElement } from 'react';
import type { TemplateProps } from '../model/props.ts';
import { Icon } from './icon.tsx';
import { phoneText, telHref } from './phone.ts';

export interface CallToAction {
  title: string;
  text: string;
  label?: string;
}

export function CtaBand({ page, cta, id = 'call-to-action' }: { page: TemplateProps<unknown>; cta: CallToAction; id?: string }): ReactElement {
  const { site } = page.content;
  return (
    <section className="cta-band" aria-labelledby={id}>
      <div className="container cta-band__inner">
        <div className="cta-band__text">
          <h2 id={id}>{cta.title}</h2>
          <p>{cta.text}</p>
        </div>
        <div className="cta-band__actions">
          <a className="button button--accent button--large" href={page.href('/contact')}>
            {cta.label ?? 'Get Your Free Quote'}
            <Icon name="arrow" />
          </a>
          <p className="cta-band__phone">
            <Icon name="phone" />
            <span>or call <a href={telHref(site)}>{phoneText(site)}</a></span>
          </p>
        </div>
      </div>
    </section>
  );
}
