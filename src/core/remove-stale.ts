/**
 * Cache files are keyed by absolute folder paths, and tests and benchmarks
 * build from many temporary folders: files nothing has written for two
 * weeks are removed, and beyond the newest KEEP_NEWEST the oldest go too
 * (10,000-page sites leave 25 MB content caches: an unbounded folder grew
 * to 3 GB in a day of benchmarking).
 *
 * Cheap when written often: a cold build writes the step cache five times
 * and the compiled-module folders twice, and a full folder used to be listed
 * and every file's age read at each write (300 stats, 3-7 ms of CPU each
 * time). Now a write lists the folder and reads ages only when it is over its
 * bound; a trim then also removes what is two weeks old, and leaves a tenth
 * of room, so the next writes only list it.
 */
import { existsSync, readdirSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import path from 'node:path';

const STALE_AFTER_MS = 14 * 24 * 3600 * 1000;
const KEEP_NEWEST = 32;

export function removeStaleFiles(dir: string, keep: string, now = Date.now(), keepNewest = KEEP_NEWEST): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  if (names.length <= keepNewest) return;
  // Room for the next writes before the folder is over its bound again (none for tiny bounds).
  const kept = keepNewest - Math.floor(keepNewest / 10);
  const files: Array<{ file: string; mtimeMs: number }> = [];
  for (const name of names) {
    const file = path.join(dir, name);
    if (file === keep) continue;
    try {
      files.push({ file, mtimeMs: statSync(file).mtimeMs });
    } catch {
      // Another build removed it first.
    }
  }
  files.sort((a, b) => b.mtimeMs - a.mtimeMs);
  files.forEach(({ file, mtimeMs }, index) => {
    // `keep` is one of the newest, so kept - 1 others stay.
    if ((files.length >= keepNewest && index >= kept - 1) || now - mtimeMs > STALE_AFTER_MS) removeFile(file);
  });
}

function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Another build removed it first.
  }
}

/**
 * True when the file is there, now with this moment as its time: builds that share a cache trim
 * its oldest files first, so a file reused as it was, with its old time (a watch switching back to
 * a config it compiled minutes ago), could be removed by another build before it was read
 * (`npm test`, 2026-11-27: "Cannot find module …/config-<hash>.mjs").
 */
export function markUsed(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // A read-only cache: the file is still there to read.
  }
  return true;
}
