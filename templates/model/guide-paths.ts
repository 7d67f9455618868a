/**
 * Where the Guides section lives and how its days are written: what its
 * templates need of model/guides.ts. Kept apart from it because the
 * templates run in every render worker, and guides.ts builds the guides'
 * zod schema as it loads (site.config.ts has it already).
 */
export const GUIDES = {
  base: '/guides',
  topics: '/guides/topics',
  feeds: { atom: '/guides/feed.xml', json: '/guides/feed.json' },
  pageSize: 6,
  /** Queensland's offset, as site.config.ts's utcOffsetHours: feed dates are midnight there. */
  utcOffsetHours: 10,
} as const;

/** The YYYY-MM-DD a day field was written as: what cards, feeds and `<time>` carry. */
export const dayText = (date: Date): string => date.toISOString().slice(0, 10);
