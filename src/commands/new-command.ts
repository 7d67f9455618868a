/**
 * `cleansite new <collection> "Title"`: writes one new content file that
 * builds as it is (src/content/new-entry.ts), named by the slug rule
 * (`My First Post` -> `posts/my-first-post.md`), from the site's archetype
 * (templates/archetypes/<collection>.<ext>) or else its schema. It never
 * replaces a file: the write itself refuses one that exists.
 */
import { namingFile } from '../core/atomic-write.ts';
import { displayPath } from '../core/inside-folder.ts';
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileSiteConfig, importSiteConfig, shownConfigFile } from '../config/load-config.ts';
import { fileExtensionsOf } from '../config/collection-files.ts';
import { isSingleFile } from '../content/collections.ts';
import { closestKey } from '../content/field-suggestions.ts';
import { draftEntry, newEntryPath } from '../content/new-entry.ts';
import { CleansiteError } from '../core/errors.ts';
import { resolveBuildDate } from '../core/format.ts';
import type { Logger } from '../core/logger.ts';
import { checkSourceFolders, defaultCacheDir, EXIT_BUILD_FAILED, EXIT_OK, EXIT_USAGE, reportErrors } from './command-support.ts';

export interface NewCommandOptions {
  content: string;
  templates: string;
}

export async function runNew(collection: string, title: string, options: NewCommandOptions, logger: Logger, debug: boolean, cwd = process.cwd()): Promise<number> {
  try {
    const contentDir = path.resolve(cwd, options.content);
    const templatesDir = path.resolve(cwd, options.templates);
    checkSourceFolders(options, cwd);
    const compiled = await compileSiteConfig(templatesDir, defaultCacheDir());
    const config = await importSiteConfig(compiled.modulePath, shownConfigFile(templatesDir, cwd));
    const names = Object.keys(config.collections);
    const spec = config.collections[collection];
    if (!spec) {
      const near = closestKey(collection, names);
      throw usage(`unknown collection "${collection}"${near ? ` (did you mean "${near}"?)` : ''}`, `the site's collections: ${names.join(', ')}`);
    }
    if (isSingleFile(spec)) throw usage(`${collection} is one file (${spec.files}), not a folder of entries: edit it instead`);
    const archetype = findArchetype(templatesDir, collection, fileExtensionsOf(spec.files) ?? ['.md'], cwd);
    const contentShown = displayPath(contentDir, cwd);
    const planned = newEntryPath({ collection, collections: config.collections, title, archetype });
    if (existsSync(path.join(contentDir, planned.relative))) throw exists(`${contentShown}/${planned.relative}`);
    const draft = draftEntry({ collection, collections: config.collections, title, date: resolveBuildDate(config.utcOffsetHours), archetype, contentShown });
    const target = path.join(contentDir, draft.relative);
    const madeFolder = mkdirSync(path.dirname(target), { recursive: true });
    try {
      writeFileSync(target, draft.text, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw exists(`${contentShown}/${draft.relative}`);
      // 'wx' created the file, so it is ours to remove: a half-written entry (a full disk) would fail
      // every build and make the next try say it already exists. So are the folders made for it.
      rmSync(target, { force: true });
      removeEmptyFolders(path.dirname(target), madeFolder);
      throw namingFile(error, `${contentShown}/${draft.relative}`);
    }
    logger.info(`wrote ${contentShown}/${draft.relative}${archetype ? ` (from ${archetype.file})` : ''}`);
    return EXIT_OK;
  } catch (error) {
    reportErrors(error, logger, debug);
    return error instanceof CleansiteError && error.code === 'USAGE' ? EXIT_USAGE : EXIT_BUILD_FAILED;
  }
}

/** Removes `folder` and its parents up to `first`, the first folder mkdirSync made (none when undefined), while they are empty. */
function removeEmptyFolders(folder: string, first: string | undefined): void {
  if (first === undefined) return;
  for (let dir = folder; dir.startsWith(first); dir = path.dirname(dir)) {
    try {
      rmdirSync(dir);
    } catch {
      return;
    }
  }
}

/** The site's archetype for the collection: templates/archetypes/<collection> with one of the collection's extensions. */
function findArchetype(templatesDir: string, collection: string, extensions: string[], cwd: string) {
  for (const extension of extensions) {
    const file = path.join(templatesDir, 'archetypes', `${collection}${extension}`);
    if (existsSync(file)) return { text: readFileSync(file, 'utf8'), extension, file: displayPath(file, cwd) };
  }
  return undefined;
}

function exists(file: string): CleansiteError {
  return new CleansiteError({ code: 'CONTENT_INVALID', message: `${file} already exists; nothing was written`, hint: 'choose another title, or edit that file' });
}

function usage(message: string, hint?: string): CleansiteError {
  return new CleansiteError({ code: 'USAGE', message, hint });
}
