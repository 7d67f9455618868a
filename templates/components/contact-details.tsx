/** Phone, both e-mail addresses, the street address, the social link and office hours, all from content/site.md. */
import type { ReactElement, ReactNode } from 'react';
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
          <a href={`mailto:${email}`}>{breakableEmail(email)}</a>
        </li>
      ))}
      {streetLine(site) && (
        <li>
          <Icon name="pin" />
          <span>{streetLine(site)}</span>
        </li>
      )}
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

/** "1 Example Street, Brisbane QLD 4000" when the site gives a street address; undefined without one. */
export function streetLine(site: Site): string | undefined {
  const { streetAddress, locality, region, postcode } = site.address;
  return streetAddress ? `${streetAddress}, ${locality} ${region}\u00a0${postcode}` : undefined;
}

/** An address may wrap only after its @ ("quotes@" / "example.com"), never inside a word. */
export function breakableEmail(email: string): ReactNode {
  const at = email.lastIndexOf('@');
  return <>{email.slice(0, at + 1)}<wbr />{email.slice(at + 1)}</>;
}
