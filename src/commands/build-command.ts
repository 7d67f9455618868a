import { build, type BuildOptions } from '../build.ts';
import { describeLeftOut } from '../routes/publish-entries.ts';
import { claimSiteOutput, isUsageError, reportErrors, resolveSiteOptions, type BuildCommandOptions, EXIT_BUILD_FAILED, EXIT_OK, EXIT_USAGE } from './command-support.ts';
import { displayPath } from '../core/inside-folder.ts';
import type { Logger } from '../core/logger.ts';
import { formatBytes } from '../core/format.ts';
import { createReporter, progressModeFor, type Reporter } from '../core/progress.ts';
import { ignoredContentFolders, toJsonFailure, toJsonSummary } from './build-summary.ts';
import { discardActiveStaging } from '../output/staging.ts';
import { pauseForTest } from '../output/test-pause.ts';
import { checkPlaceholdersBeforeBuild, warnOfPlaceholders } from './placeholder-check.ts';
import { placeholderRecord } from '../publish/placeholders.ts';

export function toBuildOptions(options: BuildCommandOptions, cwd = process.cwd()): BuildOptions {
  return { ...resolveSiteOptions(options, cwd), keepGoing: Boolean(options.keepGoing), jobs: options.jobs, renderTimeout: options.renderTimeout };
}

/** Exit codes for a build stopped by a signal (128 + the signal's number, as shells report it). */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * `exit` ends the process at once: the CLI passes it so that Ctrl-C can stop
 * a build whose worker threads are busy. Without it (in-process callers)
 * signals keep their default handling.
 */
export interface BuildOutput {
  /** Print the summary as one JSON object (--json) on this stream: stdout. */
  json?: (text: string) => void;
  /** How the build reports its stages (core/progress.ts); default quiet, which still times them. */
  reporter?: Reporter;
}

export async function runBuild(options: BuildCommandOptions, log: Logger, debug: boolean, exit?: (code: number) => void, output: BuildOutput = {}): Promise<number> {
  const reporter = output.reporter ?? createReporter({ mode: 'quiet' });
  const warnings: string[] = [];
  // Warnings go to the log as ever, and into the summary.
  const logger: Logger = { ...log, warn: (message) => { warnings.push(message); log.warn(message); } };
  const buildOptions = { ...toBuildOptions(options), reporter, onlyUsedImages: true };
  const out = displayPath(buildOptions.outDir);
  let claim;
  let placeholders;
  try {
    placeholders = await checkPlaceholdersBeforeBuild(buildOptions, options.allowPlaceholders);
    claim = claimSiteOutput(buildOptions, options);
  } catch (error) {
    reportErrors(error, logger, debug);
    output.json?.(JSON.stringify(toJsonFailure(error)));
    return isUsageError(error) ? EXIT_USAGE : EXIT_BUILD_FAILED;
  }
  for (const repair of claim.repairs) logger.debug(`${out}: ${repair}`);
  for (const warning of claim.warnings) logger.warn(warning);
  const interrupted = (signal: keyof typeof SIGNAL_EXIT) => {
    const { committed } = discardActiveStaging();
    claim.release();
    logger.error(committed > 0 ? `build interrupted; ${out} holds the new site` : `build interrupted; ${out} left as it was`);
    exit?.(SIGNAL_EXIT[signal]);
  };
  if (exit) for (const signal of Object.keys(SIGNAL_EXIT) as Array<keyof typeof SIGNAL_EXIT>) process.once(signal, interrupted);
  try {
    await pauseForTest('locked');
    const summary = await build({ ...buildOptions, records: [placeholderRecord(placeholders)] }, logger).finally(() => reporter.close());
    warnOfPlaceholders(placeholders, options.allowPlaceholders, logger);
    output.json?.(JSON.stringify(toJsonSummary(summary, { outDir: out, stages: reporter.stages, warnings, ignoredFolders: ignoredContentFolders(buildOptions.contentDir) })));
    if (summary.errors.length > 0) {
      reportErrors(summary.errors, logger, debug);
      logger.error(`Built ${summary.pages} pages into ${out}/ with ${summary.errors.length} failed (--keep-going wrote the error screen for them).`);
      return EXIT_BUILD_FAILED;
    }
    logger.info(`Built ${summary.pages} pages (${summary.files} files, ${formatBytes(summary.bytes)}) into ${out}/ in ${(summary.milliseconds / 1000).toFixed(2)} s.`);
    const leftOut = describeLeftOut(summary.leftOut ?? []);
    if (leftOut) logger.info(`${leftOut}.`);
    return EXIT_OK;
  } catch (error) {
    reportErrors(error, logger, debug);
    output.json?.(JSON.stringify(toJsonFailure(error)));
    logger.error('Build failed; the previous output was left untouched.');
    return EXIT_BUILD_FAILED;
  } finally {
    for (const signal of Object.keys(SIGNAL_EXIT)) process.off(signal, interrupted);
    claim.release();
  }
}
