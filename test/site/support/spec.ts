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

export const ALL_ROUTES = [...PAGE_ROUTES, ...READING_B.map((slug) => `/locations/${slug}`)];

/** The trailing-slash URL a route is served at. */
export function urlOf(route: string): string {
  return route === '/' ? '/' : `${route}/`;
}

export const SITEMAP_GROUPS = [
  'Main Pages', 'Cleaning Services', 'Brisbane Area', 'Gold Coast', 'Sunshine Coast', 'Other Queensland Regions', 'Resources', 'Legal',
];
