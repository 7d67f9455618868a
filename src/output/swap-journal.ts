/**
 * The swap of a staged output into place is two renames (output -> .old,
 * staging -> output). Before the first one a journal names both folders, and
 * it is removed after the second; a process killed in between leaves the
 * journal, and the next run, before doing anything else, puts the previous
 * output back (or, if the new one is already in place, keeps it) and removes
 * the rest. Runs only while holding the output lock.
 */
import { closeSync, fsyncSync, lstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../core/process-identity.ts';
import { journalPath, LEFTOVER_HINT, leftoverOwner } from './sibling-names.ts';

interface Journal {
  pid: number;
  /** The staged folder being moved in. */
  staged: string;
  /** Where the previous output is moved aside; absent when there was none. */
  previous?: string;
}

const exists = (file: string) => lstatSync(file, { throwIfNoEntry: false }) !== undefined;

export function writeJournal(outDir: string, journal: Omit<Journal, 'pid'>): void {
  const fd = openSync(journalPath(outDir), 'w');
  try {
    writeSync(fd, `${JSON.stringify({ pid: process.pid, ...journal })}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function removeJournal(outDir: string): void {
  rmSync(journalPath(outDir), { force: true });
}

/** A path from the journal, trusted only when it is one of cleansite's own folders beside the output. */
function ownSibling(outDir: string, file: unknown): string | undefined {
  if (typeof file !== 'string') return undefined;
  const parent = path.dirname(path.resolve(outDir));
  return path.dirname(file) === parent && leftoverOwner(outDir, path.basename(file)) !== undefined ? file : undefined;
}

/** Finishes a swap a killed process left half done. Returns what it did, for the log, or undefined when there was nothing to do. */
export function recoverInterruptedSwap(outDir: string): string | undefined {
  const file = journalPath(outDir);
  let journal: Partial<Journal>;
  try {
    journal = JSON.parse(readFileSync(file, 'utf8')) as Partial<Journal>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // Torn before it was complete: no rename had started.
    removeJournal(outDir);
    return 'removed an incomplete swap journal';
  }
  const target = path.resolve(outDir);
  const staged = ownSibling(outDir, journal.staged);
  const previous = ownSibling(outDir, journal.previous);
  let outcome: string;
  if (!exists(target) && previous && exists(previous)) {
    renameSync(previous, target);
    outcome = 'restored the previous output, which an interrupted build had moved aside';
  } else {
    outcome = exists(target) ? 'an interrupted swap left a complete output in place; removed the rest' : 'cleaned up an interrupted first build';
  }
  // What cannot be deleted now is left for removeLeftoverStaging to report.
  for (const leftover of [staged, previous]) {
    try {
      if (leftover) rmSync(leftover, { recursive: true, force: true });
    } catch {
      // Reported by removeLeftoverStaging, which runs next and tries again.
    }
  }
  removeJournal(outDir);
  return outcome;
}

/**
 * Removes staging and side folders beside the output left by cleansite processes that no longer
 * run. Returns how many, and a warning for each that could not be deleted (it never blocks the
 * run: the output itself is not involved).
 */
export function removeLeftoverStaging(outDir: string): { removed: number; stuck: string[] } {
  const parent = path.dirname(path.resolve(outDir));
  const result = { removed: 0, stuck: [] as string[] };
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return result;
  }
  for (const name of names) {
    const pid = leftoverOwner(outDir, name);
    if (pid === undefined || pid === process.pid || isProcessAlive(pid)) continue;
    const leftover = path.join(parent, name);
    try {
      deleteFolder(leftover);
      result.removed++;
    } catch (error) {
      result.stuck.push(`could not delete ${leftover}, left by an earlier build (${(error as Error).message}); ${LEFTOVER_HINT}`);
    }
  }
  return result;
}

/**
 * Deletes a leftover folder. When that fails, the error is the first file that cannot be
 * deleted (an immutable one: "EPERM ... unlink '<file>'"), not what the recursive removal
 * stumbled on after it (ENOTDIR on that file's parent).
 */
export function deleteFolder(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch (error) {
    throw firstUndeletable(dir) ?? error;
  }
}

function firstUndeletable(dir: string): Error | undefined {
  try {
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (entry.isDirectory()) continue;
      try {
        unlinkSync(path.join(entry.parentPath, entry.name));
      } catch (error) {
        return error as Error;
      }
    }
  } catch (error) {
    return error as Error;
  }
  return undefined;
}
