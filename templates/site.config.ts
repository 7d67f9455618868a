/**
 * This site's content model: each collection under content/, its schema,
 * and how its entries become pages; the menus; the language and time zone.
 * The engine (src/) knows nothing of cleaning, Queensland or locations:
 * adding a routed collection is one entry here plus its templates. The
 * content's type, SiteContent, follows from this declaration.
 */
import { defineCollection, defineSite, type ContentOf } from 'cleansite';
import { buildNavigation } from './model/navigation.ts';
import { guideSchema } from './model/guides.ts';
import { guidePages, guideRoutes, locationPages, notFoundPage, pagePages, servicePages } from './model/routes.ts';
import {
  faqSchema, gallerySchema, locationSchema, pageMarkdown, pageSchema, serviceCardSchema, serviceSchema, siteSchema, sitemapGroupSchema, statSchema,
  testimonialSchema,
} from './model/schemas.ts';

const site = defineSite({
  lang: 'en-AU',
  // Queensland keeps UTC+10 all year (no daylight saving): the business's "today".
  utcOffsetHours: 10,
  collections: {
    site: defineCollection({
      files: 'site.md', schema: siteSchema, body: 'markdown',
      missing: 'the site config (business name, phone, e-mails, base URL, navigation) lives there',
    }),
    pages: defineCollection({
      files: 'pages/**/*.md', schema: pageSchema, body: 'markdown',
      // Each section's Markdown, rendered beside it as `html`.
      markdown: pageMarkdown,
      routes: { slug: 'path', pages: pagePages },
    }),
    services: defineCollection({
      files: 'services/*.md', schema: serviceSchema, body: 'markdown',
      routes: { slug: 'file', base: '/services', pages: servicePages },
    }),
    locations: defineCollection({
      files: 'locations/*.md', schema: locationSchema, body: 'markdown',
      routes: { slug: { field: 'name' }, base: '/locations', pages: locationPages },
    }),
    // Dated articles: a page each, a paginated listing, a page per topic, Atom and JSON feeds.
    guides: defineCollection({
      files: 'guides/*.md', schema: guideSchema, body: 'required',
      routes: {
        slug: 'file', base: '/guides',
        pages: guidePages,
        generate: guideRoutes,
      },
    }),
    testimonials: defineCollection({ files: 'testimonials/*.md', schema: testimonialSchema, body: 'required' }),
    faqs: defineCollection({ files: 'faqs/*.md', schema: faqSchema, body: 'required' }),
    gallery: defineCollection({ files: 'gallery/*.md', schema: gallerySchema, body: 'none' }),
    stats: defineCollection({ files: 'stats/*.md', schema: statSchema, body: 'none' }),
    serviceCards: defineCollection({ files: 'service-cards/*.md', schema: serviceCardSchema, body: 'none' }),
    sitemapGroups: defineCollection({ files: 'sitemap-groups/*.md', schema: sitemapGroupSchema, body: 'none' }),
  },
  settings: (content) => ({ name: content.site.name, baseUrl: content.site.baseUrl }),
  notFound: notFoundPage,
  navigation: buildNavigation,
  // What a visitor calls, writes to or visits: deploy refuses while any is a placeholder.
  businessDetails: {
    file: 'site.md',
    fields: ['baseUrl', 'phone', 'emails', 'social.url', 'abn', 'address.streetAddress'],
    markedBy: 'placeholders',
    baseUrlField: 'baseUrl',
  },
});

export default site;

/** Everything under content/, validated, sorted by `order` then file name: each collection's entries by its key above. */
export type SiteContent = ContentOf<typeof site.collections>;
