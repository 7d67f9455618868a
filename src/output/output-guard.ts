/**
 * What an output folder may be. cleansite replaces its output whole, so it
 * refuses, before any work, every --out whose replacement could lose files
 * it did not write: the project, the current, home or root folder, a source
 * folder, a file, or a folder it did not make (that last one only unless
 * --force). Shared by `build` and `watch`.
 */
import { lstatSync, readdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { CleansiteError } from '../core/errors.ts';
import { displayPath, isInside } from '../core/inside-folder.ts';
import { hasOutputMarker, isEarlierCleansiteOutput, OUTPUT_MARKER } from './output-marker.ts';

export interface OutputGuardInput {
  outDir: string;
  /** The working folder the command runs in (the project root as far as relative options go). */
  cwd: string;
  contentDir: string;
  templatesDir: string;
  publicDir: string;
  /** cleansite's cache folder: only its `watch` folder may be an output. */
  cacheDir: string;
  /** Replace a non-empty folder cleansite did not make. Never unlocks the other refusals. */
  force: boolean;
  /** For tests; default os.homedir(). */
  homeDir?: string;
}

/** Output folders cleansite owns inside its cache folder, though older versions wrote no marker there. */
const CACHE_OUTPUTS = ['watch'];

/** Folders no output may be or lie in, whatever --force says. */
const PROTECTED_NAMES = ['.git', 'node_modules'];
/** Files that make a folder a project, which no output may replace, whatever --force says. */
const PROJECT_FILES = ['package.json', '.git'];

/** The real path of `file`, through symbolic links, also when its last parts do not exist yet. */
function realPath(file: string): string {
  const absolute = path.resolve(file);
  try {
    return realpathSync.native(absolute);
  } catch {
    const parent = path.dirname(absolute);
    return parent === absolute ? absolute : path.join(realPath(parent), path.basename(absolute));
  }
}

/** True when `inner` is `outer` or lies inside it. */
function isWithin(inner: string, outer: string): boolean {
  return path.relative(outer, inner) === '' || isInside(inner, outer);
}

/** Why `--out` must not be used, or undefined when it may be replaced. */
export function findOutputProblem(input: OutputGuardInput): string | undefined {
  const out = realPath(input.outDir);
  const cwd = realPath(input.cwd);
  const never: Array<[string, string, string]> = [
    [path.parse(out).root, 'is the file-system root', 'contains the file-system root'],
    [cwd, 'is the current folder (the project)', 'contains the current folder (the project)'],
    [realPath(input.homeDir ?? homedir()), 'is your home folder', 'contains your home folder'],
    [path.dirname(realPath(input.cacheDir)), "is cleansite's own folder", "contains cleansite's own folder"],
  ];
  for (const [folder, is, contains] of never) {
    if (out === folder) return is;
    if (isWithin(folder, out)) return contains;
  }
  const sources: Array<[string, string]> = [[input.contentDir, 'content'], [input.templatesDir, 'templates'], [input.publicDir, 'public']];
  for (const [dir, name] of sources) {
    const source = realPath(dir);
    const shown = `${displayPath(dir, input.cwd)}/`;
    if (out === source) return `is the ${name} folder`;
    if (isWithin(source, out)) return `contains the ${name} folder ${shown}`;
    if (isWithin(out, source)) return `lies inside the ${name} folder ${shown}`;
  }
  // Below the current folder only when inside it: a project that itself sits in a node_modules folder may still build.
  const special = (isWithin(out, cwd) ? path.relative(cwd, out) : out).split(path.sep).find((part) => PROTECTED_NAMES.includes(part));
  if (special) return `${path.basename(out) === special ? 'is' : 'lies inside'} a ${special} folder`;
  const cache = realPath(input.cacheDir);
  if (isWithin(out, cache) && !CACHE_OUTPUTS.some((name) => out === path.join(cache, name))) return "lies inside cleansite's cache folder";

  const stat = lstatSync(path.resolve(input.outDir), { throwIfNoEntry: false });
  if (!stat) return undefined;
  if (stat.isSymbolicLink()) return 'is a symbolic link; pass the folder it points to';
  if (!stat.isDirectory()) return 'is a file, not a folder';
  // A previous build may hold a package.json copied from public/: the marker is checked first.
  if (hasOutputMarker(out) || isEarlierCleansiteOutput(out) || readdirSync(out).length === 0 || isWithin(out, cache)) return undefined;
  const projectFile = PROJECT_FILES.find((name) => lstatSync(path.join(out, name), { throwIfNoEntry: false }));
  if (projectFile) return `holds ${projectFile}: it is a project, not an output folder`;
  if (input.force) return undefined;
  return `is a folder cleansite did not make (it has no ${OUTPUT_MARKER}) and it is not empty; empty it, choose another --out, or pass --force to replace it`;
}

/** Throws OUTPUT_REFUSED, naming the path and why, when `--out` must not be replaced. Touches nothing. */
export function checkOutputFolder(input: OutputGuardInput): void {
  const problem = findOutputProblem(input);
  if (problem === undefined) return;
  throw new CleansiteError({ code: 'OUTPUT_REFUSED', message: `refusing --out ${displayPath(path.resolve(input.outDir), input.cwd)}: it ${problem}` });
}
