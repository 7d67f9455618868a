/**
 * The one output writer, with two modes. Either way files are written into a
 * sibling temporary folder, and nothing reaches the output unless every step
 * succeeded: a failed pass removes its temporary folder and leaves the
 * output as it was.
 *
 * - atomic (build, and watch's first pass): the folder holds the whole site
 *   and is swapped into place. The swap is journalled (swap-journal.ts) and
 *   synchronous, so neither a signal handler nor `kill -9` can leave the
 *   output path without a complete site that the next run does not restore
 *   first.
 * - in place (watch after its first pass, into the folder it serves): the
 *   folder holds only what changed; committing moves each file into the
 *   output (a rename, so a page is never seen half-written) and deletes the
 *   output files named by remove().
 */
import { copyFileSync, linkSync, lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { writeFileNamed } from '../core/atomic-write.ts';
import path from 'node:path';
import { writeOutputMarker, type OutputMaker } from './output-marker.ts';
import { LEFTOVER_HINT, newToken, previousPath, stagingPath } from './sibling-names.ts';
import { deleteFolder, removeJournal, writeJournal } from './swap-journal.ts';
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
  /** In place: output files (relative paths) to delete at commit, then any folders they leave empty. */
  remove(files: readonly string[]): void;
  /**
   * Swaps the staged folder into the output path (atomic), or moves its files into the output
   * (in place). Resolves with warnings about what the swap could not finish after the new
   * output was in place (the previous one left beside it): they do not make the commit fail.
   */
  commit(): Promise<string[]>;
  /** Throws the staged folder away. */
  abort(): Promise<void>;
}

export type StagingMode = 'atomic' | 'in-place';

/** `maker`: the command writing the output, recorded in its marker (only a complete `build` may be deployed). */
export function createStaging(outDir: string, mode: StagingMode = 'atomic', maker: OutputMaker = 'build'): Staging {
  const token = newToken();
  // Same parent folder, so rename() is a single atomic metadata operation on one file system.
  const dir = stagingPath(outDir, token);
  mkdirSync(dir, { recursive: true });
  activeStaging.add(dir);
  // In place, the output already carries its marker.
  try {
    if (mode === 'atomic') writeOutputMarker(dir, maker, 'writing');
  } catch (error) {
    // A full disk: nobody else knows of this folder yet.
    activeStaging.delete(dir);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const removals: string[] = [];
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
      writeFileNamed(targetOf(file), contents);
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
    remove(files) {
      if (mode === 'atomic') throw new Error('an atomic staging starts empty: there is nothing to remove');
      removals.push(...files);
    },
    async commit() {
      if (mode === 'in-place') {
        moveIntoPlace(dir, outDir);
        removeFromOutput(outDir, removals);
        activeStaging.delete(dir);
        rmSync(dir, { recursive: true, force: true });
        return [];
      }
      await pauseForTest('staged');
      // Every file is in place: from here on the folder is a finished output.
      writeOutputMarker(dir, maker, 'complete');
      const warnings = swapIntoPlace(outDir, dir, previousPath(outDir, token));
      activeStaging.delete(dir);
      committedOutputs++;
      return warnings;
    },
    async abort() {
      activeStaging.delete(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The journalled swap; synchronous so that no other code of this process runs between its steps.
 * Once the new output is in place the swap has succeeded: a previous output that cannot be
 * deleted (an immutable file, a folder another process holds open) is left where it was moved,
 * named in the warning returned, and the next run tries again (swap-journal.ts).
 */
function swapIntoPlace(outDir: string, staged: string, previous: string): string[] {
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
  if (!hadOutput) return [];
  try {
    deleteFolder(previous);
    return [];
  } catch (error) {
    return [`${target} holds the new site, but the previous output could not be deleted (${(error as Error).message}); what is left of it is at ${previous}: ${LEFTOVER_HINT}`];
  }
}

/** Moves every file of the staged folder to the same place in the output. */
function moveIntoPlace(staged: string, outDir: string): void {
  const madeDirs = new Set<string>();
  for (const entry of readdirSync(staged, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const from = path.join(entry.parentPath, entry.name);
    const target = path.join(outDir, path.relative(staged, from));
    const folder = path.dirname(target);
    if (!madeDirs.has(folder)) {
      mkdirSync(folder, { recursive: true });
      madeDirs.add(folder);
    }
    renameSync(from, target);
  }
}

/** Deletes output files, then any folders they leave empty (never the output folder itself). */
function removeFromOutput(outDir: string, files: readonly string[]): void {
  const root = path.resolve(outDir);
  for (const file of files) {
    const target = path.join(root, file);
    try {
      unlinkSync(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (let folder = path.dirname(target); folder.startsWith(root + path.sep); folder = path.dirname(folder)) {
      let left: string[];
      try {
        left = readdirSync(folder);
      } catch {
        break;
      }
      if (left.length > 0) break;
      rmdirSync(folder);
    }
  }
}
