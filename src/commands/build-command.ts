import path from 'node:path';
import { build, type BuildOptions } from '../build.ts';
import { reportErrors, resolveSiteOptions, type BuildCommandOptions, EXIT_BUILD_FAILED, EXIT_OK } from './command-support.ts';
import type { Logger } from '../core/logger.ts';
import { formatBytes } from '../core/format.ts';

export function toBuildOptions(options: BuildCommandOptions, cwd = process.cwd()): BuildOptions {
  return { ...resolveSiteOptions(options, cwd), keepGoing: Boolean(options.keepGoing), jobs: options.jobs };
}

export async function runBuild(options: BuildCommandOptions, logger: Logger, debug: boolean): Promise<number> {
  const buildOptions = toBuildOptions(options);
  try {
    const summary = await build(buildOptions, logger);
    const out = displayPath(buildOptions.outDir);
    if (summary.errors.length > 0) {
      reportErrors(summary.errors, logger, debug);
      logger.error(`Built ${summary.pages} pages into ${out}/ with ${summary.errors.length} failed (--keep-going wrote the error screen for them).`);
      return EXIT_BUILD_FAILED;
    }
    logger.info(`Built ${summary.pages} pages (${summary.files} files, ${formatBytes(summary.bytes)}) into ${out}/ in ${(summary.milliseconds / 1000).toFixed(2)} s.`);
    return EXIT_OK;
  } catch (error) {
    reportErrors(error, logger, debug);
    logger.error('Build failed; the previous output was left untouched.');
    return EXIT_BUILD_FAILED;
  }
}

/** Relative to the working folder when inside it, absolute otherwise. */
function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative === '' ? '.' : relative.startsWith('..') ? dir : relative;
}
