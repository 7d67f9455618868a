/**
 * The read-only guard of the run's shared build of the real site (test/support/shared-site.ts):
 * what was built is recorded once, and after each test file that read the build
 * (shared-site.after-each-file.ts) the folder is compared with that record. This module imports no
 * part of the engine: it is loaded before every file of the integration tier, and the engine's
 * import there cost every file ~0.3 s that imported nothing else of it.
 *
 * The comparison reads only what may have changed: a file whose inode, size and modification time
 * are as recorded holds the recorded bytes (any write sets the time), so only a file whose stats
 * moved is hashed again and compared by its bytes; a file added or removed is a change.
 */
import { readdirSync, readFileSync, statSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { hashFiles, sha256File } from './fixture-site.ts';

export const SHARED_SITE_KEY = 'cleansiteSharedSiteRoot';
/** Inside the run's folder: the output, and the record of it written once it is whole. */
export const SHARED_SITE_OUT = 'dist';
export const SHARED_SITE_HASHES = 'ready.json';

declare module 'vitest' {
  export interface ProvidedContext {
    cleansiteSharedSiteRoot: string;
  }
}

/** One file of the record: its bytes' hash and the stats that say it was not written since. */
type Recorded = { hash: string; stamp: string };

const stampOf = (stats: Stats) => `${stats.ino}:${stats.size}:${stats.mtimeMs}`;

/** Records the whole build in `root` (its `ready` record, which the waiting files look for). */
export function recordSharedSite(root: string): void {
  const out = path.join(root, SHARED_SITE_OUT);
  const record = [...hashFiles(out)].map(([file, hash]): [string, Recorded] => [file, { hash, stamp: stampOf(statSync(path.join(out, file))) }]);
  writeFileSync(path.join(root, SHARED_SITE_HASHES), JSON.stringify(record));
}

/** The shared build's folder when this test file read it (reset after each file: a worker that shares modules runs many). */
let usedBy: string | undefined;

/** Marks the shared build in `root` as read by this test file, so it is checked after the file. */
export function markSharedSiteUsed(root: string): void {
  usedBy = root;
}

/** Files of the shared build that differ from what was built (none when this file did not read it); the next file starts unmarked. */
export function changedSharedFiles(): string[] {
  const root = usedBy;
  usedBy = undefined;
  if (!root) return [];
  const out = path.join(root, SHARED_SITE_OUT);
  const before = new Map(JSON.parse(readFileSync(path.join(root, SHARED_SITE_HASHES), 'utf8')) as Array<[string, Recorded]>);
  const now = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  const changed = now.filter((file) => {
    const recorded = before.get(file);
    if (!recorded) return true;
    const absolute = path.join(out, file);
    return stampOf(statSync(absolute)) !== recorded.stamp && sha256File(absolute) !== recorded.hash;
  });
  const present = new Set(now);
  return [...changed, ...[...before.keys()].filter((file) => !present.has(file))].sort();
}
