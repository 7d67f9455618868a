/**
 * The cache is optional. Every cache file is written through here, and a
 * cache folder that cannot be written (a read-only checkout, a global
 * install, a full disk) costs only speed: the write is dropped, the build
 * goes on from source, and the first failure becomes one warning naming
 * the path (takeCacheWarning, printed once per build).
 *
 * Writers put a temporary file or folder beside their target and rename
 * it; one killed before the rename leaves `<name>.<pid>-<hex>.tmp` (or
 * `.<pid>.<time>.tmp`) behind, which the next build removes once that pid
 * no longer runs (removeCacheLeftovers).
 */
import { accessSync, constants, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { namingFile, writeFileAtomic } from '../core/atomic-write.ts';
import { isProcessAlive } from '../core/process-identity.ts';

let firstFailure: string | undefined;

/** Remembers a failed cache write (the first one is the warning). */
export function cacheWriteFailed(error: unknown, file: string): void {
  firstFailure ??= (namingFile(whyNotWritable(file) ?? error, file) as Error).message ?? String(error);
}

/**
 * The plain reason a folder cannot be written, when there is one: a recursive mkdir on a
 * read-only file system reports ENOENT, which would send a user looking for a missing folder.
 */
function whyNotWritable(file: string): unknown {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (!existsSync(dir)) {
      if (path.dirname(dir) === dir) return undefined;
      continue;
    }
    try {
      accessSync(dir, constants.W_OK);
      return undefined;
    } catch (error) {
      return error;
    }
  }
}

/** Writes a cache file atomically (`contents` may come in parts, made as they are written); false when it could not (reported by takeCacheWarning). */
export function writeCacheFile(file: string, contents: string | NodeJS.ArrayBufferView | Iterable<NodeJS.ArrayBufferView>): boolean {
  try {
    writeFileAtomic(file, contents);
    return true;
  } catch (error) {
    cacheWriteFailed(error, file);
    return false;
  }
}

/** The one warning about the cache since the last call, if a write failed. */
export function takeCacheWarning(): string | undefined {
  const failure = firstFailure;
  firstFailure = undefined;
  return failure && `the cache could not be written (${failure}); this build did without it, and the next one will redo the work it would have saved`;
}

const LEFTOVER = /\.(\d+)[.-][0-9a-f]+\.tmp(\.mjs)?$/;

/** Removes temporary files and folders that killed builds left in the cache's folders (one level down). Returns how many. */
export function removeCacheLeftovers(cacheDir: string): number {
  let removed = 0;
  const sweep = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const match = LEFTOVER.exec(name);
      if (!match || Number(match[1]) === process.pid || isProcessAlive(Number(match[1]))) continue;
      try {
        rmSync(path.join(dir, name), { recursive: true, force: true });
        removed++;
      } catch {
        // A read-only cache: nothing can be written there either, and nothing is read from these.
      }
    }
  };
  let folders: string[];
  try {
    folders = readdirSync(cacheDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => path.join(cacheDir, entry.name));
  } catch {
    return 0;
  }
  for (const folder of folders) sweep(folder);
  return removed;
}
