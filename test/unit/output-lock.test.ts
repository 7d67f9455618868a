/**
 * The output lock's two ways of taking the lock file (src/output/output-lock.ts): linked into place
 * whole where the file system has hard links, created and then written where it has none. Which
 * of them a found lock that cannot be read belongs to decides whether it is stale at once (a
 * linked lock is never empty) or may still be being written (for 2 s). The file systems here all
 * have hard links, so the other way is taken by giving the lock a `link` that fails as theirs does.
 */
import { existsSync, linkSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CleansiteError } from '../../src/core/errors.ts';
import { processStartTime } from '../../src/core/process-identity.ts';
import type { LockFileSystem } from '../../src/output/found-lock.ts';
import { acquireOutputLock } from '../../src/output/output-lock.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const noHardLinks = (): void => {
  throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
};
const NODE_FS: LockFileSystem = { link: linkSync, rename: renameSync };
const NO_HARD_LINKS: LockFileSystem = { ...NODE_FS, link: noHardLinks };
/** A dead process's lock: its pid above the kernel's largest. */
const STALE_LOCK = `${JSON.stringify({ pid: 2 ** 22 + 1, startTime: '1', since: '2026-01-01T00:00:00.000Z' })}\n`;

/** A folder with an output path in it, and what is beside that output. */
function place() {
  const parent = makeTempDir('cleansite-lock-');
  const outDir = path.join(parent, 'dist');
  return { outDir, lock: path.join(parent, '.cleansite-dist.lock'), beside: () => readdirSync(parent).sort() };
}

/** An empty lock file, as a process killed between creating and writing it leaves; its time ahead of the clock, so it is "just made" however slow this machine is. */
function emptyLock(file: string): void {
  writeFileSync(file, '');
  const ahead = new Date(Date.now() + 60_000);
  utimesSync(file, ahead, ahead);
}

function refusal(take: () => unknown): string {
  try {
    take();
  } catch (error) {
    expect(error).toBeInstanceOf(CleansiteError);
    return (error as Error).message;
  }
  throw new Error('the lock was taken');
}

describe.each([['with hard links', NODE_FS], ['without hard links', NO_HARD_LINKS]] as const)('the output lock %s', (_, fs) => {
  it('is taken with the holder\'s pid and start time, leaves nothing else beside the output, and is removed on release', () => {
    const { outDir, lock, beside } = place();
    const held = acquireOutputLock(outDir, 'dist', fs);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid, startTime: processStartTime(process.pid) });
    expect(beside()).toEqual(['.cleansite-dist.lock']);
    held.release();
    held.release();
    expect(existsSync(lock)).toBe(false);
  });

  it('is refused while a live process holds it, naming that process', () => {
    const { outDir } = place();
    const held = acquireOutputLock(outDir, 'dist', fs);
    expect(refusal(() => acquireOutputLock(outDir, 'dist', fs))).toMatch(new RegExp(`^dist/ is being written by another cleansite \\(pid ${process.pid}, since `));
    held.release();
  });

  it('takes over a lock whose holder is gone', () => {
    const { outDir, lock } = place();
    writeFileSync(lock, STALE_LOCK);
    acquireOutputLock(outDir, 'dist', fs).release();
    expect(existsSync(lock)).toBe(false);
  });

  it('leaves alone the lock of a process that took the stale one over first, in the instant before this one moved it aside', () => {
    const { outDir, lock, beside } = place();
    writeFileSync(lock, STALE_LOCK);
    // The rival: alive (this process), its own record, a new file; it takes over just before this process's move.
    const rival = `${JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid), since: '2026-11-27T10:00:00.000Z' })}\n`;
    let raced = false;
    const rename: typeof renameSync = (from, to) => {
      if (!raced && from === lock) {
        raced = true;
        rmSync(lock);
        writeFileSync(lock, rival);
      }
      fs.rename(from, to);
    };
    expect(refusal(() => acquireOutputLock(outDir, 'dist', { ...fs, rename }))).toBe(`dist/ is being written by another cleansite (pid ${process.pid}, since 2026-11-27T10:00:00.000Z); wait for it to finish or stop it, then build again`);
    expect(raced).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(rival);
    expect(beside()).toEqual(['.cleansite-dist.lock']);
  });
});

describe('an empty lock file just made', () => {
  it('is stale at once where locks are linked into place whole, and the lock is taken', () => {
    const { outDir, lock, beside } = place();
    emptyLock(lock);
    const held = acquireOutputLock(outDir, 'dist');
    expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
    expect(beside()).toEqual(['.cleansite-dist.lock']);
    held.release();
  });

  it('may still be being written where the file system has no hard links: refused, naming no pid', () => {
    const { outDir, lock } = place();
    emptyLock(lock);
    expect(refusal(() => acquireOutputLock(outDir, 'dist', NO_HARD_LINKS))).toBe('dist/ is being written by another cleansite; wait for it to finish or stop it, then build again');
    expect(readFileSync(lock, 'utf8')).toBe('');
  });
});
