/**
 * A feed of a collection, written as Atom (atom-feed.ts) or JSON Feed
 * (json-feed.ts) from the same description. Paths are site paths, made
 * absolute from the base URL; days are dated in the site's time zone.
 */
import { toAbsoluteUrl } from '../core/urls.ts';

export interface FeedItem {
  /** Site path (`/guides/floor-care`) or absolute URL of the item's page. */
  path: string;
  title: string;
  /** Plain text. */
  summary?: string;
  /** The item's HTML (escaped into the feed, never passed through as markup). */
  contentHtml?: string;
  /** A day (YYYY-MM-DD, or a Date as YAML reads one): the item's date in the site's time zone. */
  published: string | Date;
  updated?: string | Date;
  /** Site path or absolute URL of an image. */
  image?: string;
  tags?: readonly string[];
}

export interface FeedOptions {
  title: string;
  description?: string;
  /** Absolute site URL (https://www.example.com). */
  baseUrl: string;
  /** Site path of the page the feed is about: `/guides`. */
  homePath: string;
  /** Site path of the feed itself: `/guides/feed.xml`. */
  feedPath: string;
  /** The site's time zone, as `utcOffsetHours` in its declaration. */
  utcOffsetHours: number;
  /** Language tag (en-AU). */
  language?: string;
  author: { name: string; url?: string };
  /** Newest first is what readers expect; the order given is kept. */
  items: readonly FeedItem[];
}

/** An absolute URL for a site path; an absolute http(s) URL as it is. */
export function feedUrl(baseUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return new URL(pathOrUrl).href;
  if (!pathOrUrl.startsWith('/')) throw new RangeError(`feed: "${pathOrUrl}" is neither a site path nor an http(s) URL`);
  return toAbsoluteUrl(baseUrl, pathOrUrl);
}

/** `2026-11-20` at midnight in the site's time zone, as RFC 3339: `2026-11-20T00:00:00+10:00`. */
export function feedDate(day: string | Date, utcOffsetHours: number): string {
  const text = day instanceof Date ? day.toISOString().slice(0, 10) : day;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) throw new RangeError(`feed: "${String(day)}" is not a day (YYYY-MM-DD)`);
  const sign = utcOffsetHours < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(utcOffsetHours) * 60);
  const offset = `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${text}T00:00:00${offset}`;
}

/** The newest of the items' dates (updated, else published), or `fallback` for an empty feed. */
export function newestDate(items: readonly FeedItem[], fallback: string | Date): string | Date {
  const days = items.map((item) => item.updated ?? item.published).map((day) => (day instanceof Date ? day.toISOString().slice(0, 10) : day));
  return days.sort().at(-1) ?? fallback;
}
