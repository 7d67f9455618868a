/**
 * The props this site's templates receive: the engine's TemplateProps with
 * this site's content, navigation and per-route data. Templates import
 * their types from here and from ./schemas.ts, never from the engine.
 */
import type { ResolvedImage, Template, TemplateProps as EngineProps } from 'cleansite';
import type { Navigation } from './navigation.ts';
import type { RouteData } from './routes.ts';
import type { Guide } from './guides.ts';
import type { Location, Page, Service, SiteContent } from './schemas.ts';

export type { ResolvedImage };

/** Props of a template that renders `TEntry` (null for the 404 page). */
export type TemplateProps<TEntry = unknown> = EngineProps<TEntry, SiteContent, Navigation, RouteData>;

/** Which entry each template renders: page templates a page, `service` a service, `location` a location. */
type EntryFor<T extends string> = T extends 'service' ? Service : T extends 'location' ? Location : T extends 'guide-article' ? Guide
  : T extends 'not-found' | 'guides' | TextTemplateName ? null : Page;

/** The templates of routes that are files, not pages (`/guides/feed.xml`): they return text. */
export type TextTemplateName = 'atom-feed' | 'json-feed';

/** The template names this site's routes use (site.config.ts): the page templates, plus one per routed collection and the 404 page. */
export type TemplateName = Page['template'] | 'service' | 'location' | 'guide-article' | 'guides' | 'not-found' | TextTemplateName;

/** What templates/index.tsx exports as `templates`: a component for every template name, typed by the entry it renders; a text template returns a string. */
export type TemplateSet = { [T in TemplateName]: T extends TextTemplateName ? (props: TemplateProps<null>) => string : Template<TemplateProps<EntryFor<T>>> };
