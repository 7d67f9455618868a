/** Routes, location sets and site-map groups exactly as docs/site-spec.md states them (R-ROUTES, L-LOCATIONS, R-SITEMAP). */

/** Reading A: the Queensland locations in the header, footer and dropdown. */
export const READING_A = [
  'brisbane-cbd', 'south-brisbane', 'north-brisbane', 'west-end', 'fortitude-valley', 'chermside',
  'gold-coast', 'surfers-paradise', 'southport', 'robina', 'burleigh-heads', 'broadbeach',
  'sunshine-coast', 'maroochydore', 'noosa', 'caloundra',
  'ipswich', 'toowoomba', 'cairns', 'townsville', 'rockhampton', 'bundaberg', 'hervey-bay', 'mackay',
];

/** Reading B: every location page (Reading A plus eighteen more). */
export const READING_B = [
  ...READING_A,
  'lithgow', 'bathurst', 'kelso', 'eglinton', 'perthville', 'raglan', 'mount-panorama', 'west-bathurst',
  'south-bathurst', 'windradyne', 'llanarth', 'oberon', 'wallerawang', 'portland', 'orange', 'blayney',
  'newbridge', 'gormans-hill',
];

export const SERVICE_PAGES = ['office-cleaning', 'medical-facility-cleaning', 'retail-cleaning', 'educational-facility-cleaning'];

export const PAGE_ROUTES = [
  '/', '/about', '/services', ...SERVICE_PAGES.map((slug) => `/services/${slug}`), '/how-it-works',
  '/resources/commercial-cleaning-guide', '/resources/cleaning-checklist', '/gallery', '/contact', '/faq',
  '/cleaning-guide', '/reviews', '/privacy', '/terms', '/license', '/insurance', '/sitemap',
];

/** The Guides section (content/guides): the published articles, the listing's three pages (six a page), the topics index and a page per topic. */
export const GUIDE_ARTICLES = [
  'checking-your-cleaners-work', 'cleaning-a-hybrid-office', 'cleaning-schools-around-the-term-calendar', 'cleaning-versus-disinfecting',
  'colour-coded-cleaning', 'comparing-commercial-cleaning-quotes', 'end-of-year-shutdown-deep-clean', 'how-often-should-an-office-be-cleaned',
  'keeping-carpets-looking-new', 'queensland-wet-season-cleaning', 'safety-data-sheets-for-cleaning-chemicals', 'washroom-hygiene-and-consumables',
  'writing-a-cleaning-scope-of-work',
];
export const GUIDE_TOPICS = ['contracts-and-budgets', 'floors-and-surfaces', 'health-and-safety', 'healthcare-and-education', 'office-cleaning', 'seasonal-care'];
export const GUIDE_ROUTES = [
  '/guides', '/guides/page/2', '/guides/page/3', '/guides/topics',
  ...GUIDE_ARTICLES.map((slug) => `/guides/${slug}`), ...GUIDE_TOPICS.map((slug) => `/guides/topics/${slug}`),
];

export const ALL_ROUTES = [...PAGE_ROUTES, ...READING_B.map((slug) => `/locations/${slug}`), ...GUIDE_ROUTES];

/** The trailing-slash URL a route is served at. */
export function urlOf(route: string): string {
  return route === '/' ? '/' : `${route}/`;
}

export const SITEMAP_GROUPS = [
  'Main Pages', 'Cleaning Services', 'Brisbane Area', 'Gold Coast', 'Sunshine Coast', 'Other Queensland Regions', 'Resources', 'Legal',
];
