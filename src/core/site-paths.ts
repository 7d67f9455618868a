/** Where a site's sources, output and caches live, and what every page is stamped with: shared by build and watch. */
export interface SitePaths {
  rootDir: string;
  contentDir: string;
  templatesDir: string;
  publicDir: string;
  outDir: string;
  cacheDir: string;
  /** Overrides the base URL in content/site.md. */
  baseUrl?: string;
  /** ISO date (YYYY-MM-DD) the build is stamped with; default: today in the site's time zone (resolveBuildDate). */
  buildDate?: string;
}
