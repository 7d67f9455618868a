/**
 * The call bar, last in every page: on phones a bar along the bottom of the
 * window with the phone number and a quote link (so the first screen always
 * offers both), from the medium width a pill with the number. It is sticky,
 * not fixed: at the end of the page it takes its own place below the footer,
 * so it never covers the last lines; in short windows and in print it stays
 * in the flow (modes.css).
 */
import type { ReactElement } from 'react';
import type { Site } from '../model/schemas.ts';
import { Icon } from '../components/icon.tsx';
import { phoneText, telHref } from '../components/phone.ts';

export function CallButton({ site, quoteUrl }: { site: Site; quoteUrl: string }): ReactElement {
  return (
    <aside className="call-bar" aria-label="Call us">
      <a className="call-button" href={telHref(site)} aria-label={`Call ${site.name} on ${site.phone.display}`}>
        <Icon name="phone" className="call-button__icon" />
        <span className="call-button__number">{phoneText(site)}</span>
      </a>
      <a className="call-bar__quote" href={quoteUrl}><span className="call-bar__free">Free </span>Quote</a>
    </aside>
  );
}
