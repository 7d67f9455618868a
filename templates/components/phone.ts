/** The phone number as links show it: a tel: URL and the display text with non-breaking spaces (it never wraps mid-number). */
import type { Site } from '../model/schemas.ts';

export function telHref(site: Site): string {
  return `tel:${site.phone.e164}`;
}

export function phoneText(site: Site): string {
  return site.phone.display.replace(/ /g, '\u00a0');
}
