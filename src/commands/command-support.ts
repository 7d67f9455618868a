/** What every command shares: exit codes, option types and how errors are printed. */
import { InvalidArgumentError } from 'commander';
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

