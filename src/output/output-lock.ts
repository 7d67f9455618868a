/**
 * One writer per output folder. The lock file names its holder's pid and
 * start time, so a lock left by a killed process is recognised as stale and
 * taken over instead of blocking every later build.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { namingFile } from '../core/atomic-write.ts';
import { CleansiteError } from '../core/errors.ts';
import { isSameProcessAlive, processStartTime } from '../core/process-identity.ts';
import { lockDraftPath, lockPath, newToken } from './sibling-names.ts';

interface LockRecord {
  pid: number;
  startTime?: string;
  since: string;
}

export interface OutputLock {
  /** Removes the lock if this process still holds it; safe to call twice. */
  release(): void;
}

/**
 * Where hard links are missing (some network and FUSE file systems) the lock is
 * created empty and then written, so one this young that cannot be read may be
 * being written right now.
 */
const WRITING_GRACE_MS = 2_000;

function readLock(file: string): LockRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as LockRecord;
    return Number.isInteger(record.pid) ? record : undefined;
  } catch {
    return undefined;
  }
}

function isYoung(file: string): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && Date.now() - stat.mtimeMs < WRITING_GRACE_MS;
}

type Attempt = 'taken' | 'held';

/**
 * Writes the whole record to a draft and links it into place: the link fails
 * when the lock exists, as an exclusive create does, and a lock that exists is
 * never empty, even after a kill -9 in the middle.
 */
function tryLinkLock(file: string, draft: string, text: string, link: typeof linkSync): Attempt | undefined {
  try {
    writeFileSync(draft, text, { flag: 'wx' });
  } catch (error) {
    rmSync(draft, { force: true });
    throw namingFile(error, draft);
  }
  try {
    link(draft, file);
    return 'taken';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return 'held';
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EOPNOTSUPP') return undefined;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

function tryCreateLock(file: string, text: string): Attempt {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'held';
    throw error;
  }
  try {
    writeSync(fd, text);
  } catch (error) {
    // A full disk: an empty lock left here would block the next build for its grace period.
    closeSync(fd);
    rmSync(file, { force: true });
    throw namingFile(error, file);
  }
  closeSync(fd);
  return 'taken';
}

/** `link` is Node's, or in a test a file system's without hard links (none can be mounted here). */
export function acquireOutputLock(outDir: string, shown: string, link: typeof linkSync = linkSync): OutputLock {
  const file = lockPath(outDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const own: LockRecord = { pid: process.pid, startTime: processStartTime(process.pid), since: new Date().toISOString() };
  const text = `${JSON.stringify(own)}\n`;
  let linksWork = true;
  for (let attempt = 0; attempt < 5; attempt++) {
    let result = linksWork ? tryLinkLock(file, lockDraftPath(outDir, newToken()), text, link) : undefined;
    if (result === undefined) {
      linksWork = false;
      result = tryCreateLock(file, text);
    }
    if (result === 'taken') return { release: () => releaseLock(file, text) };
    const holder = readLock(file);
    // A lock that cannot be read is stale at once where every writer links a complete one into place.
    if (holder ? isSameProcessAlive(holder.pid, holder.startTime) : !linksWork && isYoung(file)) {
      throw new CleansiteError({
        code: 'OUTPUT_LOCKED',
        message: `${shown}/ is being written by another cleansite${holder ? ` (pid ${holder.pid}, since ${holder.since})` : ''}; wait for it to finish or stop it, then build again`,
      });
    }
    removeStaleLock(file, lockDraftPath(outDir, newToken()));
  }
  throw new CleansiteError({ code: 'OUTPUT_LOCKED', message: `${shown}/: could not take the lock ${path.basename(file)}; another cleansite keeps taking it` });
}

/**
 * Moved aside first, so that of two processes taking it over only one removes it; under a
 * name the leftover clean-up knows, should this process be killed in between.
 */
function removeStaleLock(file: string, aside: string): void {
  try {
    renameSync(file, aside);
    rmSync(aside, { force: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function releaseLock(file: string, text: string): void {
  try {
    if (readFileSync(file, 'utf8') === text) rmSync(file, { force: true });
  } catch {
    // Already gone.
  }
}
