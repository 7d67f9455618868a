/**
 * The Guides feeds: Atom (/guides/feed.xml) and JSON Feed (/guides/feed.json),
 * written by the engine's atomFeed() and jsonFeed(), which escape every value
 * and make every link absolute from the base URL.
 */
import { atomFeed, jsonFeed, type FeedOptions } from 'cleansite';
import { GUIDES } from './model/guide-paths.ts';
import type { TemplateProps } from './model/props.ts';

function feedOptions(props: TemplateProps<null>, feedPath: string): FeedOptions {
  const data = props.route.data?.guides;
  if (data?.kind !== 'feed') throw new Error(`${props.route.path}: a feed route needs the feed's data`);
  return {
    title: `${props.content.site.name}: ${data.title}`, description: data.description, baseUrl: props.baseUrl,
    homePath: GUIDES.base, feedPath, utcOffsetHours: GUIDES.utcOffsetHours, language: props.lang,
    author: { name: props.content.site.name, url: '/' },
    items: data.items.map((item) => ({
      path: item.path, title: item.title, summary: item.summary, contentHtml: item.html, published: item.date,
      ...(item.updated ? { updated: item.updated } : {}), image: item.image, tags: item.topics,
    })),
  };
}

export const atomFeedTemplate = (props: TemplateProps<null>): string => atomFeed({ ...feedOptions(props, GUIDES.feeds.atom), updated: props.route.lastmod });
export const jsonFeedTemplate = (props: TemplateProps<null>): string => jsonFeed(feedOptions(props, GUIDES.feeds.json));
