/**
 * Puts the image stage's files into the output folder. Cached variants are
 * hard-linked (no bytes copied, so a warm build spends ~nothing here); a
 * copy is the fallback where links are impossible (another file system).
 */
import { copyFileSync, linkSync, mkdirSync } from 'node:fs';
import { writeFileNamed } from '../../core/atomic-write.ts';
import path from 'node:path';
import type { ImageFile } from '../resolve-images.ts';

export function placeImageFiles(files: readonly ImageFile[], outDir: string): { files: number; bytes: number } {
  const made = new Set<string>();
  let bytes = 0;
  for (const item of files) {
    const target = path.join(outDir, item.file);
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    if ('contents' in item) writeFileNamed(target, item.contents);
    else linkOrCopy(item.from, target);
    bytes += item.bytes;
  }
  return { files: files.length, bytes };
}

function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    // Names are content hashes: a file already there (watch mode's live output) has these bytes.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    copyFileSync(from, to);
  }
}
