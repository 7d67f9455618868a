/**
 * The values of cleansite's API for sites (src/index.ts adds the types):
 * one module, so that the API object the engine hands to compiled site
 * modules (engine-api.ts) and the package's public entry are the same.
 */
export { z } from 'zod';
export { defineCollection, defineSite } from './site-config.ts';
export { findBaseUrlProblem } from '../core/base-url.ts';
export { slugify } from '../core/urls.ts';
export { paginate, pagePath, type Pagination } from '../core/paginate.ts';
export { taxonomy, termPath, type Term } from '../core/taxonomy.ts';
export { atomFeed, escapeXml } from '../feeds/atom-feed.ts';
export { jsonFeed } from '../feeds/json-feed.ts';
export type { FeedItem, FeedOptions } from '../feeds/feed-types.ts';
export { isoDate } from './iso-date.ts';
