/**
 * One schema per collection of this site. The TypeScript types the
 * templates use are inferred from these (cleansite's EntryOf adds what the
 * engine gives each entry), so the shape is stated once; the content as a
 * whole is typed by site.config.ts's declaration (SiteContent).
 * Every object is strict: an unknown field is almost always a typo.
 */
import { findBaseUrlProblem, isoDate, z, type EntryOf } from 'cleansite';
import { REGION_NAMES } from './regions.ts';
import { DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from './seo-limits.ts';

const text = z.string().trim().min(1, 'must not be empty');
/** A site path like `/about` or `/services/office-cleaning` (no trailing slash, no host). */
const sitePath = z
  .string()
  .regex(/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, 'must be a site path such as /about (lower case, no trailing slash)');
/** A day written YYYY-MM-DD (strict: 2026-02-30 is an error), as a Date at midnight UTC. */
const date = isoDate();

export const imageRef = z.strictObject({
  /** Path under public/, e.g. /images/gallery/office-fitout.jpg */
  src: z.string().regex(/^\/[A-Za-z0-9_./-]+\.(jpe?g|png|webp|avif|svg)$/, 'must be a path under public/ ending in .jpg, .png, .webp, .avif or .svg'),
  alt: text,
});
export type ImageRef = z.infer<typeof imageRef>;

export const weekday = z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);

export const regionName = z.enum(REGION_NAMES);
export type RegionName = z.infer<typeof regionName>;

/** A navigation entry: a route path, optionally relabelled, or every featured location of a region. */
export const navEntry = z.union([
  sitePath,
  z.strictObject({ path: sitePath, label: text }),
  z.strictObject({ region: regionName }),
]);
export type NavEntry = z.infer<typeof navEntry>;

export const siteSchema = z.strictObject({
  name: text,
  legalName: text,
  tagline: text,
  // The --base-url rules too: no credentials, query, fragment or sub-path.
  baseUrl: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).refine((value) => findBaseUrlProblem(value) === undefined, { error: (issue) => findBaseUrlProblem(String(issue.input)) }),
  /** Date used as sitemap lastmod for entries that do not set their own `updated`. */
  updated: date,
  logoText: text.optional(),
  phone: z.strictObject({
    display: text,
    /** International form for tel: links and JSON-LD, e.g. +61730000000 */
    e164: z.string().regex(/^\+\d{8,15}$/, 'must be an international number such as +61730000000'),
  }),
  emails: z.array(z.email({ error: 'must be an e-mail address' })).length(2, 'must list exactly two e-mail addresses'),
  social: z.strictObject({ label: text, url: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }) }),
  abn: text.optional(),
  /** Business details still stand-ins (field names, such as `phone` or `address.streetAddress`): `cleansite deploy` refuses to publish them. */
  placeholders: z.array(z.string()).optional(),
  address: z.strictObject({
    /** Street and number (and unit or level), shown in the footer and the structured data when set. */
    streetAddress: text.optional(),
    locality: text,
    region: z.literal('QLD'),
    postcode: z.string().regex(/^4\d{3}$/, 'must be a Queensland postcode (4xxx)'),
    country: z.literal('AU'),
  }),
  geo: z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  openingHours: z.strictObject({
    days: z.array(weekday).min(1),
    opens: z.string().regex(/^\d{2}:\d{2}$/, 'must be a 24-hour time such as 07:00'),
    closes: z.string().regex(/^\d{2}:\d{2}$/, 'must be a 24-hour time such as 19:00'),
  }),
  priceRange: text,
  serviceRadiusMetres: z.number().int().positive(),
  defaultImage: imageRef,
  navigation: z.strictObject({
    header: z.array(sitePath).min(1),
    servicesMenu: z.array(navEntry).min(1),
    mobileServicesMenu: z.array(navEntry).min(1),
    footerQuickLinks: z.array(navEntry).min(1),
    footerServices: z.array(navEntry).min(1),
    footerAreas: z.array(navEntry),
    legal: z.array(navEntry).min(1),
  }),
});

const seoFields = {
  /** Full <title>; defaults to "{title} | {site name}", shortened to fit MAX_TITLE_LENGTH. */
  seoTitle: text.max(MAX_TITLE_LENGTH, `must be at most ${MAX_TITLE_LENGTH} characters (search results cut longer titles)`).optional(),
  /** Meta description, also used for Open Graph. */
  description: z.string().trim()
    .min(DESCRIPTION_LENGTH.min, `must be at least ${DESCRIPTION_LENGTH.min} characters (search engines show ~155)`)
    .max(DESCRIPTION_LENGTH.max, `must be at most ${DESCRIPTION_LENGTH.max} characters (search results cut longer descriptions)`),
  keywords: z.array(text).optional(),
  navLabel: text.optional(),
  updated: date.optional(),
  order: z.number().int().default(100),
};

export const pageTemplateName = z.enum([
  'home', 'about', 'services', 'how-it-works', 'guide', 'checklist', 'gallery', 'contact', 'faq',
  'cleaning-guide', 'reviews', 'legal', 'info', 'sitemap',
]);
export type PageTemplateName = z.infer<typeof pageTemplateName>;

export const section = z.strictObject({
  /** Anchor id; defaults to a slug of the title. */
  id: z.string().regex(/^[a-z][a-z0-9-]*$/).optional(),
  title: text,
  /** Markdown, rendered into `html` (declared in site.config.ts). */
  body: z.string().optional(),
  items: z.array(text).optional(),
  icon: text.optional(),
}).transform((written) => ({ ...written, id: written.id ?? anchorOf(written.title) }));

/** A section's default anchor: its title lower-cased, spaces to hyphens, other punctuation dropped (kept so anchors stay stable). */
function anchorOf(title: string): string {
  return title.trim().toLowerCase().replace(/\s+/g, '-').replace(/[^a-z0-9-]/g, '');
}

export const pageSchema = z.strictObject({
  title: text,
  /** URL segment; derived from the file name (name for locations) when absent. Checked in entry-slugs.ts. */
  slug: z.string().optional(),
  template: pageTemplateName,
  sitemapGroup: text,
  ...seoFields,
  /** Short lead paragraph under the heading. */
  intro: text.optional(),
  hero: z.strictObject({ heading: text, text: text, image: imageRef.optional() }).optional(),
  image: imageRef.optional(),
  sections: z.array(section).optional(),
  cta: z.strictObject({ title: text, text: text, label: text.optional() }).optional(),
});

export const serviceSchema = z.strictObject({
  name: text,
  /** URL segment; derived from the file name (name for locations) when absent. Checked in entry-slugs.ts. */
  slug: z.string().optional(),
  sitemapGroup: text.default('cleaning-services'),
  ...seoFields,
  summary: text,
  features: z.array(text).length(6, 'must list exactly six key features'),
  benefits: z.array(text).length(6, 'must list exactly six benefits'),
  image: imageRef,
});

/** The states and territories of Australia, by the names schema.org data gives them. */
export const australianState = z.enum([
  'Queensland', 'New South Wales', 'Victoria', 'Tasmania', 'South Australia', 'Western Australia',
  'Northern Territory', 'Australian Capital Territory',
]);
export type AustralianState = z.infer<typeof australianState>;

/** A point in Australia (mainland, Tasmania and the Torres Strait): catches swapped or unsigned coordinates. */
const australianPoint = z.strictObject({
  latitude: z.number().min(-44, 'must be between -44 and -9 (south of the equator is negative)').max(-9, 'must be between -44 and -9 (south of the equator is negative)'),
  longitude: z.number().min(112, 'must be between 112 and 154 (degrees east)').max(154, 'must be between 112 and 154 (degrees east)'),
});

export const locationSchema = z.strictObject({
  name: text,
  /** URL segment; derived from the file name (name for locations) when absent. Checked in entry-slugs.ts. */
  slug: z.string().optional(),
  region: regionName,
  /** The real state the place is in, for structured data and for finding nearby places. */
  state: australianState,
  /** Centre of the town or suburb, to four decimal places (about 10 m). */
  geo: australianPoint,
  /** How running text places a service there: "on the Gold Coast"; defaults to "in {name}". */
  inPhrase: z.string().regex(/^(in|on|at|around|across) \S/, 'must start with in, on, at, around or across, such as "on the Gold Coast"').optional(),
  /** Shown in the header, footer and dropdown (the spec's Reading A). */
  featured: z.boolean().default(false),
  ...seoFields,
  intro: text,
  features: z.array(text).length(8, 'must list exactly eight services'),
  image: imageRef.optional(),
});

export const testimonialSchema = z.strictObject({
  author: text,
  role: text.optional(),
  location: text,
  rating: z.number().int().min(1).max(5),
  order: z.number().int().default(100),
});

export const faqSchema = z.strictObject({
  question: text,
  showOnHome: z.boolean().default(false),
  order: z.number().int().default(100),
});

export const galleryCategory = z.enum(['Commercial', 'Office', 'Specialized', 'Equipment']);
export const gallerySchema = z.strictObject({
  title: text,
  category: galleryCategory,
  image: imageRef,
  /** Also shown in the six-image project grid on /services. */
  featured: z.boolean().default(false),
  order: z.number().int().default(100),
});

export const statSchema = z.strictObject({
  value: text,
  label: text,
  group: z.enum(['home', 'about']),
  icon: text.optional(),
  order: z.number().int().default(100),
});

export const serviceCardGroup = z.enum(['home', 'featured', 'commercial', 'renovations', 'specialtyServices']);
export type ServiceCardGroup = z.infer<typeof serviceCardGroup>;
export const serviceCardSchema = z.strictObject({
  title: text,
  group: serviceCardGroup,
  description: text,
  features: z.array(text).min(1),
  link: sitePath.optional(),
  image: imageRef.optional(),
  icon: text.optional(),
  order: z.number().int().default(100),
});

export const sitemapGroupSchema = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case key such as main-pages'),
  title: text,
  order: z.number().int(),
});

/** The pages collection's Markdown fields: each section's `body`, rendered beside it as `html`. */
export const pageMarkdown = { 'sections[].body': 'html' } as const;

export type Site = EntryOf<typeof siteSchema>;
export type Page = EntryOf<typeof pageSchema, { markdown: typeof pageMarkdown; slug: 'path' }>;
/** A section as templates get it: its `body` rendered into `html`. */
export type Section = NonNullable<Page['sections']>[number];
export type Service = EntryOf<typeof serviceSchema, { slug: 'file' }>;
export type Location = EntryOf<typeof locationSchema, { slug: { field: 'name' } }>;
export type Testimonial = EntryOf<typeof testimonialSchema>;
export type Faq = EntryOf<typeof faqSchema>;
export type GalleryItem = EntryOf<typeof gallerySchema>;
export type Stat = EntryOf<typeof statSchema>;
export type ServiceCard = EntryOf<typeof serviceCardSchema>;
export type SitemapGroup = EntryOf<typeof sitemapGroupSchema>;
