/**
 * Drafts and scheduled entries, as Hugo has them: an entry with
 * `draft: true` or a `publishDate` after the build date (in the site's
 * time zone, SOURCE_DATE_EPOCH respected) is left out of the content
 * before anything is routed, so no page, listing, term page, feed or site
 * map can show it. Watch keeps drafts (their pages are marked, see
 * Route.draft) unless told not to; a scheduled entry stays out until its day.
 */
import type { Content } from '../content/entry-types.ts';

export interface PublishOptions {
  /** ISO date (YYYY-MM-DD) of the build. */
  buildDate: string;
  /** Keep `draft: true` entries (watch, unless --no-drafts). */
  drafts: boolean;
}

export interface LeftOutEntry {
  file: string;
  reason: 'draft' | 'scheduled';
  /** For a scheduled entry, the day it will be published. */
  publishDate?: string;
}

/** The day a `publishDate` value names: a Date (as YAML reads 2026-12-01) or text starting YYYY-MM-DD. */
function dayOf(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  return undefined;
}

function leftOut(entry: unknown, options: PublishOptions): LeftOutEntry | undefined {
  if (entry === null || typeof entry !== 'object') return undefined;
  const { file, draft, publishDate } = entry as { file?: unknown; draft?: unknown; publishDate?: unknown };
  if (typeof file !== 'string') return undefined;
  if (draft === true && !options.drafts) return { file, reason: 'draft' };
  const day = dayOf(publishDate);
  if (day !== undefined && day > options.buildDate) return { file, reason: 'scheduled', publishDate: day };
  return undefined;
}

/** The content without the entries that are not to be published, and which ones those were. */
export function publishedContent(content: Content, options: PublishOptions): { content: Content; leftOut: LeftOutEntry[] } {
  const left: LeftOutEntry[] = [];
  const published: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(content)) {
    if (!Array.isArray(value)) {
      published[name] = value;
      continue;
    }
    const before = left.length;
    const kept = value.filter((entry) => {
      const out = leftOut(entry, options);
      if (out) left.push(out);
      return !out;
    });
    // The same list when nothing was left out: unit values and patches compare by identity.
    published[name] = left.length === before ? value : kept;
  }
  return { content: left.length === 0 ? content : (published as Content), leftOut: left };
}

/** "2 entries left out: 1 draft, 1 scheduled (content/guides/x.md on 2026-12-01)", or undefined. */
export function describeLeftOut(left: readonly LeftOutEntry[]): string | undefined {
  if (left.length === 0) return undefined;
  const drafts = left.filter((entry) => entry.reason === 'draft').length;
  const scheduled = left.filter((entry) => entry.reason === 'scheduled');
  const parts = [
    ...(drafts > 0 ? [`${drafts} draft${drafts === 1 ? '' : 's'}`] : []),
    ...(scheduled.length > 0 ? [`${scheduled.length} scheduled (${scheduled.map((entry) => `${entry.file} on ${entry.publishDate}`).join(', ')})`] : []),
  ];
  return `${left.length} ${left.length === 1 ? 'entry' : 'entries'} left out: ${parts.join(', ')}`;
}
