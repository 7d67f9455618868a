import type { ReactElement } from 'react';
import type { Site } from '../model/schemas.ts';
import { Icon } from './icon.tsx';
import { phoneText, telHref } from './phone.ts';

/** The two ways to ask for a quote, side by side: the contact page and a phone call. */
export function QuoteButtons({ contactUrl, site }: { contactUrl: string; site: Site }): ReactElement {
  return (
    <div className="button-row">
      <a className="button button--accent" href={contactUrl}>Get Your Free Quote</a>
      <a className="button button--outline" href={telHref(site)}><Icon name="phone" />{phoneText(site)}</a>
    </div>
  );
}
