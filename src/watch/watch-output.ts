/**
 * Writing into the watch session's output folder. Pages are rendered into a
 * side folder first and moved in only when every one of them rendered, so a
 * failed rebuild leaves the last good pages being served.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A fresh folder next to the output (same file system, so moving files in is a rename). */
export function createSideFolder(outDir: string): string {
  const dir = path.join(path.dirname(path.resolve(outDir)), `.cleansite-${path.basename(outDir)}-watch-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function removeFolder(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Moves the given files (output-relative paths) from the side folder into the output. */
export function moveIntoOutput(sideDir: string, outDir: string, files: string[]): void {
  const madeDirs = new Set<string>();
  for (const file of files) {
    const target = path.join(outDir, file);
    const folder = path.dirname(target);
    if (!madeDirs.has(folder)) {
      mkdirSync(folder, { recursive: true });
      madeDirs.add(folder);
    }
    renameSync(path.join(sideDir, file), target);
  }
}

export function writeOutputFile(outDir: string, file: string, contents: string | Uint8Array): void {
  const target = path.join(outDir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, contents);
}

export function copyIntoOutput(fromDir: string, outDir: string, file: string): void {
  const target = path.join(outDir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(path.join(fromDir, file), target);
}

/** Deletes output files, then any folders they leave empty (never the output folder itself). */
export function removeFromOutput(outDir: string, files: string[]): void {
  const root = path.resolve(outDir);
  for (const file of files) {
    const target = path.join(root, file);
    try {
      unlinkSync(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (let folder = path.dirname(target); folder.startsWith(root + path.sep); folder = path.dirname(folder)) {
      if (readdirSafe(folder).length > 0) break;
      rmdirSync(folder);
    }
  }
}

function readdirSafe(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return ['?'];
  }
}
