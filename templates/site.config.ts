/**
 * This site's content model: each collection under content/, its schema,
 * and how its entries become pages; the menus; the language and time zone.
 * The engine (src/) knows nothing of cleaning, Queensland or locations:
 * adding a routed collection is one entry here plus its template.
 */
import { defineCollection, defineSite } from 'cleansite';
import { buildNavigation, type Navigation } from './model/navigation.ts';
import { guideSchema, type Guide } from './model/guides.ts';
import { guidePages, guideRoutes, locationPages, notFoundPage, pagePages, servicePages } from './model/routes.ts';
import {
  faqSchema, gallerySchema, locationSchema, pageSchema, serviceCardSchema, serviceSchema, siteSchema, sitemapGroupSchema, statSchema,
  testimonialSchema, type Location, type Page, type Service, type SiteContent,
} from './model/schemas.ts';

export default defineSite<SiteContent, Navigation>({
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
      markdown: { 'sections[].body': 'html' },
      routes: { slug: 'path', pages: (entries, context) => pagePages(entries as unknown as Page[], context) },
    }),
    services: defineCollection({
      files: 'services/*.md', schema: serviceSchema, body: 'markdown',
      routes: { slug: 'file', base: '/services', pages: (entries, context) => servicePages(entries as unknown as Service[], context) },
    }),
    locations: defineCollection({
      files: 'locations/*.md', schema: locationSchema, body: 'markdown',
      routes: { slug: { field: 'name' }, base: '/locations', pages: (entries, context) => locationPages(entries as unknown as Location[], context) },
    }),
    // Dated articles: a page each, a paginated listing, a page per topic, Atom and JSON feeds.
    guides: defineCollection({
      files: 'guides/*.md', schema: guideSchema, body: 'required',
      routes: {
        slug: 'file', base: '/guides',
        pages: (entries, context) => guidePages(entries as unknown as Guide[], context),
        generate: (entries, context) => guideRoutes(entries as unknown as Guide[], context),
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
