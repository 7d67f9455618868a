/**
 * The one way tests copy the real site (the project's content/, templates/
 * and public/) to change it: a new `cleansite-<what>-XXXXXX` temp folder
 * holding the folders asked for, with edits laid over them. A folder not
 * copied stays the project's own, read, never written. The copy leaves out
 * nothing and adds nothing: no dist/, no .cache/, no link to src/ (the site's
 * modules reach the engine as `cleansite`, as an installed site's do).
 *
 *   const site = copyRealSite({ folders: ['content'], with: {
 *     'content/locations/noosa.md': (text) => text.replace(/^description:.*$/m, 'description: "<b>"'),
 *   } });
 *   await buildSite({ contentDir: site.contentDir });  // templates and public: the project's
 *   site.remove();
 *
 * `program: true` copies the program too (bin/, src/, package.json,
 * tsconfig.json), for tests of the CLI as installed. node_modules is a link
 * to the project's, and `site.cli()` runs the copy's CLI with
 * --preserve-symlinks: the build cache sits beside the node_modules React
 * resolves from (defaultCacheDir), so without the flag the link would
 * resolve to the project's and the copy's `.cache/` would be the project's.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cliEnv, repoRoot } from './cli.ts';
import { makeCacheBeside, makeTempDir } from './fixture-site.ts';

/** The project's build cache (src/commands/command-support.ts, defaultCacheDir: beside the node_modules React resolves from). */
const PROJECT_CACHE = path.join(repoRoot, '.cache');

export type SiteFolder = 'content' | 'templates' | 'public';

/** A file's new text, or a change to its text (which must change it: an edit that no longer matches fails loudly). */
export type Overlay = string | ((text: string) => string);

export interface RealSiteOptions {
  /** The source folders to copy; default all three. */
  folders?: readonly SiteFolder[];
  /** Edits by path relative to the copy (`content/locations/noosa.md`), made after the copy. */
  with?: Readonly<Record<string, Overlay>>;
  /** Copy the program as well, with its own .cache/ (see above). */
  program?: boolean;
  /** The temp folder's name prefix; default `cleansite-real-site-`. */
  prefix?: string;
  /**
   * Make the copy in memory (MEMORY_TMP), with a build cache of its own beside it (`cacheDir`,
   * the project's image variants copied in), for tests that build it many times over.
   */
  inMemory?: boolean;
}

export interface RealSiteCopy {
  /** The temp folder: the copied folders are inside it. */
  root: string;
  /** The copy's folder where it was copied, else the project's. */
  contentDir: string;
  templatesDir: string;
  publicDir: string;
  /** The build cache to use: the copy's own with `inMemory`, else the project's. */
  cacheDir: string;
  /** The absolute path of a file of the copy. */
  file(relative: string): string;
  /** Lays one more overlay on the copy (as `with` does). */
  edit(relative: string, overlay: Overlay): void;
  /** Runs the copied program's CLI (needs `program: true`) in `cwd` (default the copy) and returns its stdout; throws on a non-zero exit. */
  cli(args: string[], cwd?: string): string;
  remove(): void;
}

const PROGRAM = ['bin', 'src', 'package.json', 'tsconfig.json'];

export function copyRealSite(options: RealSiteOptions = {}): RealSiteCopy {
  const folders = options.folders ?? ['content', 'templates', 'public'];
  const root = makeTempDir(options.prefix ?? 'cleansite-real-site-', options.inMemory ? 'memory' : 'disk');
  for (const folder of folders) cpSync(path.join(repoRoot, folder), path.join(root, folder), { recursive: true });
  if (options.program) {
    for (const name of PROGRAM) cpSync(path.join(repoRoot, name), path.join(root, name), { recursive: true });
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  }
  const dirOf = (folder: SiteFolder) => path.join(folders.includes(folder) ? root : repoRoot, folder);
  const file = (relative: string) => {
    const absolute = path.resolve(root, relative);
    if (!absolute.startsWith(`${root}${path.sep}`)) throw new Error(`${relative} is not inside the copy`);
    return absolute;
  };
  const edit = (relative: string, overlay: Overlay) => {
    if (!folders.some((folder) => relative.startsWith(`${folder}/`))) throw new Error(`${relative}: its folder was not copied (folders: ${folders.join(', ')}), so the edit would change nothing`);
    if (typeof overlay === 'string') return writeFileSync(file(relative), overlay);
    const before = readFileSync(file(relative), 'utf8');
    const after = overlay(before);
    if (after === before) throw new Error(`the edit of ${relative} left it unchanged: the real file no longer has what the test changes`);
    writeFileSync(file(relative), after);
  };
  for (const [relative, overlay] of Object.entries(options.with ?? {})) edit(relative, overlay);
  return {
    root,
    contentDir: dirOf('content'),
    templatesDir: dirOf('templates'),
    publicDir: dirOf('public'),
    cacheDir: options.inMemory ? makeCacheBeside(root) : PROJECT_CACHE,
    file,
    edit,
    cli(args, cwd = root) {
      if (!options.program) throw new Error('copyRealSite({ program: true }) copies the program that cli() runs');
      return execFileSync(process.execPath, ['--preserve-symlinks', path.join(root, 'bin', 'cleansite.mjs'), ...args],
        { cwd, encoding: 'utf8', timeout: 120_000, env: cliEnv() }).trim();
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
