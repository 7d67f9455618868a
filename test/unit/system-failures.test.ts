/**
 * A fault of the machine (full or read-only disk, permissions, open files) is reported as Node
 * states it, naming the files, with what to do about it; anything else thrown that is not a
 * CleansiteError stays an "Unexpected failure" (src/core/errors.ts, toErrorList).
 */
import { describe, expect, it } from 'vitest';
import { CleansiteError, toErrorList } from '../../src/core/errors.ts';

/** An error shaped as Node's fs functions throw it. */
function systemError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}`), { code, errno: -1, syscall: 'open' });
}

describe('toErrorList', () => {
  it.each([
    ['ENOSPC', "no space left on device, write '/mnt/full/dist/index.html'", /^the disk is full: free some space on it \(build and watch .*--out\)$/],
    ['EROFS', "read-only file system, open '/mnt/ro/.cleansite-site.lock'", /^that file system is mounted read-only \(build and watch .*--out\)$/],
    ['EACCES', "permission denied, mkdir '/srv/site'", /^check the owner and permissions/],
    ['EPERM', "operation not permitted, unlink '/srv/site/index.html'", /immutable/],
    ['EMFILE', "too many open files, open '/srv/site/a.html'", /ulimit -n/],
  ])('%s: keeps Node\'s message with the file, adds a hint', (code, message, hint) => {
    const [error] = toErrorList(systemError(code, message));
    expect(error).toBeInstanceOf(CleansiteError);
    expect(error!.message).toBe(`${code}: ${message}`);
    expect(error!.hint).toMatch(hint);
    expect(error!.cause).toBeInstanceOf(Error);
  });

  it('keeps other errors as unexpected failures, with no hint', () => {
    const [error] = toErrorList(systemError('ECONNRESET', 'socket hang up'));
    expect(error!.message).toBe('Unexpected failure: ECONNRESET: socket hang up');
    expect(error!.hint).toBeUndefined();
    expect(toErrorList(new TypeError('x is not a function'))[0]!.message).toBe('Unexpected failure: x is not a function');
  });
});
