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
import type { EntryMeta, ImageRef } from '../content/entry-types.ts';
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

export interface CollectionRoutes<TEntry, Content = unknown> {
  slug: SlugRule;
  /** The folder the pages live under, such as `/services`; omitted for the `path` rule. */
  base?: string;
  /**
   * One PageFields per entry, in the order given (computed together, so per-page data can look at
   * every entry once), or null for an entry that has no page of its own.
   */
  pages(entries: readonly TEntry[], context: RouteContext<Content>): Array<PageFields | null>;
  /** Routes of the whole collection: listing pages (`paginate`), term pages (`taxonomy`), feeds. */
  generate?(entries: readonly TEntry[], context: RouteContext<Content>): GeneratedRoute[];
}

/**
 * What route functions get besides the entries. `Content` is what a function reads of the other
 * collections, as its own parameter says (`RouteContext<{ site: Site }>`); the engine hands over
 * every collection's entries.
 */
export interface RouteContext<Content = unknown> extends ProblemSink {
  content: Content;
}

/** A collection's `markdown` declaration: each field path mapped to the key its HTML is written to. */
export type MarkdownFields = Readonly<Record<string, string>>;

/**
 * A collection as declared. `defineCollection` infers the type parameters from what is written
 * (the schema, the `files` pattern, the `markdown` fields, the routes' `slug` rule, and what its
 * route functions read of the content), so each entry's type follows from the declaration.
 */
export interface Collection<Schema extends ZodType = ZodType, Files extends string = string, Markdown extends MarkdownFields = MarkdownFields, Slug extends SlugRule = SlugRule, Content = unknown> {
  /** Glob under content/: `pages/**\/*.md` (sub-folders), `services/*.md`, or one file, `site.md`. */
  files: Files;
  schema: Schema;
  body: BodyRule;
  /**
   * Front-matter fields written in Markdown, each mapped to the key its HTML is written to,
   * beside it: `{ intro: 'introHtml', 'steps[].text': 'html' }` (`list[]` names each item of a
   * list). Rendered as the body is: raw HTML escaped, site-path links and images checked with
   * their file lines. Any other field reaches templates as written.
   */
  markdown?: Markdown;
  /** For a one-file collection: the message when its file is missing (it is then required). */
  missing?: string;
  /** How each entry becomes a page; absent for collections other pages only list. */
  routes?: CollectionRoutes<EntryOf<Schema, { markdown: Markdown; slug: Slug }>, Content> & { slug: Slug };
}

/** Any declared collection, whatever its types. */
export type AnyCollection = Collection<any, any, any, any, any>;
/** What defineSite asks of each collection: loose enough that it lends defineCollection no types to infer from. */
type DeclaredCollection = Pick<Collection, 'files' | 'schema' | 'body'>;

/**
 * One entry of a collection whose schema is `Schema`, as the engine hands it to route functions
 * and templates: the schema's output, the HTML of each `markdown` field beside it, EntryMeta
 * (file, stem, html, text), and `path` (slug rule `path`) or `slug` (any other rule) when routed.
 * `ContentOf` gives the same types from the declaration itself.
 */
export type EntryOf<Schema extends ZodType, Rules extends { markdown?: MarkdownFields; slug?: SlugRule } = object> =
  WithMarkdownHtml<output<Schema>, Rules extends { markdown: infer M } ? M : object> & EntryMeta & RouteKeyOf<Rules extends { slug: infer S } ? S : never>;

/** Every collection's entries by name, from the declared collections: `ContentOf<typeof site.collections>`. */
export type ContentOf<Collections> = {
  -readonly [Name in keyof Collections]: Collections[Name] extends Collection<infer Schema, infer Files, infer Markdown, infer Slug, any>
    ? EntriesIn<Files, EntryOf<Schema, { markdown: Markdown; slug: Slug }>>
    : never;
};

/** A folder's files are a list; one Markdown file is the entry itself; one data file holds an entry or a list. */
type EntriesIn<Files extends string, Entry> = Files extends `${string}/${string}` ? Entry[] : Files extends `${string}.md` ? Entry : Entry | Entry[];

type RouteKeyOf<Slug> = [Slug] extends [never] ? object : Slug extends 'path' ? { path: string } : { slug: string };

/** The schema's output with the HTML key (`html`) beside each declared Markdown field. */
type WithMarkdownHtml<T, Markdown> = string extends keyof Markdown ? T : AddEach<T, Markdown, keyof Markdown & string>;
type AddEach<T, Markdown, Paths extends string> = [Paths] extends [never] ? T
  : AddEach<AddHtmlAt<T, Extract<LastOf<Paths>, string>, Markdown[LastOf<Paths> & keyof Markdown] & string>, Markdown, Exclude<Paths, LastOf<Paths>>>;
/** `steps[].text` adds the key to each item of `steps`, `intro` beside `intro`; an optional parent stays optional. */
type AddHtmlAt<T, Path extends string, Key extends string> = T extends object
  ? Path extends `${infer Head}.${infer Rest}`
    ? Head extends `${infer List}[]`
      ? { [K in keyof T]: K extends List ? EachItem<T[K], Rest, Key> : T[K] }
      : { [K in keyof T]: K extends Head ? AddHtmlAt<T[K], Rest, Key> : T[K] }
    : T & { [K in Key]: string }
  : T;
type EachItem<List, Rest extends string, Key extends string> = List extends ReadonlyArray<infer Item> ? Array<AddHtmlAt<Item, Rest, Key>> : List;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type LastOf<U> = UnionToIntersection<U extends unknown ? () => U : never> extends () => infer L ? L : never;

export interface NavigationTools extends ProblemSink {
  /** A menu link to a route, or undefined (and a problem reported against `file`) when the path has no route. */
  link(path: string, options: { label?: string; field: string; file: string }): { label: string; path: string; url: string } | undefined;
  /** Listed routes in content order: by collection as declared, then by entry order. */
  routesInContentOrder(routes: readonly Route[]): Route[];
}

/**
 * A site's declaration. `Collections` is inferred from what `collections` holds; the functions
 * below get every collection's entries, typed by it (`ContentOf`).
 */
export interface SiteConfig<Collections = Record<string, AnyCollection>, Navigation = object> {
  /** The `lang` of pages the engine writes itself (the error screen). */
  lang: string;
  /** The site's time zone as a fixed offset from UTC, in hours: the build date is "today" there. */
  utcOffsetHours: number;
  collections: Collections;
  /** What the engine needs of the site's own settings. */
  settings(content: SiteContentOf<Collections>): { name: string; baseUrl: string };
  /** The 404 page (written to 404.html, not listed in the site map), and the file it is reported against. */
  notFound(content: SiteContentOf<Collections>): PageFields & { source: string };
  /** Routes of the whole site, made from every collection (say, one feed of several collections). */
  generate?(content: SiteContentOf<Collections>, context: RouteContext<SiteContentOf<Collections>>): GeneratedRoute[];
  /** Menus and the site map, resolved against the route table. */
  navigation(content: SiteContentOf<Collections>, table: RouteTable, tools: NavigationTools): Navigation;
  /** The business's contact details, which must be real before the site is published (src/publish/placeholders.ts). */
  businessDetails?: BusinessDetails;
}

/** The content a site's functions get: typed from its collections, or loosely where the engine handles any site. */
type SiteContentOf<Collections> = Record<string, AnyCollection> extends Collections ? any : ContentOf<Collections>;

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

/**
 * Identity, for inference: `export default defineSite({ ... })` gets its types checked where it
 * is written, and `ContentOf<typeof site.collections>` is every collection's entries.
 */
export function defineSite<Collections extends Record<string, DeclaredCollection>, Navigation extends object>(config: SiteConfig<Collections, Navigation>): SiteConfig<Collections, Navigation> {
  return config;
}

/**
 * Identity, for inference of one collection's entry type from its schema, `files`, `markdown`
 * and routes' `slug`: its route functions get entries of exactly that type.
 */
export function defineCollection<Schema extends ZodType, const Files extends string, const Markdown extends MarkdownFields = Record<never, string>, const Slug extends SlugRule = never, Content = unknown>(
  collection: Collection<Schema, Files, Markdown, Slug, Content>,
): Collection<Schema, Files, Markdown, Slug, Content> {
  return collection;
}

/** A page template: a pure function of its props. */
export type Template<Props> = (props: Props) => ReactElement;
