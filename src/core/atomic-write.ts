/**
 * Write-then-rename: a file written under a temporary name beside its
 * target and renamed over it, so a reader (another build running at the
 * same time) sees the old file or the new one, never half a file.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Throws when the file cannot be written; no temporary file is left behind. */
export function writeFileAtomic(file: string, contents: string | NodeJS.ArrayBufferView): void {
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, contents);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
