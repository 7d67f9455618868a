/** What every command shares: exit codes, option types and how errors are printed. */
import { InvalidArgumentError } from 'commander';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SitePaths } from '../core/site-paths.ts';
import { CleansiteError, toErrorList } from '../core/errors.ts';
import { displayPath } from '../core/inside-folder.ts';
import type { Logger } from '../core/logger.ts';
import { claimOutput, type OutputClaim } from '../output/claim-output.ts';
import { findBaseUrlProblem } from '../core/base-url.ts';
import { closestKey } from '../content/field-suggestions.ts';

export const EXIT_OK = 0;
export const EXIT_BUILD_FAILED = 1;
export const EXIT_USAGE = 2;

export interface GlobalOptions {
  quiet?: boolean;
  debug?: boolean;
}

export interface SiteOptions {
  content: string;
  templates: string;
  public: string;
  out: string;
  baseUrl?: string;
}

export function parseBaseUrl(value: string): string {
  const problem = findBaseUrlProblem(value);
  if (problem) throw new InvalidArgumentError(`The site URL ${problem}.`);
  return new URL(value).href;
}

export interface BuildCommandOptions extends SiteOptions {
  keepGoing?: boolean;
  /** Replace a non-empty --out folder cleansite did not make. */
  force?: boolean;
  jobs?: number;
  /** Seconds one page may take to render before the build stops it (default 30). */
  renderTimeout?: number;
  /** Build (even with CONTEXT=production) while business details are placeholders. */
  allowPlaceholders?: boolean;
}

/** --jobs: render worker threads. Pages always render in workers, so 0 is refused rather than read as 1. */
export function parseJobs(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64) throw new InvalidArgumentError(`expected a whole number of render threads from 1 to 64, received "${value}"`);
  return Number(value);
}

/** Errors about what the user asked for rather than what the content holds. */
const USAGE_CODES = new Set(['USAGE', 'OUTPUT_REFUSED', 'OUTPUT_LOCKED']);

export function isUsageError(error: unknown): boolean {
  return error instanceof CleansiteError && USAGE_CODES.has(error.code);
}

/** Each of --content, --templates and --public must name an existing folder: one line naming the option and what was given otherwise. */
export function checkSourceFolders(options: Partial<Pick<SiteOptions, 'content' | 'templates' | 'public'>>, cwd = process.cwd()): void {
  for (const option of ['content', 'templates', 'public'] as const) {
    const given = options[option];
    if (given !== undefined) checkFolderOption(option, given, cwd);
  }
}

/** `--content contnet`: the folder named must exist; a misspelt name gets the nearest folder beside it. */
function checkFolderOption(option: string, given: string, cwd: string): void {
  const folder = path.resolve(cwd, given);
  const stat = statSync(folder, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return;
  const near = stat ? undefined : closestKey(path.basename(folder), foldersIn(path.dirname(folder)));
  throw new CleansiteError({
    code: 'USAGE',
    message: `--${option} ${given}: ${stat ? 'is a file, not a folder' : 'no such folder'}${near ? ` (did you mean ${path.join(path.dirname(given), near)}?)` : ''}`,
  });
}

function foldersIn(parent: string): string[] {
  try {
    return readdirSync(parent, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * Before a command writes its output: the source folders exist, the output
 * may be replaced (output-guard.ts), and this process holds it. Throws a
 * usage error (exit 2) having touched nothing otherwise.
 */
export function claimSiteOutput(paths: SitePaths, options: SiteOptions & { force?: boolean }, cwd = process.cwd()): OutputClaim {
  checkSourceFolders(options, cwd);
  return claimOutput({ ...paths, cwd, force: Boolean(options.force) }, displayPath(paths.outDir, cwd));
}

/** Reports errors one line each (with hints), stacks only with --debug. */
export function reportErrors(error: unknown, logger: Logger, debug: boolean): void {
  const errors = toErrorList(error);
  for (const item of errors) {
    logger.error(`error: ${item.format()}`);
    if (item.hint) logger.error(`  hint: ${item.hint}`);
    if (debug) {
      const cause = item.cause instanceof Error ? item.cause : item;
      logger.error(cause.stack ?? String(cause));
    }
  }
  if (errors.length > 1) logger.error(`${errors.length} problems found.`);
}


/**
 * The cache sits beside the node_modules that holds React: compiled template
 * modules import react by bare name, so they must live where it resolves,
 * whatever folder the content and templates come from.
 */
export function defaultCacheDir(): string {
  const reactPackage = createRequire(import.meta.url).resolve('react/package.json');
  return path.resolve(path.dirname(reactPackage), '..', '..', '.cache');
}

/** The folders, base URL and build date every site command starts from, resolved against the working folder. */
export function resolveSiteOptions(options: SiteOptions, cwd = process.cwd()): SitePaths {
  return {
    rootDir: cwd,
    contentDir: path.resolve(cwd, options.content),
    templatesDir: path.resolve(cwd, options.templates),
    publicDir: path.resolve(cwd, options.public),
    outDir: path.resolve(cwd, options.out),
    cacheDir: defaultCacheDir(),
    baseUrl: options.baseUrl,
  };
}
