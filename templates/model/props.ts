/**
 * The props this site's templates receive: the engine's TemplateProps with
 * this site's content (typed by site.config.ts's declaration), navigation and
 * per-route data. Templates import their types from here and from
 * ./schemas.ts, never from the engine. Template names are the keys of the
 * template map in ../index.tsx; nothing here lists them again.
 */
import type { ResolvedImage, TemplateProps as EngineProps } from 'cleansite';
import type { templates } from '../index.tsx';
import type { SiteContent } from '../site.config.ts';
import type { Navigation } from './navigation.ts';
import type { RouteData } from './routes.ts';
import type { PageTemplateName } from './schemas.ts';

export type { ResolvedImage, SiteContent };

/** Props of a template that renders `TEntry` (null for a page of no one entry: a listing, the 404 page). */
export type TemplateProps<TEntry = unknown> = EngineProps<TEntry, SiteContent, Navigation, RouteData>;

/** One entry of the collection `Name` as templates get it: `Entry<'services'>`. */
export type Entry<Name extends keyof SiteContent> = SiteContent[Name] extends ReadonlyArray<infer Item> ? Item : SiteContent[Name];

/** The names routes may give as `template`: the keys of the template map. */
export type TemplateName = keyof typeof templates;

/** A content page names its template (`template:` in content/pages/*.md, checked by the schema): `npm run typecheck` fails on one not in the map. */
export type PageTemplatesExist = Exactly<Exclude<PageTemplateName, TemplateName>, never>;
type Exactly<T extends U, U> = T;
