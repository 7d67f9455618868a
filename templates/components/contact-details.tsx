/** Phone, both e-mail addresses, the social link and office hours, all from content/site.md. */
import type { ReactElement } from 'react';
import type { Site } from '../model/schemas.ts';
import { Icon, hasIcon } from './icon.tsx';
import { formatOpeningHours } from './opening-hours.ts';
import { phoneText, telHref } from './phone.ts';

export function ContactDetails({ site, className = 'contact-details' }: { site: Site; className?: string }): ReactElement {
  const socialIcon = site.social.label.toLowerCase();
  return (
    <ul className={className}>
      <li>
        <Icon name="phone" />
        <a href={telHref(site)}>{phoneText(site)}</a>
      </li>
      {site.emails.map((email) => (
        <li key={email}>
          <Icon name="mail" />
          <a href={`mailto:${email}`}>{email}</a>
        </li>
      ))}
      <li>
        <Icon name={hasIcon(socialIcon) ? socialIcon : 'globe'} />
        <a href={site.social.url} rel="noopener">{site.social.label}</a>
      </li>
      <li>
        <Icon name="clock" />
        <span>{formatOpeningHours(site)}</span>
      </li>
    </ul>
  );
}
