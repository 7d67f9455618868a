/**
 * A JSON Feed 1.1 (https://jsonfeed.org/version/1.1) as text: the same
 * description as the Atom feed, serialised by JSON.stringify, which escapes
 * whatever content holds.
 */
import { feedDate, feedUrl, type FeedOptions } from './feed-types.ts';

export function jsonFeed(options: FeedOptions): string {
  const url = (path: string) => feedUrl(options.baseUrl, path);
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: options.title,
    home_page_url: url(options.homePath),
    feed_url: url(options.feedPath),
    ...(options.description ? { description: options.description } : {}),
    ...(options.language ? { language: options.language } : {}),
    authors: [{ name: options.author.name, ...(options.author.url ? { url: url(options.author.url) } : {}) }],
    items: options.items.map((item) => ({
      id: url(item.path),
      url: url(item.path),
      title: item.title,
      ...(item.summary ? { summary: item.summary } : {}),
      // JSON Feed wants content_html or content_text on every item.
      ...(item.contentHtml ? { content_html: item.contentHtml } : { content_text: item.summary ?? item.title }),
      ...(item.image ? { image: url(item.image) } : {}),
      date_published: feedDate(item.published, options.utcOffsetHours),
      ...(item.updated ? { date_modified: feedDate(item.updated, options.utcOffsetHours) } : {}),
      ...(item.tags && item.tags.length > 0 ? { tags: [...item.tags] } : {}),
    })),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}
