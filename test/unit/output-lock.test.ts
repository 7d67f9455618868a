/**
 * The output lock's two ways of taking the lock file (src/output/output-lock.ts): linked into place
 * whole where the file system has hard links, created and then written where it has none. Which
 * of them a found lock that cannot be read belongs to decides whether it is stale at once (a
 * linked lock is never empty) or may still be being written (for 2 s). The file systems here all
 * have hard links, so the other way is taken by giving the lock a `link` that fails as theirs does.
 */
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CleansiteError } from '../../src/core/errors.ts';
import { processStartTime } from '../../src/core/process-identity.ts';
import { acquireOutputLock } from '../../src/output/output-lock.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const noHardLinks = (): void => {
  throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
};

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

describe.each([['with hard links', undefined], ['without hard links', noHardLinks]] as const)('the output lock %s', (_, link) => {
  it('is taken with the holder\'s pid and start time, leaves nothing else beside the output, and is removed on release', () => {
    const { outDir, lock, beside } = place();
    const held = acquireOutputLock(outDir, 'dist', link);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid, startTime: processStartTime(process.pid) });
    expect(beside()).toEqual(['.cleansite-dist.lock']);
    held.release();
    held.release();
    expect(existsSync(lock)).toBe(false);
  });

  it('is refused while a live process holds it, naming that process', () => {
    const { outDir } = place();
    const held = acquireOutputLock(outDir, 'dist', link);
    expect(refusal(() => acquireOutputLock(outDir, 'dist', link))).toMatch(new RegExp(`^dist/ is being written by another cleansite \\(pid ${process.pid}, since `));
    held.release();
  });

  it('takes over a lock whose holder is gone', () => {
    const { outDir, lock } = place();
    writeFileSync(lock, `${JSON.stringify({ pid: 2 ** 22 + 1, startTime: '1', since: '2026-01-01T00:00:00.000Z' })}\n`);
    acquireOutputLock(outDir, 'dist', link).release();
    expect(existsSync(lock)).toBe(false);
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
    expect(refusal(() => acquireOutputLock(outDir, 'dist', noHardLinks))).toBe('dist/ is being written by another cleansite; wait for it to finish or stop it, then build again');
    expect(readFileSync(lock, 'utf8')).toBe('');
  });
});
