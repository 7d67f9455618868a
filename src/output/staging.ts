/**
 * Atomic output: the site is written into a sibling temporary folder and
 * swapped into place only when every step succeeded. A failed build removes
 * its temporary folder and leaves the previous output untouched.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';

export interface Staging {
  /** The temporary folder being written. */
  dir: string;
  /** Writes one file (relative path, forward slashes) synchronously; returns its size in bytes. */
  write(file: string, contents: string | Uint8Array): number;
  /**
   * Hard-links an unchanged file of the previous output into the staged
   * folder (copies it where links are impossible). False when `from` is gone.
   * Nothing ever writes to a linked file: every changed file is a new one.
   */
  link(file: string, from: string): boolean;
  /** Copies a file into the staged folder. */
  copy(file: string, from: string): void;
  /** Swaps the staged folder into the output path. */
  commit(): Promise<void>;
  /** Throws the staged folder away. */
  abort(): Promise<void>;
}

export function createStaging(outDir: string): Staging {
  const parent = path.dirname(path.resolve(outDir));
  const name = path.basename(outDir);
  const token = `${process.pid}-${randomBytes(4).toString('hex')}`;
  // Same parent folder, so rename() is a single atomic metadata operation on one file system.
  const dir = path.join(parent, `.cleansite-${name}-${token}.tmp`);
  mkdirSync(dir, { recursive: true });
  const madeDirs = new Set<string>([dir]);
  let canLink = true;

  const targetOf = (file: string) => {
    const target = path.join(dir, file);
    const folder = path.dirname(target);
    if (!madeDirs.has(folder)) {
      mkdirSync(folder, { recursive: true });
      madeDirs.add(folder);
    }
    return target;
  };

  return {
    dir,
    write(file, contents) {
      // Synchronous writes measured faster than thousands of concurrent async writes here.
      writeFileSync(targetOf(file), contents);
      return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
    },
    link(file, from) {
      const target = targetOf(file);
      try {
        if (canLink) {
          linkSync(from, target);
          return true;
        }
        copyFileSync(from, target);
        return true;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return false;
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
        // A file system without hard links (or the link limit reached): copy from now on.
        canLink = false;
        copyFileSync(from, target);
        return true;
      }
    },
    copy(file, from) {
      copyFileSync(from, targetOf(file));
    },
    async commit() {
      const target = path.resolve(outDir);
      const old = path.join(parent, `.cleansite-${name}-${token}.old`);
      const hadOutput = existsSync(target);
      if (hadOutput) await rename(target, old);
      try {
        await rename(dir, target);
      } catch (error) {
        if (hadOutput) await rename(old, target);
        throw error;
      }
      if (hadOutput) await rm(old, { recursive: true, force: true });
    },
    async abort() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}
