/**
 * The Guides section: dated articles with topics under /guides, listed six
 * to a page (/guides, /guides/page/2, ...), one page per topic under
 * /guides/topics with an index of topics, and Atom and JSON feeds. Each
 * listing's route carries the cards it shows, so an edit to one guide
 * re-renders its own page and only the listings, topic pages and feeds
 * that show it. Drafts and scheduled guides never get here: the engine
 * leaves them out before routing (draft: true, publishDate).
 */
import { isoDate, paginate, slugify, taxonomy, termPath, z, type EntryOf, type GeneratedRoute, type ImageRef, type PageFields } from 'cleansite';
import { DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from './seo-limits.ts';
import { dayText, GUIDES } from './guide-paths.ts';

const text = z.string().trim().min(1, 'must not be empty');
const MAX_TOPIC_LENGTH = 40;
/** A day written YYYY-MM-DD, strictly (2026-02-30 is an error at its line), as that day's Date at 00:00 UTC. */
const day = isoDate();

export const guideSchema = z.strictObject({
  title: text,
  seoTitle: text.max(MAX_TITLE_LENGTH, `must be at most ${MAX_TITLE_LENGTH} characters (search results cut longer titles)`).optional(),
  description: z.string().trim()
    .min(DESCRIPTION_LENGTH.min, `must be at least ${DESCRIPTION_LENGTH.min} characters (search engines show ~155)`)
    .max(DESCRIPTION_LENGTH.max, `must be at most ${DESCRIPTION_LENGTH.max} characters (search results cut longer descriptions)`),
  date: day,
  updated: day.optional(),
  // A topic names its page ("Guides: <topic> | Riverbright"), which search results cut after 60 characters.
  topics: z.array(text.max(MAX_TOPIC_LENGTH, `a topic name must be at most ${MAX_TOPIC_LENGTH} characters (it titles the topic's page)`)
    // Its page's address is made from its letters a-z and digits: a name with none would have no page, and every link to it would break.
    .refine((name) => slugify(name) !== '', 'a topic name needs a letter a-z or a digit (its page\'s address is made from them)')).min(1, 'must list at least one topic'),
  summary: text,
  image: z.string().regex(/^\/images\/[A-Za-z0-9_./-]+\.(jpe?g|png|webp|avif)$/, 'must be a raster image under public/images/'),
  imageAlt: text,
  keywords: z.array(text).optional(),
  draft: z.boolean().optional(),
  publishDate: day.optional(),
}).superRefine((guide, context) => {
  // The page's <title> is the title (with the brand when it fits) unless seoTitle says otherwise.
  if (guide.seoTitle === undefined && guide.title.length > MAX_TITLE_LENGTH) {
    context.addIssue({ code: 'custom', path: ['title'], message: `must be at most ${MAX_TITLE_LENGTH} characters (search results cut longer titles), or add a seoTitle that is` });
  }
});

export type Guide = EntryOf<typeof guideSchema, { slug: 'file' }>;

export interface TopicLink { name: string; path: string }
export interface GuideCard { path: string; title: string; date: string; summary: string; image: ImageRef; topics: TopicLink[] }
export interface FeedEntry { path: string; title: string; date: string; updated?: string; summary: string; html: string; image: string; topics: string[] }

/** What each Guides route carries for its template. */
export type GuidesData =
  | { kind: 'article'; topics: TopicLink[] }
  | { kind: 'listing'; number: number; total: number; previous?: string; next?: string; items: GuideCard[] }
  | { kind: 'topic'; name: string; items: GuideCard[] }
  | { kind: 'topics'; topics: Array<TopicLink & { count: number }> }
  | { kind: 'feed'; title: string; description: string; items: FeedEntry[] };

const newestFirst = (guides: readonly Guide[]) => [...guides].sort((a, b) => b.date.getTime() - a.date.getTime() || a.title.localeCompare(b.title));
const topicLinks = (guide: Guide): TopicLink[] => guide.topics.map((name) => ({ name, path: termPath(GUIDES.topics, name) }));
const imageOf = (guide: Guide): ImageRef => ({ src: guide.image, alt: guide.imageAlt });
const cardOf = (guide: Guide): GuideCard => ({ path: `${GUIDES.base}/${guide.slug}`, title: guide.title, date: dayText(guide.date), summary: guide.summary, image: imageOf(guide), topics: topicLinks(guide) });
const lastChanged = (guide: Guide): Date => guide.updated ?? guide.date;
const newestDay = (guides: readonly Guide[], fallback: Date) => (guides.length > 0 ? new Date(Math.max(...guides.map((guide) => lastChanged(guide).getTime()))) : fallback);

/** Page fields for an article: its own page, titled by the site's rule (`pageFields` in routes.ts). */
export function articleData(guide: Guide): { data: GuidesData; updated: Date; image: ImageRef } {
  return { data: { kind: 'article', topics: topicLinks(guide) }, updated: lastChanged(guide), image: imageOf(guide) };
}

interface ListingPage {
  path: string; title: string; description: string; data: GuidesData; updated: Date;
  /** The file and field a problem of the page is reported against: a topic page's first guide and its topics, else the site file. */
  from?: { file: string; field: string };
}

/** The listing pages, the topic pages and their index, and the two feeds. */
export function guideListings(guides: readonly Guide[], fallback: Date): { pages: ListingPage[]; feeds: GeneratedRoute[] } {
  const sorted = newestFirst(guides);
  const updated = newestDay(guides, fallback);
  const listings = paginate(sorted.map(cardOf), { base: GUIDES.base, size: GUIDES.pageSize }).map((listing): ListingPage => ({
    path: listing.path,
    title: listing.number === 1 ? 'Cleaning Guides' : `Cleaning Guides, page ${listing.number} of ${listing.total}`,
    description: listing.number === 1
      ? 'Practical cleaning guides for Queensland facility and office managers: schedules, contracts, safety, floors and seasonal care.'
      : `More practical cleaning guides for Queensland facility and office managers, page ${listing.number} of ${listing.total}.`,
    data: { kind: 'listing', number: listing.number, total: listing.total, items: listing.items, ...(listing.previous ? { previous: listing.previous } : {}), ...(listing.next ? { next: listing.next } : {}) },
    updated,
  }));
  const terms = taxonomy(sorted, { base: GUIDES.topics, termsOf: (guide) => guide.topics });
  const topics = terms.map((term): ListingPage => ({
    path: term.path, title: `Guides: ${term.name}`,
    description: `Cleaning guides on ${term.name.toLowerCase()} for Queensland facility and office managers, newest first, with practical steps.`,
    data: { kind: 'topic', name: term.name, items: term.items.map(cardOf) }, updated: newestDay(term.items, fallback),
    from: { file: term.items[0]!.file, field: 'topics' },
  }));
  const index: ListingPage = {
    path: GUIDES.topics, title: 'Guides by Topic',
    description: 'Every topic our cleaning guides cover, from office schedules and contracts to health and safety, floors and seasonal care.',
    data: { kind: 'topics', topics: terms.map((term) => ({ name: term.name, path: term.path, count: term.items.length })) }, updated,
  };
  const feedData: GuidesData = {
    kind: 'feed', title: 'Cleaning Guides', description: 'Practical cleaning guides for Queensland facility and office managers.',
    items: sorted.map((guide) => ({ path: `${GUIDES.base}/${guide.slug}`, title: guide.title, date: dayText(guide.date), ...(guide.updated ? { updated: dayText(guide.updated) } : {}), summary: guide.summary, html: guide.html, image: guide.image, topics: guide.topics })),
  };
  const feeds: GeneratedRoute[] = [
    { path: GUIDES.feeds.atom, template: 'atom-feed', title: 'Cleaning Guides', updated, data: { guides: feedData } },
    { path: GUIDES.feeds.json, template: 'json-feed', title: 'Cleaning Guides', updated, data: { guides: feedData } },
  ];
  return { pages: [...listings, ...topics, index], feeds };
}

/** A listing page's route from the site's page fields (titles and checks as every other page). */
export function listingRoute(page: ListingPage, fields: PageFields): GeneratedRoute {
  return { ...fields, path: page.path };
}
