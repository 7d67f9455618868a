/**
 * The contract between the generator and the templates: every template is a
 * pure function of these props. Templates do no I/O and never read the clock;
 * the build date arrives here.
 */
import type { ReactElement, ReactNode } from 'react';
import type { ResolvedImage } from '../assets/resolve-images.ts';
import type { Route } from '../routes/route-table.ts';

export type { ResolvedImage } from '../assets/resolve-images.ts';

export interface BuildAssets {
  /** URL of the content-hashed stylesheet. */
  css: string;
  /** URL of the content-hashed client script, or empty when the site has none. */
  js: string;
  /** Extra markup-free script URLs for watch mode (the live-reload client); empty in `build`. */
  devScripts: string[];
}

/** `Content` and `Navigation` are the site's own types (its site.config.ts declares them). */
export interface SiteData<Content = Record<string, unknown>, Navigation = object, RouteData = unknown> {
  content: Content;
  routes: Array<Route<RouteData>>;
  navigation: Navigation;
  images: Record<string, ResolvedImage>;
  assets: BuildAssets;
  /** ISO date (YYYY-MM-DD) the build ran, injected once. */
  buildDate: string;
  baseUrl: string;
  /** The site's name and language, for the pages the engine writes itself (the error screen). */
  siteName: string;
  lang: string;
}

export interface TemplateProps<TEntry = unknown, Content = Record<string, unknown>, Navigation = object, RouteData = unknown> extends SiteData<Content, Navigation, RouteData> {
  route: Route<RouteData>;
  entry: TEntry;
  /** Internal link for a site path under the trailing-slash policy; throws for a path with no route. */
  href(path: string): string;
  /** Absolute URL for a site path or asset path. */
  absoluteUrl(path: string): string;
  /** The resolved image for a public path; throws when the image is missing. */
  image(src: string): ResolvedImage;
  /**
   * Markup many pages have in common (the header, the footer): rendered once
   * per build for each distinct `key` and reused on every page that passes
   * the same key, instead of being rendered again for each page. The key must
   * name everything the markup shows that differs between pages, typically
   * the current path when a link in it is marked as the current page, and
   * nothing else (a key per page shares nothing). Use the result as a child
   * element, not as an attribute. The build renders a key again for the
   * 2nd, 4th, 8th... page that uses it and fails if the markup differs.
   */
  shared(key: string, render: () => ReactNode): ReactNode;
}

/**
 * What templates/index.tsx must export as `templates`: one component per template name the routes
 * use; the template of a route that names a file (`/feed.xml`) returns its text instead.
 */
export type TemplateSet = Record<string, (props: TemplateProps<any, any, any, any>) => ReactElement | string>;
