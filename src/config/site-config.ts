/**
 * The contract between a site and the engine: what a site declares in its
 * `templates/site.config.ts` (its collections, how entries become routes,
 * its navigation, its language and time zone). The engine knows collections,
 * entries, routes and templates in general; everything about one business
 * (its fields, menus, regions, page titles) lives in the site's declaration,
 * as Astro's `defineCollection` and Lume's `_config.ts` keep it.
 */
import type { ReactElement } from 'react';
import type { ZodType, output } from 'zod';
import type { ImageRef } from '../content/entry-types.ts';
import type { Route, RouteTable } from '../routes/route-table.ts';

/** What a collection's Markdown body must be: rendered Markdown, Markdown that must not be empty, or nothing at all. */
export type BodyRule = 'markdown' | 'required' | 'none';

/**
 * Where a routed entry's URL segment comes from: `path`, the file's path under the
 * collection's folder (folders become path segments, `index` names the folder's page);
 * `file`, the file name; `{ field }`, a front-matter field such as `name`. Each part is
 * made a slug by the one rule (`slugify`), and a `slug:` field overrides it.
 */
export type SlugRule = 'path' | 'file' | { field: string };

/** The fields of one page that its collection decides; the engine adds path, URL, output file and source. */
export interface PageFields<RouteData = unknown> {
  /** A key of the site's template set. */
  template: string;
  /** The page's heading. */
  title: string;
  /** Its label in menus and the site map. */
  navLabel: string;
  /** The whole `<title>`. */
  seoTitle: string;
  description: string;
  keywords: string[];
  /** The site-map section the page is listed under. */
  sitemapGroup: string;
  /** The content's last change, for sitemap.xml. */
  updated: Date;
  image: ImageRef;
  /**
   * Anything else the collection computes per page (say, nearby places), read by its template.
   * Part of the route, so a page is rendered again when it changes, and the page need read
   * nothing of the entries it was computed from.
   */
  data?: RouteData;
}

/** Lets a site's route and navigation code report a problem with its file and line, as a schema error would be. */
export interface ProblemSink {
  problem(problem: { file: string; message: string; hint?: string; line?: number; code?: 'CONTENT_INVALID' | 'UNKNOWN_ROUTE' }): void;
}

/**
 * A route besides the one page per entry: a page of a listing, a term page, a feed, a second
 * page of one entry. Its path is written out: `/guides/page/2` (a page: `guides/page/2/index.html`)
 * or a file with an extension, `/guides/feed.xml`, whose template returns text. Text files need
 * only `template`, `title` and `updated`; a page needs every PageFields field.
 */
export type GeneratedRoute<RouteData = unknown> = Pick<PageFields<RouteData>, 'template' | 'title' | 'updated'> & Partial<PageFields<RouteData>> & {
  path: string;
  /** The index (in the list given) of the entry the route renders, if it renders one. */
  entry?: number;
  /** In sitemap.xml and the site's own site map; default true for pages. Text files never are. */
  listed?: boolean;
  /** The file problems of this route are reported against; default the entry's file, else site.config.ts. */
  source?: string;
};

export interface CollectionRoutes<TEntry> {
  slug: SlugRule;
  /** The folder the pages live under, such as `/services`; omitted for the `path` rule. */
  base?: string;
  /**
   * One PageFields per entry, in the order given (computed together, so per-page data can look at
   * every entry once), or null for an entry that has no page of its own.
   */
  pages(entries: readonly TEntry[], context: RouteContext): Array<PageFields | null>;
  /** Routes of the whole collection: listing pages (`paginate`), term pages (`taxonomy`), feeds. */
  generate?(entries: readonly TEntry[], context: RouteContext): GeneratedRoute[];
}

export interface RouteContext extends ProblemSink {
  /** Every collection's entries, typed by the site. */
  content: unknown;
}

export interface Collection<Schema extends ZodType = ZodType> {
  /** Glob under content/: `pages/**\/*.md` (sub-folders), `services/*.md`, or one file, `site.md`. */
  files: string;
  schema: Schema;
  body: BodyRule;
  /**
   * Front-matter fields written in Markdown, each mapped to the key its HTML is written to,
   * beside it: `{ intro: 'introHtml', 'steps[].text': 'html' }` (`list[]` names each item of a
   * list). Rendered as the body is: raw HTML escaped, site-path links and images checked with
   * their file lines. Any other field reaches templates as written.
   */
  markdown?: Readonly<Record<string, string>>;
  /** For a one-file collection: the message when its file is missing (it is then required). */
  missing?: string;
  /** How each entry becomes a page; absent for collections other pages only list. */
  routes?: CollectionRoutes<output<Schema> & EntryFields>;
}

/** Fields the engine adds to every entry (see EntryMeta): typed loosely here, precisely by the site. */
interface EntryFields {
  file: string;
  stem: string;
  html: string;
  text: string;
  path?: string;
  slug?: string;
}

export interface NavigationTools extends ProblemSink {
  /** A menu link to a route, or undefined (and a problem reported against `file`) when the path has no route. */
  link(path: string, options: { label?: string; field: string; file: string }): { label: string; path: string; url: string } | undefined;
  /** Listed routes in content order: by collection as declared, then by entry order. */
  routesInContentOrder(routes: readonly Route[]): Route[];
}

export interface SiteConfig<Content = any, Navigation = object> {
  /** The `lang` of pages the engine writes itself (the error screen). */
  lang: string;
  /** The site's time zone as a fixed offset from UTC, in hours: the build date is "today" there. */
  utcOffsetHours: number;
  collections: Record<string, Collection<any>>;
  /** What the engine needs of the site's own settings. */
  settings(content: Content): { name: string; baseUrl: string };
  /** The 404 page (written to 404.html, not listed in the site map), and the file it is reported against. */
  notFound(content: Content): PageFields & { source: string };
  /** Routes of the whole site, made from every collection (say, one feed of several collections). */
  generate?(content: Content, context: RouteContext): GeneratedRoute[];
  /** Menus and the site map, resolved against the route table. */
  navigation(content: Content, table: RouteTable, tools: NavigationTools): Navigation;
  /** The business's contact details, which must be real before the site is published (src/publish/placeholders.ts). */
  businessDetails?: BusinessDetails;
}

/** Where a site keeps details a visitor acts on (phone, e-mail, address) and which are still stand-ins. */
export interface BusinessDetails {
  /** The content file that holds them, under content/, such as `site.md`. */
  file: string;
  /** Dotted front-matter paths of the details; a list or object counts item by item. */
  fields: readonly string[];
  /** The front-matter field listing the details still marked as placeholders. */
  markedBy?: string;
  /** The field `--base-url` replaces. */
  baseUrlField?: string;
}

/** Identity, for inference: `export default defineSite({ ... })` gets its types checked where it is written. */
export function defineSite<Content, Navigation extends object>(config: SiteConfig<Content, Navigation>): SiteConfig<Content, Navigation> {
  return config;
}

/** Identity, for inference of one collection's entry type in its `routes`. */
export function defineCollection<Schema extends ZodType>(collection: Collection<Schema>): Collection<Schema> {
  return collection;
}

/** A page template: a pure function of its props. */
export type Template<Props> = (props: Props) => ReactElement;
