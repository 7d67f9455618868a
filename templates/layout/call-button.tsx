/** The fixed floating call button on every page: the phone number as a tel: link. */
import type { ReactElement } from 'react';
import type { Site } from '../../src/content/schemas.ts';
import { Icon } from '../components/icon.tsx';

export function CallButton({ site }: { site: Site }): ReactElement {
  return (
    <a className="call-button" href={`tel:${site.phone.e164}`}>
      <Icon name="phone" className="call-button__icon" />
      <span className="visually-hidden">Call {site.name} on </span>
      <span className="call-button__number">{site.phone.display}</span>
    </a>
  );
}
