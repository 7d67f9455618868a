/**
 * The page manifest: for each page in the output folder, the file it wrote,
 * its size, the data units it read while rendering and its key then (the
 * units' values, salted with the code and templates: render/unit-values.ts).
 * It is the one record of what the output holds, for `build` and for watch:
 * a page whose key still matches its units' values is current and is not
 * rendered again (a build hard-links it from the previous output, watch
 * leaves it where it is). A build loads the manifest its last commit saved
 * (cache/page-manifest-file.ts) and saves it after its own; watch keeps it
 * in memory for the folder it serves.
 */
import type { PageRecord } from '../cache/page-manifest-file.ts';
import type { UnitValues } from '../render/unit-values.ts';
import type { Route } from '../routes/route-table.ts';

export type { PageRecord } from '../cache/page-manifest-file.ts';

export interface PagePlan {
  /** Routes whose page in the output is still what they render, with its record. */
  current: Array<{ route: Route; record: PageRecord }>;
  /** Routes to render: no record, or one whose key no longer matches; in route order. */
  stale: Route[];
  /** Output files of recorded pages that no route makes any more. */
  removedOutputs: string[];
}

export interface PageManifest {
  readonly size: number;
  get(path: string): PageRecord | undefined;
  /** Splits the routes into current and stale pages, given this site data's unit values. */
  plan(routes: readonly Route[], values: UnitValues): PagePlan;
  /** Records a page now in the output. */
  remember(path: string, record: PageRecord): void;
  /**
   * Drops the records of these pages: of pages about to be rendered (until they are, nothing
   * vouches for their file, so a pass that fails leaves them stale), and of routes that are gone.
   */
  forget(paths: Iterable<string>): void;
  /** Drops every record except those of these routes. */
  keepOnly(routes: readonly Route[]): void;
  clear(): void;
  entries(): IterableIterator<[string, PageRecord]>;
}

/** Whether a page written under `record` is still what `route` renders with the site data `values` describes. */
export function pageIsCurrent(record: PageRecord | undefined, route: Route, values: UnitValues): record is PageRecord {
  return record !== undefined && record.outputFile === route.outputFile && values.pageKey(route, record.units) === record.key;
}

export function createPageManifest(initial: Iterable<[string, PageRecord]> = []): PageManifest {
  const pages = new Map<string, PageRecord>();
  // One string per unit name for all pages, not one per page that read it (10,000 pages read the same few names).
  const names = new Map<string, string>();
  const intern = (unit: string) => {
    const known = names.get(unit);
    if (known !== undefined) return known;
    names.set(unit, unit);
    return unit;
  };
  const remember = (page: string, record: PageRecord) => {
    pages.set(page, { outputFile: record.outputFile, bytes: record.bytes, key: record.key, units: record.units.map(intern) });
  };
  for (const [page, record] of initial) remember(page, record);

  return {
    get size() {
      return pages.size;
    },
    plan(routes, values) {
      const current: PagePlan['current'] = [];
      const stale: Route[] = [];
      const live = new Set<string>();
      const liveOutputs = new Set<string>();
      for (const route of routes) {
        live.add(route.path);
        liveOutputs.add(route.outputFile);
        const record = pages.get(route.path);
        if (pageIsCurrent(record, route, values)) current.push({ route, record });
        else stale.push(route);
      }
      const removedOutputs = [...pages].filter(([page, record]) => !live.has(page) && !liveOutputs.has(record.outputFile)).map(([, record]) => record.outputFile).sort();
      return { current, stale, removedOutputs };
    },
    get: (page) => pages.get(page),
    remember,
    forget(paths) {
      for (const page of paths) pages.delete(page);
    },
    keepOnly(routes) {
      const live = new Set(routes.map((route) => route.path));
      for (const page of [...pages.keys()]) if (!live.has(page)) pages.delete(page);
    },
    clear() {
      pages.clear();
    },
    entries: () => pages.entries(),
  };
}
