/** What every command shares: exit codes, option types and how errors are printed. */
import { InvalidArgumentError } from 'commander';
import { createRequire } from 'node:module';
import path from 'node:path';
import { resolveBuildDate } from '../core/format.ts';
import type { SitePaths } from '../core/site-paths.ts';
import { toErrorList } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';

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
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('protocol');
    return url.href;
  } catch {
    throw new InvalidArgumentError(`expected an absolute http(s) URL such as https://www.example.com, received "${value}"`);
  }
}

export interface BuildCommandOptions extends SiteOptions {
  keepGoing?: boolean;
  jobs?: number;
}

export function parseJobs(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 64) throw new InvalidArgumentError(`expected a whole number of threads from 0 to 64, received "${value}"`);
  return Number(value);
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
    buildDate: resolveBuildDate(),
  };
}
