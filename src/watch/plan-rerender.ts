/**
 * Decides which routes a content change re-renders, by comparing the last
 * good site with the new one and looking up what each route read during its
 * last render (track-dependencies.ts). Conservative where it is cheap to be:
 * site.md (config and navigation), a new base URL, or any page added,
 * removed or renamed re-renders everything.
 */
import type { LoadedSite } from '../build.ts';
import type { ContentKind, SiteContent } from '../content/schemas.ts';
import type { Route } from '../routes/route-table.ts';
import type { Dependency } from './track-dependencies.ts';

export interface RerenderPlan {
  /** Every route must be rendered again. */
  all: boolean;
  /** Site paths to render again (every route when `all`), sorted. */
  paths: string[];
  /** Output files of routes that no longer exist. */
  removedOutputs: string[];
}

export function planRerender(
  previous: LoadedSite,
  next: LoadedSite,
  touched: ReadonlySet<ContentKind>,
  dependencies: ReadonlyMap<string, readonly Dependency[]>,
): RerenderPlan {
  const nextOutputs = new Set(next.table.routes.map((route) => route.outputFile));
  const removedOutputs = previous.table.routes.map((route) => route.outputFile).filter((file) => !nextOutputs.has(file)).sort();
  const everything = { all: true, paths: next.table.routes.map((route) => route.path), removedOutputs };

  const samePaths = previous.table.routes.length === next.table.routes.length
    && next.table.routes.every((route) => previous.table.byPath.has(route.path));
  if (touched.has('site') || previous.baseUrl !== next.baseUrl || !samePaths) return everything;

  const changed = new Set<Dependency>();
  if (!sameJson(previous.navigation, next.navigation)) changed.add('navigation');
  for (const kind of touched) {
    if (!sameJson(previous.content[kind], next.content[kind])) changed.add(`content.${kind}`);
  }

  const paths = new Set<string>();
  for (const route of next.table.routes) {
    const before = previous.table.byPath.get(route.path)!;
    if (!sameJson(before, route)) {
      paths.add(route.path);
      changed.add('routes');
    } else if (!sameJson(entryOf(previous.content, before), entryOf(next.content, route))) {
      paths.add(route.path);
    }
  }
  for (const route of next.table.routes) {
    const used = dependencies.get(route.path);
    // A route never rendered successfully has no record; render it to be safe.
    if (!used || used.some((dependency) => changed.has(dependency))) paths.add(route.path);
  }
  return { all: false, paths: [...paths].sort(), removedOutputs };
}

function entryOf(content: SiteContent, route: Route): unknown {
  switch (route.entry.kind) {
    case 'page': return content.pages[route.entry.index];
    case 'service': return content.services[route.entry.index];
    case 'location': return content.locations[route.entry.index];
    case 'none': return null;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
