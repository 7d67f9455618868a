import path from 'node:path';
import type { Logger } from '../core/logger.ts';
import { isLoopback, type ServerCommandOptions } from '../server/server-options.ts';
import { waitForStopSignal } from '../server/wait-for-stop.ts';
import type { FileChange } from '../watch/file-watcher.ts';
import type { RebuildReport } from '../watch/watch-session.ts';
import { startWatch, type WatchOptions } from '../watch/start-watch.ts';
import type { TypeCheckMode } from '../watch/type-check-mode.ts';
import { claimSiteOutput, EXIT_BUILD_FAILED, EXIT_OK, EXIT_USAGE, isUsageError, reportErrors, resolveSiteOptions, type SiteOptions } from './command-support.ts';
import { CleansiteErrorList } from '../core/errors.ts';
import type { OutputClaim } from '../output/claim-output.ts';

/**
 * `drafts` is false with --no-drafts; `renderTimeout`: seconds one page may render (default 30); `jobs`: render threads, as for build;
 * `typeCheck`: how the templates' background type check runs (watch/type-check.ts).
 */
export type WatchCommandOptions = SiteOptions & ServerCommandOptions & { drafts?: boolean; renderTimeout?: number; jobs?: number; typeCheck?: TypeCheckMode };

export function toWatchOptions(options: WatchCommandOptions, cwd = process.cwd()): WatchOptions {
  return { ...resolveSiteOptions(options, cwd), host: options.host, port: options.port, drafts: options.drafts !== false, renderTimeout: options.renderTimeout, jobs: options.jobs, typeCheck: options.typeCheck };
}

/**
 * `endProcess`: called once the session is closed. chokidar (5.0) leaves a one-second timer per
 * folder it read (its readdir throttle) running after close(), which kept the process up to a
 * second after Ctrl+C; the CLI passes a function that ends the process once its own work is done.
 */
export async function runWatch(options: WatchCommandOptions, logger: Logger, debug: boolean, endProcess: () => void = () => {}): Promise<number> {
  const watchOptions = toWatchOptions(options);
  const shown = (file: string) => path.relative(process.cwd(), file) || '.';
  let handle;
  let claim: OutputClaim | undefined;
  try {
    // The same output checks and lock as `build`, held for the whole session.
    claim = claimSiteOutput(watchOptions, options);
    handle = await startWatch(watchOptions, {
      onRebuild: (report) => printReport(report, logger, debug, shown(watchOptions.outDir)),
      onError: (error) => reportErrors(error, logger, debug),
      onTypeCheck: (problems) => {
        if (problems.length > 0) reportErrors(new CleansiteErrorList(problems), logger, debug);
        logger.info(problems.length > 0 ? `Type check: ${problems.length} type error${problems.length === 1 ? '' : 's'} in the templates (pages were rebuilt as written).` : 'Type check: the templates have no type errors now.');
      },
    });
  } catch (error) {
    claim?.release();
    reportErrors(error, logger, debug);
    return isUsageError(error) ? EXIT_USAGE : EXIT_BUILD_FAILED;
  }
  const folders = [watchOptions.contentDir, watchOptions.templatesDir, watchOptions.publicDir].map((dir) => `${shown(dir)}/`).join(', ');
  logger.info(`Serving ${handle.url} (watching ${folders}; Ctrl+C to stop)`);
  if (!isLoopback(options.host)) logger.warn(`listening on ${options.host}: other machines on the network can reach this development server`);
  await waitForStopSignal();
  await handle.close();
  claim.release();
  endProcess();
  return EXIT_OK;
}

function printReport(report: RebuildReport, logger: Logger, debug: boolean, out: string): void {
  if (report.missingFolders.length > 0) {
    // One line: the folder's absence explains everything else that would fail.
    const [those, are, they] = report.missingFolders.length === 1 ? ['', 'is', 'it is'] : ['the folders ', 'are', 'they are'];
    const meanwhile = report.initial ? `watch builds the site as soon as ${they} there` : `the last good output is still served, and watch rebuilds as soon as ${they} back`;
    logger.error(`error: ${those}${report.missingFolders.join(', ')} ${are} missing (deleted or moved away): ${meanwhile}.`);
    return;
  }
  for (const warning of report.warnings) logger.warn(warning);
  if (report.problems.length > 0) reportErrors(new CleansiteErrorList(report.problems), logger, debug);
  logger.debug(`stages: ${Object.entries(report.timings).map(([stage, ms]) => `${stage} ${ms.toFixed(1)} ms`).join(', ')}`);
  // As `build --debug` prints them: which pages this pass rendered and which threads rendered them.
  logger.debug(`pages: ${report.rendered} rendered, ${report.reused} unchanged${report.upToDate ? ' (the output was up to date and left as it was)' : ''}`);
  if (report.perThread) logger.debug(`rendered by ${report.perThread}`);
  const seconds = `${(report.milliseconds / 1000).toFixed(2)} s`;
  if (report.initial) {
    if (report.problems.length === 0) logger.info(`Built ${report.pages} pages into ${out}/ in ${seconds}.`);
    else logger.error(`The first build has ${plural(report.problems.length, 'problem')}; fix and save, the watcher keeps going.`);
    return;
  }
  const done = [
    report.pages > 0 ? `re-rendered ${plural(report.pages, 'page')}` : '',
    report.removedPages > 0 ? `removed ${plural(report.removedPages, 'page')}` : '',
    report.stylesheet ? 'rebuilt the stylesheet' : '',
    report.script ? 'rebuilt the client script' : '',
    report.publicFiles > 0 ? `copied ${plural(report.publicFiles, 'public file')}` : '',
  ].filter(Boolean);
  const what = report.restoredFolders.length > 0 ? `${report.restoredFolders.join(', ')} restored or replaced` : describeChanges(report.changes);
  const work = done.length > 0 ? done.join(', ') : 'nothing to re-render';
  const line = `${what}: ${work} in ${Math.round(report.milliseconds)} ms${openPagesNote(report)}`;
  if (report.problems.length === 0) logger.info(`${line}.`);
  else logger.error(`${line}; ${plural(report.problems.length, 'problem')} open, so the last good output of what failed is still served.`);
}

/** ` (open pages first: /about/ after 40 ms)`, and the pages a later change superseded. */
function openPagesNote(report: RebuildReport): string {
  if (!report.first) return '';
  const shown = report.first.pages.length <= 2 ? report.first.pages.join(', ') : `${report.first.pages.slice(0, 2).join(', ')} and ${report.first.pages.length - 2} more`;
  const left = report.deferred > 0 ? `; ${plural(report.deferred, 'page')} left to the next change` : '';
  return ` (open ${report.first.pages.length === 1 ? 'page' : 'pages'} first: ${shown} after ${Math.round(report.first.milliseconds)} ms${left})`;
}

function describeChanges(changes: FileChange[]): string {
  const verb = { add: 'added', change: 'changed', unlink: 'deleted', addDir: 'added', unlinkDir: 'deleted' } as const;
  const names = changes.map((change) => path.relative(process.cwd(), change.file).split(path.sep).join('/'));
  if (changes.length === 1) return `${names[0]} ${verb[changes[0]!.event]}`;
  const shown = names.slice(0, 3).join(', ');
  return `${changes.length} files changed (${shown}${changes.length > 3 ? ', ...' : ''})`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
