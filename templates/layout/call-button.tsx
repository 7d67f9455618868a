/** The fixed floating call button on every page: the phone number as a tel: link, in its own landmark. */
import type { ReactElement } from 'react';
import type { Site } from '../model/schemas.ts';
import { Icon } from '../components/icon.tsx';
import { phoneText, telHref } from '../components/phone.ts';

export function CallButton({ site }: { site: Site }): ReactElement {
  return (
    <aside aria-label="Call us">
      <a className="call-button" href={telHref(site)} aria-label={`Call ${site.name} on ${site.phone.display}`}>
        <Icon name="phone" className="call-button__icon" />
        <span className="call-button__number">{phoneText(site)}</span>
      </a>
    </aside>
  );
}
