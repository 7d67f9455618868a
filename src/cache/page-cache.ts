/**
 * The page cache: for each output folder, a manifest of the pages the last
 * build wrote there, each with the cache key it was rendered under (the
 * values of the data units it read, the output file, the code and template
 * bundle: see unit-values.ts). A page whose key is unchanged is not
 * rendered again: its previous file is hard-linked into the new staging
 * folder, so the output stays atomic and the previous output is never
 * modified in place.
 *
 * The manifest lives in <cacheDir>/pages/ and names the output folder's
 * inode, so output replaced by anything else is never trusted. Deleting the
 * cache is always safe: every page is rendered again.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Route } from '../routes/route-table.ts';
import { removeStaleFiles } from '../core/remove-stale.ts';
import { writeFileAtomic } from '../core/atomic-write.ts';
import { hashText } from '../core/hash-text.ts';
import type { UnitValues } from '../render/unit-values.ts';

const MANIFEST_VERSION = 1;

export interface PageRecord {
  outputFile: string;
  bytes: number;
  key: string;
  units: string[];
}

export interface ReusablePage extends PageRecord {
  route: Route;
  /** The previous output file, to link from. */
  from: string;
}

export interface PagePlan {
  reuse: ReusablePage[];
  render: Route[];
  /** Pages of the previous build that no route produces any more. */
  removed: number;
}

interface ManifestFile {
  version: number;
  outDir: string;
  output: { dev: number; ino: number };
  units: string[];
  /** Route path -> [output file, bytes, key, unit indexes]. */
  pages: Record<string, [string, number, string, number[]]>;
  /** Every other output file -> what it was made from, for the nothing-changed check. */
  extras: Record<string, string>;
}

export interface PageCache {
  /** Splits the routes into pages whose previous file is still right and pages to render. */
  plan(routes: Route[], values: UnitValues): PagePlan;
  /** The other output files of the previous build, as given to save(). */
  previousExtras(): Record<string, string> | undefined;
  /** Remembers a page written (or reused) by this build. */
  remember(path: string, record: PageRecord): void;
  /** Writes the manifest for the output folder just committed. */
  save(extras: Record<string, string>): void;
}

export function openPageCache(cacheDir: string, outDir: string): PageCache {
  const dir = path.join(cacheDir, 'pages');
  const absoluteOut = path.resolve(outDir);
  const manifestFile = path.join(dir, `${hashText(absoluteOut)}.json`);
  const previous = readManifest(manifestFile, absoluteOut);
  const pages = new Map<string, PageRecord>();
  const names = new Map<string, string>();
  const intern = (unit: string) => {
    const known = names.get(unit);
    if (known !== undefined) return known;
    names.set(unit, unit);
    return unit;
  };

  return {
    plan(routes, values) {
      const reuse: ReusablePage[] = [];
      const render: Route[] = [];
      const wanted = new Set<string>();
      for (const route of routes) {
        wanted.add(route.path);
        const old = previous?.pages[route.path];
        const record = old && toRecord(old, previous!.units);
        const from = record && path.join(absoluteOut, record.outputFile);
        if (record && from && pageIsCurrent(record, route, values) && sizeOf(from) === record.bytes) {
          reuse.push({ outputFile: record.outputFile, bytes: record.bytes, key: record.key, units: record.units, route, from });
        } else {
          render.push(route);
        }
      }
      const removed = previous ? Object.keys(previous.pages).filter((page) => !wanted.has(page)).length : 0;
      return { reuse, render, removed };
    },
    previousExtras: () => previous?.extras,
    remember(page, record) {
      // One string per unit name for all pages, not one per page that read it.
      pages.set(page, { outputFile: record.outputFile, bytes: record.bytes, key: record.key, units: record.units.map(intern) });
    },
    save(extras) {
      const units: string[] = [];
      const unitIndex = new Map<string, number>();
      const indexOf = (unit: string) => {
        let index = unitIndex.get(unit);
        if (index === undefined) {
          index = units.push(unit) - 1;
          unitIndex.set(unit, index);
        }
        return index;
      };
      const manifest: ManifestFile = {
        version: MANIFEST_VERSION,
        outDir: absoluteOut,
        output: identityOf(absoluteOut) ?? { dev: -1, ino: -1 },
        units,
        pages: {},
        extras,
      };
      for (const [page, record] of [...pages].sort(([a], [b]) => (a < b ? -1 : 1))) {
        manifest.pages[page] = [record.outputFile, record.bytes, record.key, record.units.map(indexOf)];
      }
      writeFileAtomic(manifestFile, JSON.stringify(manifest));
      removeStaleFiles(dir, manifestFile);
    },
  };
}

/**
 * Whether a page written under `record` is still what `route` renders with the site data
 * `values` describes: same output file, and every unit it read has the value it had.
 * The page cache asks this of the previous build's pages; watch of the pages it wrote.
 */
export function pageIsCurrent(record: Pick<PageRecord, 'outputFile' | 'key' | 'units'> | undefined, route: Route, values: UnitValues): boolean {
  return record !== undefined && record.outputFile === route.outputFile && values.pageKey(route, record.units) === record.key;
}

/** What watch keeps of each page it wrote (the page cache's record without the size). */
export type KeptPage = Pick<PageRecord, 'outputFile' | 'key' | 'units'>;

/**
 * The pages to render again after the site data changed: routes whose record is missing or no
 * longer current, sorted by path; and the output files of recorded pages no route makes any more.
 */
export function stalePages(routes: readonly Route[], records: ReadonlyMap<string, KeptPage>, values: UnitValues): { paths: string[]; removedOutputs: string[] } {
  const live = new Set(routes.map((route) => route.path));
  const liveOutputs = new Set(routes.map((route) => route.outputFile));
  const paths = routes.filter((route) => !pageIsCurrent(records.get(route.path), route, values)).map((route) => route.path).sort();
  const removedOutputs = [...records].filter(([page, record]) => !live.has(page) && !liveOutputs.has(record.outputFile)).map(([, record]) => record.outputFile).sort();
  return { paths, removedOutputs };
}

function toRecord([outputFile, bytes, key, unitIndexes]: [string, number, string, number[]], units: string[]): PageRecord {
  return { outputFile, bytes, key, units: unitIndexes.map((index) => units[index] ?? '?') };
}

function readManifest(file: string, outDir: string): ManifestFile | undefined {
  let manifest: ManifestFile;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as ManifestFile;
  } catch {
    return undefined;
  }
  if (manifest.version !== MANIFEST_VERSION || manifest.outDir !== outDir) return undefined;
  // The output folder must be the one the manifest describes, not a copy or another build's.
  const identity = identityOf(outDir);
  if (!identity || identity.dev !== manifest.output.dev || identity.ino !== manifest.output.ino) return undefined;
  return manifest;
}

function identityOf(dir: string): { dev: number; ino: number } | undefined {
  try {
    const { dev, ino } = statSync(dir);
    return { dev, ino };
  } catch {
    return undefined;
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return -1;
  }
}
