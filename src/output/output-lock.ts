/**
 * One writer per output folder. The lock file names its holder's pid and
 * start time, so a lock left by a killed process is recognised as stale and
 * taken over instead of blocking every later build.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { namingFile } from '../core/atomic-write.ts';
import { CleansiteError } from '../core/errors.ts';
import { isSameProcessAlive, processStartTime } from '../core/process-identity.ts';
import { lockPath } from './sibling-names.ts';

interface LockRecord {
  pid: number;
  startTime?: string;
  since: string;
}

export interface OutputLock {
  /** Removes the lock if this process still holds it; safe to call twice. */
  release(): void;
}

/** A lock file this young that cannot be read is being written right now. */
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

export function acquireOutputLock(outDir: string, shown: string): OutputLock {
  const file = lockPath(outDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const own: LockRecord = { pid: process.pid, startTime: processStartTime(process.pid), since: new Date().toISOString() };
  const text = `${JSON.stringify(own)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, text);
      } catch (error) {
        // A full disk: an empty lock left here would block the next build for its grace period.
        closeSync(fd);
        rmSync(file, { force: true });
        throw namingFile(error, file);
      }
      closeSync(fd);
      return { release: () => releaseLock(file, text) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(file);
    if (holder ? isSameProcessAlive(holder.pid, holder.startTime) : isYoung(file)) {
      throw new CleansiteError({
        code: 'OUTPUT_LOCKED',
        message: `${shown}/ is being written by another cleansite${holder ? ` (pid ${holder.pid}, since ${holder.since})` : ''}; wait for it to finish or stop it, then build again`,
      });
    }
    // Stale: moved aside first, so that of two processes taking it over only one removes it.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
      rmSync(aside, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
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
