/**
 * Atomic output: the site is written into a sibling temporary folder and
 * swapped into place only when every step succeeded. A failed build removes
 * its temporary folder and leaves the previous output untouched. The swap is
 * journalled (swap-journal.ts) and synchronous, so neither a signal handler
 * nor `kill -9` can leave the output path without a complete site that the
 * next run does not restore first.
 */
import { copyFileSync, linkSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeOutputMarker } from './output-marker.ts';
import { newToken, previousPath, stagingPath } from './sibling-names.ts';
import { removeJournal, writeJournal } from './swap-journal.ts';
import { pauseForTest, pauseForTestSync } from './test-pause.ts';

/** Staging folders of this process not yet committed or aborted (what Ctrl-C removes). */
const activeStaging = new Set<string>();
let committedOutputs = 0;

/** Removes every staging folder this process has open; returns how many outputs this process had already swapped in. */
export function discardActiveStaging(): { committed: number } {
  for (const dir of activeStaging) rmSync(dir, { recursive: true, force: true });
  activeStaging.clear();
  return { committed: committedOutputs };
}

export interface Staging {
  /** The temporary folder being written. */
  dir: string;
  /** Writes one file (relative path, forward slashes) synchronously; returns its size in bytes. */
  write(file: string, contents: string | Uint8Array): number;
  /**
   * Hard-links an unchanged file of the previous output into the staged
   * folder (copies it where links are impossible). False when `from` is gone.
   * Nothing ever writes to a linked file: every changed file is a new one.
   */
  link(file: string, from: string): boolean;
  /** Copies a file into the staged folder. */
  copy(file: string, from: string): void;
  /** Swaps the staged folder into the output path. */
  commit(): Promise<void>;
  /** Throws the staged folder away. */
  abort(): Promise<void>;
}

export function createStaging(outDir: string): Staging {
  const token = newToken();
  // Same parent folder, so rename() is a single atomic metadata operation on one file system.
  const dir = stagingPath(outDir, token);
  mkdirSync(dir, { recursive: true });
  activeStaging.add(dir);
  writeOutputMarker(dir);
  const madeDirs = new Set<string>([dir]);
  let canLink = true;

  const targetOf = (file: string) => {
    const target = path.join(dir, file);
    const folder = path.dirname(target);
    if (!madeDirs.has(folder)) {
      mkdirSync(folder, { recursive: true });
      madeDirs.add(folder);
    }
    return target;
  };

  return {
    dir,
    write(file, contents) {
      // Synchronous writes measured faster than thousands of concurrent async writes here.
      writeFileSync(targetOf(file), contents);
      return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
    },
    link(file, from) {
      const target = targetOf(file);
      try {
        if (canLink) {
          linkSync(from, target);
          return true;
        }
        copyFileSync(from, target);
        return true;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return false;
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
        // A file system without hard links (or the link limit reached): copy from now on.
        canLink = false;
        copyFileSync(from, target);
        return true;
      }
    },
    copy(file, from) {
      copyFileSync(from, targetOf(file));
    },
    async commit() {
      await pauseForTest('staged');
      swapIntoPlace(outDir, dir, previousPath(outDir, token));
      activeStaging.delete(dir);
      committedOutputs++;
    },
    async abort() {
      activeStaging.delete(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The journalled swap; synchronous so that no other code of this process runs between its steps. */
function swapIntoPlace(outDir: string, staged: string, previous: string): void {
  const target = path.resolve(outDir);
  const hadOutput = lstatSync(target, { throwIfNoEntry: false }) !== undefined;
  writeJournal(target, { staged, previous: hadOutput ? previous : undefined });
  pauseForTestSync('journal-written');
  if (hadOutput) renameSync(target, previous);
  pauseForTestSync('old-moved');
  try {
    renameSync(staged, target);
  } catch (error) {
    if (hadOutput) renameSync(previous, target);
    removeJournal(target);
    throw error;
  }
  pauseForTestSync('swapped');
  removeJournal(target);
  pauseForTestSync('journal-removed');
  if (hadOutput) rmSync(previous, { recursive: true, force: true });
}
