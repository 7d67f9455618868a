/**
 * Cache files are keyed by absolute folder paths, and tests and benchmarks
 * build from many temporary folders: files nothing has written for two
 * weeks are removed, and beyond the newest KEEP_NEWEST the oldest go too
 * (10,000-page sites leave 25 MB content caches: an unbounded folder grew
 * to 3 GB in a day of benchmarking).
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
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
    // `keep` is one of the newest, so keepNewest - 1 others stay.
    if (index >= keepNewest - 1 || now - mtimeMs > STALE_AFTER_MS) rmSync(file, { force: true });
  });
}
