/**
 * public/ is copied into the output as is, dot files left out (.DS_Store,
 * .gitkeep, editor files) except .well-known/ (security.txt, app links),
 * which must be published. robots.txt and sitemap.xml are cleansite's to
 * write: a public/ file of either name is refused, never silently replaced. A file unchanged since the
 * previous build (same size and modification time) is hard-linked from the
 * previous output instead of copied again.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { globby } from 'globby';
import { CleansiteError } from '../core/errors.ts';
import { displayPath } from '../core/inside-folder.ts';
import { GENERATED_FILES, isGeneratedFile } from '../core/urls.ts';
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

/** The build (and watch's pass) stops rather than replace a site's own robots.txt or sitemap.xml without a word. */
function refuseGeneratedNames(relatives: readonly string[], publicDir: string): void {
  const clash = relatives.find(isGeneratedFile);
  if (clash === undefined) return;
  const shown = displayPath(path.join(publicDir, clash));
  throw new CleansiteError({
    code: 'ASSET_FAILED',
    message: `cleansite writes ${clash} itself (${GENERATED_FILES[clash]}), and it would replace this file`,
    location: { file: shown },
    hint: `remove ${shown}; the ${clash} written is in the output folder`,
  });
}

export async function listPublicFiles(publicDir: string): Promise<PublicFile[]> {
  const relatives = await listPublishedPaths(publicDir);
  refuseGeneratedNames(relatives, publicDir);
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
