/**
 * `build`: one pass of a build session (session/session.ts) over every
 * step, written whole: a new output folder swapped in, or, when no page is
 * to render and every other file is as the last build wrote it, the folder
 * left untouched (the session's up-to-date check, write-output.ts). What is
 * a one-off build's own is here: its options and its summary.
 */
import type { SitePaths } from './core/site-paths.ts';
import { removeCacheLeftovers, takeCacheWarning } from './cache/cache-writes.ts';
import type { CleansiteError } from './core/errors.ts';
import type { Logger } from './core/logger.ts';
import type { LeftOutEntry } from './routes/publish-entries.ts';
import type { RunOptions } from './session/run-pass.ts';
import { createSession, type PoolOptions, type SessionOptions } from './session/session.ts';

export { PARALLEL_THRESHOLD } from './render/render-threads.ts';
export type { LoadedSite } from './routes/route-content.ts';

/** Options as the session and its pass take them (documented there), and whether to use the caches. */
export interface BuildOptions extends SitePaths, Pick<RunOptions, 'records'>, Partial<Pick<PoolOptions, 'jobs' | 'renderTimeout' | 'shareChunks'>>, Pick<SessionOptions, 'devScripts' | 'reporter' | 'onlyUsedImages'> {
  /** Write the error screen for routes that fail to render, and finish the build. */
  keepGoing: boolean;
  /** Use and update the content and page caches under cacheDir (default true). */
  cache?: boolean;
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

export async function build(options: BuildOptions, logger: Logger): Promise<BuildSummary> {
  const started = performance.now();
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
  try {
    const outcome = await session.run('all', { keepGoing: options.keepGoing, failOnProblems: true, records: options.records });
    const files = outcome.state.site?.files;
    logger.debug(`content: ${files?.found} files, ${files?.parsed} parsed (${files?.elsewhere} by render workers), the rest from the cache`);
    const images = outcome.state.images?.stats;
    logger.debug(`images: ${images?.sources} sources, ${images?.cacheHits} cached, ${images?.cacheMisses} encoded`);
    if (outcome.upToDate) logger.debug(`nothing changed: all ${outcome.pages} pages and ${outcome.files - outcome.pages} other files are as the last build wrote them`);
    else logger.debug(`pages: ${outcome.rendered} rendered, ${outcome.reused} unchanged (linked from the previous output)`);
    if (outcome.perThread) logger.debug(`rendered by ${outcome.perThread}`);
    const { pages, rendered, reused, upToDate } = outcome;
    return { pages, files: outcome.files, bytes: outcome.bytes, milliseconds: performance.now() - started, errors: outcome.failures, rendered, reused, upToDate: upToDate || undefined, leftOut: outcome.state.site?.leftOut };
  } finally {
    await session.close();
    // The cache is optional: one warning, naming the path, for every write it could not take.
    const cacheWarning = takeCacheWarning();
    if (cacheWarning) logger.warn(cacheWarning);
  }
}
