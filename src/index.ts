/**
 * cleansite's API for sites: what `templates/site.config.ts` and the site's
 * own modules import, by the package name (`import { defineSite, z } from
 * 'cleansite'`). The engine hands its own instance of this module to the
 * site's compiled modules (src/config/engine-api.ts), so a site's schemas are
 * checked by the very zod the engine reports issues with.
 */
export * from './config/site-api.ts';
export type { AnyCollection, BodyRule, Collection, CollectionRoutes, ContentOf, EntryOf, GeneratedRoute, MarkdownFields, NavigationTools, PageFields, RouteContext, SiteConfig, SlugRule, Template } from './config/site-config.ts';
export type { Content, ContentReference, Entry, EntryMeta, ImageRef } from './content/entry-types.ts';
export type { Route, RouteEntry, RouteTable } from './routes/route-table.ts';
export type { BuildAssets, ResolvedImage, SiteData, TemplateProps, TemplateSet } from './render/page-props.ts';
