/**
 * The three source folders as whole things: whether each one is there, and
 * whether a batch of changes replaced one (deleted and restored, renamed
 * away and back, swapped by a checkout). Either makes watch set its
 * per-file bookkeeping aside: while a folder is missing it waits, keeping
 * the last good output, and once the folders are back it rebuilds from
 * what is on disk.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { CleansiteError } from '../core/errors.ts';
import { isInside, shownPath } from '../core/inside-folder.ts';
import type { SourceFolders } from './classify-change.ts';
import type { FileChange } from './file-watcher.ts';

export interface SourceFolder {
  role: 'content' | 'templates' | 'public';
  dir: string;
}

export function sourceFolders(folders: SourceFolders): SourceFolder[] {
  return [
    { role: 'content', dir: path.resolve(folders.contentDir) },
    { role: 'templates', dir: path.resolve(folders.templatesDir) },
    { role: 'public', dir: path.resolve(folders.publicDir) },
  ];
}

export function findMissingFolders(folders: SourceFolders): SourceFolder[] {
  return sourceFolders(folders).filter((folder) => !isDirectory(folder.dir));
}

/** Folders that appeared or disappeared as a whole in this batch (a file event inside one is not enough). */
export function replacedFolders(changes: readonly FileChange[], folders: SourceFolders): SourceFolder[] {
  return sourceFolders(folders).filter((folder) => changes.some((change) => (change.event === 'addDir' || change.event === 'unlinkDir') && path.resolve(change.file) === folder.dir));
}

/** `content/`, relative to the project root when inside it. */
export function shownFolder(rootDir: string, dir: string): string {
  return `${shownPath(dir, rootDir)}/`;
}

export function missingFolderProblems(rootDir: string, missing: readonly SourceFolder[]): CleansiteError[] {
  return missing.map((folder) => new CleansiteError({
    code: 'USAGE',
    message: `the ${folder.role} folder ${shownFolder(rootDir, folder.dir)} is missing (deleted or moved away)`,
    hint: 'restore it and watch rebuilds by itself; until then the last good output is served',
  }));
}

/** The problems not about a file inside one of `folders` (files are named relative to the project root). */
export function problemsOutside(rootDir: string, problems: readonly CleansiteError[], folders: readonly SourceFolder[]): CleansiteError[] {
  return problems.filter((problem) => {
    const file = problem.location?.file;
    return file === undefined || !folders.some((folder) => isInside(path.resolve(rootDir, file), folder.dir));
  });
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
