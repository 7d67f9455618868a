/**
 * One writer per output folder. The lock file names its holder's pid and
 * start time, so a lock left by a killed process is recognised as stale and
 * taken over instead of blocking every later build.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { namingFile } from '../core/atomic-write.ts';
import { CleansiteError } from '../core/errors.ts';
import { isSameProcessAlive, processStartTime } from '../core/process-identity.ts';
import { findLock, isYoung, parseLock, removeStaleLock, type LockFileSystem, type LockRecord } from './found-lock.ts';
import { lockDraftPath, lockPath, newToken } from './sibling-names.ts';

export interface OutputLock {
  /** Removes the lock if this process still holds it; safe to call twice. */
  release(): void;
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

export function acquireOutputLock(outDir: string, shown: string, fs: LockFileSystem = { link: linkSync, rename: renameSync }): OutputLock {
  const file = lockPath(outDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const own: LockRecord = { pid: process.pid, startTime: processStartTime(process.pid), since: new Date().toISOString() };
  const text = `${JSON.stringify(own)}\n`;
  let linksWork = true;
  for (let attempt = 0; attempt < 5; attempt++) {
    let result = linksWork ? tryLinkLock(file, lockDraftPath(outDir, newToken()), text, fs.link) : undefined;
    if (result === undefined) {
      linksWork = false;
      result = tryCreateLock(file, text);
    }
    if (result === 'taken') return { release: () => releaseLock(file, text) };
    const found = findLock(file);
    if (!found) continue;
    const holder = parseLock(found.text);
    // A lock that cannot be read is stale at once where every writer links a complete one into place.
    if (holder ? isSameProcessAlive(holder.pid, holder.startTime) : !linksWork && isYoung(file)) {
      throw new CleansiteError({
        code: 'OUTPUT_LOCKED',
        message: `${shown}/ is being written by another cleansite${holder ? ` (pid ${holder.pid}, since ${holder.since})` : ''}; wait for it to finish or stop it, then build again`,
      });
    }
    removeStaleLock(file, found, lockDraftPath(outDir, newToken()), fs, linksWork);
  }
  throw new CleansiteError({ code: 'OUTPUT_LOCKED', message: `${shown}/: could not take the lock ${path.basename(file)}; another cleansite keeps taking it` });
}

function releaseLock(file: string, text: string): void {
  try {
    if (readFileSync(file, 'utf8') === text) rmSync(file, { force: true });
  } catch {
    // Already gone.
  }
}
