/**
 * `build`: one pass of a build session (session/session.ts) over every
 * step, written atomically: a new output folder swapped in whole. What only
 * a one-off build decides lives here: its summary, and the up-to-date check
 * (when no page is to render and every other file is as the last build
 * wrote it, the output folder is left untouched).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SitePaths } from './core/site-paths.ts';
import { removeCacheLeftovers, takeCacheWarning } from './cache/cache-writes.ts';
import type { CleansiteError } from './core/errors.ts';
import type { Logger } from './core/logger.ts';
import type { Reporter } from './core/progress.ts';
import { PUBLISH_FILES, publishFilesCurrent } from './publish/write-publish-files.ts';
import { preferProductionReact } from './render/production-react.ts';
import { extrasBytes, extrasUnchanged } from './session/output-extras.ts';
import { createSession } from './session/session.ts';
import type { UpToDateCheck } from './session/write-output.ts';
import type { RunOptions } from './session/run-pass.ts';

export { PARALLEL_THRESHOLD } from './render/render-threads.ts';

export interface BuildOptions extends SitePaths {
  /** Write the error screen for routes that fail to render, and finish the build. */
  keepGoing: boolean;
  /** Render threads in all, the main thread included (0 or 1: main thread only). Default: one per core when many pages need rendering. */
  jobs?: number;
  /** Seconds one page may render before the build stops its thread and fails (default 30, render/page-watchdog.ts). */
  renderTimeout?: number;
  /** Extra script URLs added to every page (watch mode's live-reload client). */
  devScripts?: string[];
  /** Use and update the content and page caches under cacheDir (default true). */
  cache?: boolean;
  /** Render the markup templates pass to shared() once per key (default true); false renders it on every page. */
  shareChunks?: boolean;
  /** Told each stage as it starts and ends, and the images and pages done (core/progress.ts). */
  reporter?: Reporter;
  /**
   * Make only the images the content and templates use (assets/images/image-uses.ts); the CLI's
   * build asks for it. Default false, as watch makes every image still: its output then equals
   * a default build's, file for file (test/engine/watch-equals-build.test.ts).
   */
  onlyUsedImages?: boolean;
  /** cleansite's own records written into the output with the site (the placeholder record `deploy` reads); never published. */
  records?: RunOptions['records'];
}

export interface BuildSummary {
  pages: number;
  files: number;
  bytes: number;
  milliseconds: number;
  /** Routes that failed to render (only non-empty with keepGoing). */
  errors: CleansiteError[];
  /** Pages rendered by this build, and pages taken unchanged from the previous output. */
  rendered?: number;
  reused?: number;
  /** True when nothing had changed and the output folder was left as it was. */
  upToDate?: boolean;
  /** Entries left out of the build: drafts and entries scheduled after the build date. */
  leftOut?: LeftOutEntry[];
}

export type { LoadedSite } from './routes/route-content.ts';
import type { LeftOutEntry } from './routes/publish-entries.ts';

export async function build(options: BuildOptions, logger: Logger): Promise<BuildSummary> {
  const started = performance.now();
  // Before anything imports React, here or in a render worker.
  preferProductionReact();
  const useCache = options.cache !== false;
  // What killed builds left half-written in the cache (cache/cache-writes.ts).
  removeCacheLeftovers(options.cacheDir);
  const session = createSession({
    ...options,
    // Without the cache no content cache or page manifest is read or saved, and no page records what it read.
    cacheDir: useCache ? options.cacheDir : undefined,
    compileDir: options.cacheDir,
    onTime: (label, milliseconds) => logger.debug(`${label}: ${milliseconds.toFixed(0)} ms`),
    onWarning: (message) => logger.warn(message),
  }, { kind: 'build', render: { jobs: options.jobs, renderTimeout: options.renderTimeout, recordUnits: useCache, shareChunks: options.shareChunks !== false } });
  let checked: UpToDateCheck | undefined;
  try {
    const outcome = await session.run('all', {
      write: 'atomic', keepGoing: options.keepGoing, failOnProblems: true, records: options.records,
      upToDate: (check) => isUpToDate((checked = check), options, logger, check.pages),
    });
    const files = outcome.state.site?.files;
    logger.debug(`content: ${files?.found} files, ${files?.parsed} parsed (${files?.elsewhere} by render workers), the rest from the cache`);
    const images = outcome.state.images?.stats;
    logger.debug(`images: ${images?.sources} sources, ${images?.cacheHits} cached, ${images?.cacheMisses} encoded`);
    if (outcome.upToDate && checked) {
      const described = Object.keys(checked.described).length - 1;
      // The publish files are made from the output's file names, which are unchanged too.
      const publishBytes = PUBLISH_FILES.reduce((sum, name) => sum + (statSync(path.join(options.outDir, name), { throwIfNoEntry: false })?.size ?? 0), 0);
      return { pages: outcome.pages, files: outcome.pages + described + PUBLISH_FILES.length + outcome.redirects.length, bytes: outcome.bytes + extrasBytes(checked.described) + publishBytes, milliseconds: performance.now() - started, errors: [], rendered: 0, reused: outcome.pages, upToDate: true, leftOut: outcome.state.site?.leftOut };
    }
    logger.debug(`pages: ${outcome.rendered} rendered, ${outcome.reused} unchanged (linked from the previous output)`);
    if (outcome.perThread) logger.debug(`rendered by ${outcome.perThread}`);
    return { pages: outcome.pages, files: outcome.files, bytes: outcome.bytes, milliseconds: performance.now() - started, errors: outcome.failures, rendered: outcome.rendered, reused: outcome.reused, leftOut: outcome.state.site?.leftOut };
  } finally {
    await session.close();
    // The cache is optional: one warning, naming the path, for every write it could not take.
    const cacheWarning = takeCacheWarning();
    if (cacheWarning) logger.warn(cacheWarning);
  }
}

/** No page to render or remove: the output is up to date when its other files and the host files are as this pass would write them. */
function isUpToDate(check: UpToDateCheck, options: BuildOptions, logger: Logger, pages: number): boolean {
  if (!check.previous || !extrasUnchanged(check.previous, check.described, options.outDir)) return false;
  if (!publishFilesCurrent(options.outDir, options.publicDir, { redirects: check.redirects, baseUrl: check.baseUrl })) return false;
  // cleansite's own records say what this build found (the placeholders): one that changed is a change.
  if ((options.records ?? []).some((record) => !existsSync(path.join(options.outDir, record.file)) || readFileSync(path.join(options.outDir, record.file), 'utf8') !== record.contents)) return false;
  logger.debug(`nothing changed: all ${pages} pages and ${Object.keys(check.described).length - 1} other files are as the last build wrote them`);
  return true;
}
