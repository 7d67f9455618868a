/**
 * Cache files are keyed by absolute folder paths, and tests build into many
 * temporary folders: files nothing has written for two weeks are removed.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const STALE_AFTER_MS = 14 * 24 * 3600 * 1000;

export function removeStaleFiles(dir: string, keep: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    if (file === keep) continue;
    try {
      if (now - statSync(file).mtimeMs > STALE_AFTER_MS) rmSync(file, { force: true });
    } catch {
      // Another build removed it first.
    }
  }
}
