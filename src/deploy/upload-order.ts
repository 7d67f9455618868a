/**
 * The order that keeps the live site whole while it changes: what pages
 * reference (CSS, scripts, images, PDFs) goes up before the pages, the
 * pages before the files that announce them to crawlers, and nothing is
 * deleted until everything new is in place.
 */

export const PHASES = ['files', 'pages', 'announcements'] as const;
export type UploadPhase = (typeof PHASES)[number];

const ANNOUNCEMENTS = new Set(['sitemap.xml', 'robots.txt']);

export function uploadPhaseOf(key: string): UploadPhase {
  if (ANNOUNCEMENTS.has(key)) return 'announcements';
  return /\.html?$/i.test(key) ? 'pages' : 'files';
}
