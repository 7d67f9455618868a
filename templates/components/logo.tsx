/** The wordmark: a drop-and-sparkle mark beside the trading name from content/site.md. */
import type { ReactElement } from 'react';
import type { Site } from '../model/schemas.ts';

export function LogoMark(): ReactElement {
  return (
    <svg className="logo__mark" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#0b63b5" />
      <path d="M20 7c-5 6.5-9 11.3-9 16a9 9 0 0 0 18 0c0-4.7-4-9.5-9-16z" fill="#fff" />
      <path d="M15.5 24.5a5 5 0 0 0 4 4.4" fill="none" stroke="#0b63b5" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M30 5.5l1 2.7 2.7 1-2.7 1-1 2.7-1-2.7-2.7-1 2.7-1z" fill="#ffc533" />
    </svg>
  );
}

/** Splits "Riverbright Commercial Cleaning" into the bold logo text and the rest of the name. */
export function Logo({ site }: { site: Site }): ReactElement {
  const main = site.logoText ?? site.name;
  const rest = site.name.startsWith(main) ? site.name.slice(main.length).trim() : '';
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__text">
        <span className="logo__name">{main}</span>
        {rest && <span className="logo__rest"> {rest}</span>}
      </span>
    </span>
  );
}
