/**
 * Writing files so that a fault says which file: Node's errors from write()
 * itself (ENOSPC on a full disk, EIO, EDQUOT) name no path, and "no space
 * left on device, write" alone does not tell a user which disk is full.
 *
 * writeFileAtomic is write-then-rename: a file written under a temporary
 * name beside its target and renamed over it, so a reader (another build
 * running at the same time) sees the old file or the new one, never half a
 * file.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The error, with `file` in its message and `path` when the system call named none. */
export function namingFile(error: unknown, file: string): unknown {
  const failure = error as NodeJS.ErrnoException;
  if (!(error instanceof Error) || failure.path !== undefined || error.message.includes(file)) return error;
  failure.path = file;
  error.message = `${error.message} '${file}'`;
  return error;
}

/** writeFileSync; an error names the file. */
export function writeFileNamed(file: string, contents: string | NodeJS.ArrayBufferView): void {
  try {
    writeFileSync(file, contents);
  } catch (error) {
    throw namingFile(error, file);
  }
}

/**
 * Throws (naming the file) when the file cannot be written; no temporary file is left behind.
 * `contents` may be an iterable of parts, each written as it comes, so a large file is never
 * held whole in memory.
 */
export function writeFileAtomic(file: string, contents: string | NodeJS.ArrayBufferView | Iterable<NodeJS.ArrayBufferView>): void {
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    if (typeof contents === 'string' || ArrayBuffer.isView(contents)) writeFileSync(temporary, contents);
    else writeParts(temporary, contents);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw namingFile(error, temporary);
  }
}

function writeParts(file: string, parts: Iterable<NodeJS.ArrayBufferView>): void {
  const fd = openSync(file, 'w');
  try {
    for (const part of parts) {
      const bytes = new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
      for (let offset = 0; offset < bytes.byteLength;) offset += writeSync(fd, bytes, offset);
    }
  } finally {
    closeSync(fd);
  }
}
