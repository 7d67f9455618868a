/**
 * A lock file found in place when taking the output lock (output-lock.ts): read with the file it
 * is, judged (its holder alive, or being written), and, when stale, moved aside and removed, unless
 * what was moved is no longer the lock judged.
 */
import { closeSync, fstatSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { namingFile } from '../core/atomic-write.ts';

export interface LockRecord {
  pid: number;
  startTime?: string;
  since: string;
}

/**
 * Where hard links are missing (some network and FUSE file systems) the lock is
 * created empty and then written, so one this young that cannot be read may be
 * being written right now.
 */
const WRITING_GRACE_MS = 2_000;

/** A lock file as found: which file it is (inode) and its bytes, read through one descriptor. */
export interface FoundLock {
  ino: number;
  text: string;
}

export function findLock(file: string): FoundLock | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw namingFile(error, file);
  }
  try {
    return { ino: fstatSync(fd).ino, text: readFileSync(fd, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

export function parseLock(text: string): LockRecord | undefined {
  try {
    const record = JSON.parse(text) as LockRecord;
    return Number.isInteger(record.pid) ? record : undefined;
  } catch {
    return undefined;
  }
}

export function isYoung(file: string): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && Date.now() - stat.mtimeMs < WRITING_GRACE_MS;
}

/** The file-system calls the lock makes that a test replaces: a file system's without hard links (none can be mounted here), a rival's move. */
export interface LockFileSystem {
  link: typeof linkSync;
  rename: typeof renameSync;
}

/**
 * Moved aside first, so that of two processes taking it over only one removes it; under a
 * name the leftover clean-up knows, should this process be killed in between. What was moved
 * must be the stale lock judged: a third process may have taken the lock over in between, and
 * its lock is put back: linked, which fails rather than replace a fourth's taken in that
 * instant, or, without hard links, renamed.
 */
export function removeStaleLock(file: string, stale: FoundLock, aside: string, fs: LockFileSystem, linksWork: boolean): void {
  try {
    fs.rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const moved = findLock(aside);
    if (moved && (moved.ino !== stale.ino || moved.text !== stale.text)) putBack(aside, file, fs, linksWork);
  } finally {
    rmSync(aside, { force: true });
  }
}

function putBack(aside: string, file: string, fs: LockFileSystem, linksWork: boolean): void {
  try {
    if (linksWork) fs.link(aside, file);
    else fs.rename(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
