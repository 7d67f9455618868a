/**
 * An Atom 1.0 feed (RFC 4287) as text. Every value from content is escaped
 * for XML, characters XML 1.0 cannot hold are dropped, and HTML goes in
 * as escaped text (`type="html"`), so no entry can inject markup or break
 * the document.
 */
import { feedDate, feedUrl, newestDate, type FeedOptions } from './feed-types.ts';

/** Characters XML 1.0 does not allow at all (C0 controls but tab, newline, return; U+FFFE/F; lone surrogates). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or attribute value, escaped: & < > " ' all become references. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function atomFeed(options: FeedOptions & { updated?: string | Date }): string {
  const { utcOffsetHours: offset } = options;
  const url = (path: string) => escapeXml(feedUrl(options.baseUrl, path));
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom"${options.language ? ` xml:lang="${escapeXml(options.language)}"` : ''}>`,
    `<id>${url(options.homePath)}</id>`,
    `<title>${escapeXml(options.title)}</title>`,
    ...(options.description ? [`<subtitle>${escapeXml(options.description)}</subtitle>`] : []),
    `<updated>${feedDate(newestDate(options.items, options.updated ?? '1970-01-01'), offset)}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${url(options.feedPath)}"/>`,
    `<link rel="alternate" type="text/html" href="${url(options.homePath)}"/>`,
    `<author><name>${escapeXml(options.author.name)}</name>${options.author.url ? `<uri>${url(options.author.url)}</uri>` : ''}</author>`,
  ];
  for (const item of options.items) {
    lines.push(
      '<entry>',
      `<id>${url(item.path)}</id>`,
      `<title type="text">${escapeXml(item.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${url(item.path)}"/>`,
      `<published>${feedDate(item.published, offset)}</published>`,
      `<updated>${feedDate(item.updated ?? item.published, offset)}</updated>`,
      ...(item.summary ? [`<summary type="text">${escapeXml(item.summary)}</summary>`] : []),
      ...(item.contentHtml ? [`<content type="html">${escapeXml(item.contentHtml)}</content>`] : []),
      ...(item.tags ?? []).map((tag) => `<category term="${escapeXml(tag)}"/>`),
      '</entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
