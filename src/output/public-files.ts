/**
 * public/ is copied into the output as is, dot files left out (.DS_Store,
 * .gitkeep, editor files) except .well-known/ (security.txt, app links),
 * which must be published. A file unchanged since the
 * previous build (same size and modification time) is hard-linked from the
 * previous output instead of copied again.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { globby } from 'globby';
import type { Staging } from './staging.ts';

export interface PublicFile {
  /** Path under public/ and under the output folder, forward slashes. */
  relative: string;
  bytes: number;
  /** Size and modification time: changes when the file does. */
  stamp: string;
}

/** Which files of public/ are published: the one rule for `build` and `watch`. */
const PUBLISHED = ['**/*', '.well-known/**/*'];

/** Whether a path under public/ (forward slashes) is published: no part starts with a dot, but for .well-known/. */
export function isPublishedPublicFile(relative: string): boolean {
  const parts = relative.split('/');
  return parts.every((part, index) => !part.startsWith('.') || (index === 0 && part === '.well-known' && parts.length > 1));
}

/** The published files of public/, sorted. */
export async function listPublishedPaths(publicDir: string): Promise<string[]> {
  return (await globby(PUBLISHED, { cwd: publicDir, onlyFiles: true, dot: false })).sort();
}

export async function listPublicFiles(publicDir: string): Promise<PublicFile[]> {
  const relatives = await listPublishedPaths(publicDir);
  return relatives.sort().map((relative) => {
    const { size, mtimeMs } = statSync(path.join(publicDir, relative));
    return { relative, bytes: size, stamp: `${size}:${mtimeMs}` };
  });
}

/** `unchanged(file)` says whether the previous output holds this very file (then it is linked from `previousDir`). */
export function placePublicFiles(files: PublicFile[], publicDir: string, staging: Staging, previousDir: string, unchanged: (file: PublicFile) => boolean): number {
  let bytes = 0;
  for (const file of files) {
    const linked = unchanged(file) && staging.link(file.relative, path.join(previousDir, file.relative));
    if (!linked) staging.copy(file.relative, path.join(publicDir, file.relative));
    bytes += file.bytes;
  }
  return bytes;
}
