/**
 * Finds the content files: every file a collection's `files` pattern claims.
 * Symbolic links are never walked into, so a link back up the tree (`pages/sub/up
 * -> ..`) cannot make the site repeat itself. A link to a file inside the
 * content folder is read as that file (followed once); a link that leads
 * out of the content folder, a link to a folder, and a broken link are
 * refused by name, since each would otherwise change the site silently.
 */
import { lstatSync, readdirSync, realpathSync, statSync, Stats, type Dirent } from 'node:fs';
import path from 'node:path';
import { globby } from 'globby';
import { CleansiteError } from '../core/errors.ts';
import { shownPath } from '../core/inside-folder.ts';
import { folderOf, isSingleFile, type Collections } from './collections.ts';
import { fileExtensionsOf } from '../config/collection-files.ts';

export interface ContentListing {
  /** Paths relative to the content folder, forward slashes, sorted. */
  files: string[];
  /** Links refused, in path order. */
  problems: CleansiteError[];
}

interface KindScan {
  /** Glob for every entry under the kind's folder (or the one file): files, folders and links. */
  scan: string;
  /** Whether a path found by `scan` is one of the kind's files. */
  claims(relative: string): boolean;
  /** True for kinds whose files may sit in subfolders (pages): a linked folder there would be walked. */
  recursive: boolean;
  /** The kind's top folder, when it has one. */
  folder?: string;
}

function scansOf(collections: Collections): KindScan[] {
  return Object.values(collections).map((collection) => {
    const pattern = collection.files;
    if (isSingleFile(collection)) return { scan: pattern, claims: (relative: string) => relative === pattern, recursive: false };
    const folder = folderOf(collection);
    const extensions = fileExtensionsOf(collection.files) ?? ['.md'];
    const recursive = pattern.startsWith(`${folder}/**/`);
    return {
      scan: `${folder}/${recursive ? '**' : '*'}`,
      claims: (relative: string) => extensions.some((extension) => relative.endsWith(extension)) && (recursive || relative.split('/').length === 2),
      recursive,
      folder,
    };
  });
}

export async function listContentFiles(contentDir: string, rootDir: string, collections: Collections): Promise<ContentListing> {
  const scans = scansOf(collections);
  const realContent = realpathOr(contentDir);
  const problems = new Map<string, CleansiteError>();
  const files: string[] = [];
  const refuse = (relative: string, message: string, hint: string) => {
    const file = shown(path.join(contentDir, relative));
    problems.set(relative, new CleansiteError({ code: 'CONTENT_PARSE', message, hint, location: { file } }));
  };
  const shown = (absolute: string) => shownPath(absolute, rootDir);
  const inside = (real: string) => real === realContent || real.startsWith(realContent + path.sep);

  const patterns: string[] = [];
  for (const kind of scans) {
    // globby walks a pattern's base folder even when it is a link: check that one here.
    const top = kind.folder ? lstatOr(path.join(contentDir, kind.folder)) : undefined;
    if (top && top.isSymbolicLink() && !inside(realpathOr(path.join(contentDir, kind.folder!)))) {
      refuse(kind.folder!, `a link to ${shown(realpathOr(path.join(contentDir, kind.folder!)))}, outside the content folder`, 'content must live inside the content folder: move it there, or point --content at the folder that holds it');
      continue;
    }
    patterns.push(kind.scan);
  }
  // Markdown in a folder no collection claims is most likely a collection renamed or misspelt in
  // site.config.ts: its entries would vanish from the site without a word. Folders named with a
  // leading `_` (or `.`) hold what is not content, as in Jekyll and Hugo: drafts, shared notes.
  const claimed = new Set(scans.flatMap((kind) => (kind.folder ? [kind.folder] : [])));
  const unclaimed = new Set(readdirOr(contentDir).filter((entry) => entry.isDirectory() && !claimed.has(entry.name) && !/^[._]/.test(entry.name)).map((entry) => entry.name));
  for (const folder of unclaimed) patterns.push(`${folder}/**/*.md`);
  const entries = await globby(patterns, { cwd: contentDir, onlyFiles: false, followSymbolicLinks: false, objectMode: true, markDirectories: true });
  for (const { path: relative, dirent } of entries) {
    const folder = relative.split('/')[0]!;
    if (unclaimed.has(folder) && dirent.isFile()) {
      unclaimed.delete(folder);
      refuse(relative, `no collection holds the files in ${folder}/: the site config (site.config.ts) declares none with files: '${folder}/...'`,
        `declare the collection in site.config.ts (files: '${folder}/*.md'), or name the folder _${folder} to keep files that are not content`);
      continue;
    }
    const kind = scans.find((candidate) => candidate.folder === undefined ? candidate.scan === relative : relative.startsWith(`${candidate.folder}/`));
    if (!kind) continue;
    if (dirent.isFile()) {
      if (kind.claims(relative)) files.push(relative);
      continue;
    }
    if (!dirent.isSymbolicLink()) continue;
    const absolute = path.join(contentDir, relative);
    const target = statOr(absolute);
    if (!(target instanceof Stats)) {
      const why = target === 'ELOOP' ? 'links lead round in a loop' : 'what it points to does not exist';
      if (kind.claims(relative) || target === 'ELOOP') refuse(relative, `a broken link: ${why}`, 'remove the link, or restore the file it points to');
      continue;
    }
    const real = realpathOr(absolute);
    if (target.isDirectory()) {
      if (!kind.recursive) continue;
      if (!inside(real)) refuse(relative, `a link to the folder ${shown(real)}, outside the content folder`, 'content must live inside the content folder: move the files there');
      else refuse(relative, `a link to the folder ${shown(real)}: linked folders are not followed (a link back up would repeat the site forever)`, 'remove the link, or link the files it should add one by one');
      continue;
    }
    if (!kind.claims(relative)) continue;
    if (!inside(real)) refuse(relative, `a link to ${shown(real)}, outside the content folder`, 'content must live inside the content folder: copy the file there');
    else if (target.isFile()) files.push(relative);
  }
  return { files: files.sort(), problems: [...problems.keys()].sort().map((relative) => problems.get(relative)!) };
}

/** The link's target, or why there is none (`ELOOP` for links that lead round to themselves). */
function statOr(absolute: string): Stats | string {
  try {
    return statSync(absolute);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'ENOENT';
  }
}

function readdirOr(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function lstatOr(absolute: string): Stats | undefined {
  try {
    return lstatSync(absolute);
  } catch {
    // Missing, or the content folder is not a folder: globby below reports that.
    return undefined;
  }
}

function realpathOr(absolute: string): string {
  try {
    return realpathSync(absolute);
  } catch {
    return path.resolve(absolute);
  }
}
