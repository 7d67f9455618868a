/**
 * Decides which routes a content change re-renders, by comparing the last
 * good site with the new one (down to which fields of which list changed)
 * and looking up what each route read during its last render
 * (track-dependencies.ts). Conservative where it is cheap to be: a
 * one-file collection (site.md: settings and navigation), a new base URL,
 * or any page added, removed or renamed re-renders everything.
 */
import type { LoadedSite } from '../build.ts';
import type { Content, Entry } from '../content/entry-types.ts';
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
  touched: ReadonlySet<string>,
  dependencies: ReadonlyMap<string, readonly Dependency[]>,
): RerenderPlan {
  const nextOutputs = new Set(next.table.routes.map((route) => route.outputFile));
  const removedOutputs = previous.table.routes.map((route) => route.outputFile).filter((file) => !nextOutputs.has(file)).sort();
  const everything = { all: true, paths: next.table.routes.map((route) => route.path), removedOutputs };

  const samePaths = previous.table.routes.length === next.table.routes.length
    && next.table.routes.every((route) => previous.table.byPath.has(route.path));
  const isList = (kind: string) => Array.isArray(next.content[kind]) && Array.isArray(previous.content[kind]);
  if ([...touched].some((kind) => !isList(kind)) || previous.baseUrl !== next.baseUrl || !samePaths) return everything;

  const changed = new Set<Dependency>();
  if (!sameJson(previous.navigation, next.navigation)) changed.add('navigation');
  for (const kind of touched) {
    for (const dependency of changedInList(kind, previous.content[kind] as Entry[], next.content[kind] as Entry[])) changed.add(dependency);
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

/**
 * What changed in one content list: its membership or order (`content.<kind>`),
 * and each field that differs in some entry (`content.<kind>.<field>`).
 */
function changedInList(kind: string, before: Entry[], after: Entry[]): Dependency[] {
  const changed: Dependency[] = [];
  const files = (list: Entry[]) => list.map((entry) => entry.file);
  if (!sameJson(files(before), files(after))) changed.push(`content.${kind}`);
  const previousByFile = new Map<string, object>(before.map((entry) => [entry.file, entry]));
  const nextFiles = new Set(files(after));
  const fields = new Set<string>();
  const compare = (a: object | undefined, b: object | undefined) => {
    const left = (a ?? {}) as Record<string, unknown>;
    const right = (b ?? {}) as Record<string, unknown>;
    for (const field of new Set([...Object.keys(left), ...Object.keys(right)])) {
      if (!sameJson(left[field], right[field])) fields.add(field);
    }
  };
  for (const entry of after) {
    const previous = previousByFile.get(entry.file);
    if (previous !== entry) compare(previous, entry);
  }
  for (const entry of before) if (!nextFiles.has(entry.file)) compare(entry, undefined);
  for (const field of [...fields].sort()) changed.push(`content.${kind}.${field}`);
  return changed;
}

function entryOf(content: Content, route: Route): unknown {
  return route.entry ? (content[route.entry.collection] as unknown[])[route.entry.index] : null;
}

/** Unchanged content files keep their entry objects (content-sources.ts), so identity settles most comparisons. */
function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
