/**
 * The page manifest on disk: one file per output folder in <cacheDir>/pages/,
 * holding each page's record (session/page-manifest.ts) and what every other
 * output file was made from (session/output-extras.ts). It names the output folder's
 * path and inode, so output replaced by anything else is never trusted.
 * Deleting it is always safe: the next build renders every page.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeCacheFile } from './cache-writes.ts';
import { hashText } from '../core/hash-text.ts';
import { removeStaleFiles } from '../core/remove-stale.ts';

const MANIFEST_VERSION = 1;
/** Pages per part of the file as it is written. */
const PAGES_PER_PART = 500;

/** One page in the output: its file and size, the data units it read, and its cache key then. */
export interface PageRecord {
  outputFile: string;
  bytes: number;
  key: string;
  units: string[];
}

export interface StoredManifest {
  pages: Map<string, PageRecord>;
  /** Every other output file -> what it was made from, for the nothing-changed check. */
  extras: Record<string, string>;
}

interface ManifestFile {
  version: number;
  outDir: string;
  output: { dev: number; ino: number };
  units: string[];
  /** Route path -> [output file, bytes, key, unit indexes]. */
  pages: Record<string, [string, number, string, number[]]>;
  extras: Record<string, string>;
}

function manifestFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, 'pages', `${hashText(path.resolve(outDir))}.json`);
}

/** The manifest saved for this output folder, if it still describes the folder there now. */
export function readPageManifest(cacheDir: string, outDir: string): StoredManifest | undefined {
  const absoluteOut = path.resolve(outDir);
  let manifest: ManifestFile;
  try {
    manifest = JSON.parse(readFileSync(manifestFile(cacheDir, outDir), 'utf8')) as ManifestFile;
  } catch {
    return undefined;
  }
  if (manifest.version !== MANIFEST_VERSION || manifest.outDir !== absoluteOut) return undefined;
  // The output folder must be the one the manifest describes, not a copy or another build's.
  const identity = identityOf(absoluteOut);
  if (!identity || identity.dev !== manifest.output.dev || identity.ino !== manifest.output.ino) return undefined;
  const pages = new Map<string, PageRecord>();
  for (const [page, [outputFile, bytes, key, unitIndexes]] of Object.entries(manifest.pages)) {
    pages.set(page, { outputFile, bytes, key, units: unitIndexes.map((index) => manifest.units[index] ?? '?') });
  }
  return { pages, extras: manifest.extras };
}

/**
 * Writes the manifest of the output folder just committed (each unit name stored once), a few
 * hundred pages at a time: the whole file as one string (and the object it was made from)
 * would add ~400 bytes per page to the build's memory at its end.
 */
export function writePageManifest(cacheDir: string, outDir: string, pages: Iterable<[string, PageRecord]>, extras: Record<string, string>): void {
  const absoluteOut = path.resolve(outDir);
  const head = { version: MANIFEST_VERSION, outDir: absoluteOut, output: identityOf(absoluteOut) ?? { dev: -1, ino: -1 }, extras };
  const file = manifestFile(cacheDir, outDir);
  // Not saved: the next build renders every page (cache-writes.ts reports it).
  if (writeCacheFile(file, manifestParts(head, pages))) removeStaleFiles(path.dirname(file), file);
}

/** The manifest's JSON in parts: the head, the pages in path order, then the unit names they index (ManifestFile). */
function* manifestParts(head: Omit<ManifestFile, 'units' | 'pages'>, pages: Iterable<[string, PageRecord]>): Generator<Buffer> {
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
  const sorted = [...pages].sort(([a], [b]) => (a < b ? -1 : 1));
  yield Buffer.from(`${JSON.stringify(head).slice(0, -1)},"pages":{`);
  for (let start = 0; start < sorted.length; start += PAGES_PER_PART) {
    const part = sorted.slice(start, start + PAGES_PER_PART).map(([page, record]) => `${JSON.stringify(page)}:${JSON.stringify([record.outputFile, record.bytes, record.key, record.units.map(indexOf)])}`);
    yield Buffer.from(`${start === 0 ? '' : ','}${part.join(',')}`);
  }
  yield Buffer.from(`},"units":${JSON.stringify(units)}}`);
}

/** Removes the manifest of this output folder: the folder is about to change in ways it does not record (watch writes in place). */
export function removePageManifest(cacheDir: string, outDir: string): void {
  rmSync(manifestFile(cacheDir, outDir), { force: true });
}

function identityOf(dir: string): { dev: number; ino: number } | undefined {
  try {
    const { dev, ino } = statSync(dir);
    return { dev, ino };
  } catch {
    return undefined;
  }
}
