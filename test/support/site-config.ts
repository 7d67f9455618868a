/**
 * The real site's declaration (templates/site.config.ts), and the engine's
 * route and navigation stages bound to it, for tests that run the stages
 * in-process on the real content model.
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Collections } from '../../src/content/collections.ts';
import type { Content } from '../../src/content/entry-types.ts';
import { buildNavigation } from '../../src/routes/navigation.ts';
import { buildRouteTable, type RouteTable } from '../../src/routes/route-table.ts';
import type { Navigation } from '../../templates/model/navigation.ts';
import siteConfig from '../../templates/site.config.ts';

export { siteConfig };
/** The real site's collections, as the engine handles any site's (by name). */
export const collections: Collections = siteConfig.collections;

export function siteRoutes(content: Content | object): RouteTable {
  return buildRouteTable(siteConfig, content as Content);
}

export function siteNavigation(content: Content | object, table: RouteTable): Navigation {
  return buildNavigation(siteConfig, content as Content, table);
}

/** Gives a test's own template folder the real site's content model: a link to templates/site.config.ts. */
export function linkSiteConfig(templatesDir: string): void {
  symlinkSync(fileURLToPath(new URL('../../templates/site.config.ts', import.meta.url)), path.join(templatesDir, 'site.config.ts'));
}
