/**
 * The watch session: a build session (session/session.ts) kept across
 * saves. What is watch's own is here: which steps a batch of file changes
 * feeds (classify-change.ts), what open pages are told (live-messages.ts,
 * open-pages.ts), and waiting while a source folder is missing, then reading
 * everything again once it is back (source-folders.ts). The steps, their
 * problems and the writes, whole or in place, are the session's pass runner
 * (session/run-pass.ts), as in `build`: problems never throw out of a
 * rebuild, they are kept per step and cleared by the pass that fixes them,
 * while the output keeps the last good pages.
 */
import type { SitePaths } from '../core/site-paths.ts';
import { trace } from '../core/trace.ts';
import type { CleansiteError } from '../core/errors.ts';
import { createRedirectMatcher, type RedirectAnswer } from '../server/redirects.ts';
import type { StreamMessage } from '../server/event-stream.ts';
import type { LoadedSite } from '../routes/route-content.ts';
import type { RedirectRule } from '../publish/redirect-rules.ts';
import type { BundleInputs } from '../session/pass-steps.ts';
import type { PassOutcome } from '../session/run-pass.ts';
import { createSession, type Session } from '../session/session.ts';
import { classifyChange, passChanges } from './classify-change.ts';
import type { FileChange } from './file-watcher.ts';
import { checkDevScripts, greetingMessages, messagesAfterRebuild } from './live-messages.ts';
import { afterOpenPages, openPagesFirst, pageUrlsOf, type OpenPagesOptions } from './open-pages.ts';
import { pointAtTemplate } from './locate-template-frame.ts';
import { findMissingFolders, missingFolderProblems, problemsOutside, replacedFolders, shownFolder } from './source-folders.ts';

export interface WatchSessionOptions extends SitePaths, OpenPagesOptions {
  /** Script URLs every page gets (the live-reload client). */
  devScripts: string[];
  /** Show `draft: true` entries, marked as drafts (default true; --no-drafts leaves them out as build does). */
  drafts?: boolean;
  /** Seconds one page may render before it is stopped and reported (render/page-watchdog.ts). */
  renderTimeout?: number;
  /** Render threads, as for `build` (render/render-threads.ts); one is kept between passes. */
  jobs?: number;
}

/** One rebuild: the pass's own figures (session/write-output.ts, run-pass.ts), and what watch adds. */
export interface RebuildReport extends Pick<PassOutcome, 'rendered' | 'reused' | 'upToDate' | 'perThread' | 'first' | 'deferred' | 'removedPages' | 'stylesheet' | 'script' | 'publicFiles' | 'timings' | 'problems'> {
  /** The changes handled; empty for the first build. */
  changes: FileChange[];
  initial: boolean;
  /** Pages written: all of them after a whole output, else those rendered. */
  pages: number;
  milliseconds: number;
  /** Things worth knowing that are not errors (e.g. templates that leave out the live-reload client). */
  warnings: string[];
  /** What open pages are told. */
  messages: StreamMessage[];
  /** Source folders found missing by this rebuild, which waited for them (only when that is news). */
  missingFolders: string[];
  /** Source folders that came back or were replaced (everything was read again), and the output folder when it was deleted and written again. */
  restoredFolders: string[];
}

export interface WatchSession {
  rebuild(changes: FileChange[]): Promise<RebuildReport>;
  /** Sent to each page that connects: the build number, and the open problems if any. */
  greeting(): StreamMessage[];
  /** Whether a URL is a page of the site as last routed (server/open-page.ts asks). */
  isPage(url: string): boolean;
  /** The redirect for a URL path under content/redirects.md as last loaded without problems (the dev server answers with it). */
  redirectFor(urlPath: string): RedirectAnswer | undefined;
  /** True when the output folder is gone (deleted under watch): the next rebuild writes it whole. */
  outputMissing(): boolean;
  /** Asks the render worker for a full garbage collection. */
  compact(): void;
  /**
   * Stops the render worker when the changes touch the templates or the site config: called while a
   * pass runs, it ends a pass held by a page that loops, so the saved fix is built now, not after
   * --render-timeout. True when it stopped it.
   */
  interruptFor(changes: readonly FileChange[]): boolean;
  /** Stops the workers at once; saves the page manifest once `passEnded`, the pass running, has settled. */
  close(passEnded?: Promise<unknown>): Promise<void>;
}

/** What watch knows between rebuilds, besides the build session. */
interface WatchState {
  folderProblems: CleansiteError[];
  openProblems: CleansiteError[];
  redirects: readonly RedirectRule[] | undefined;
  redirectFor: (urlPath: string) => RedirectAnswer | undefined;
  buildNumber: number;
  /** Folders missing at the last rebuild, as shown (`content/`). */
  missingBefore: string[];
  inputs: BundleInputs;
  /** The site as last routed, and the URLs of its pages (which open pages a client may name). */
  routedSite: LoadedSite | undefined;
  pageUrls: ReadonlySet<string>;
}

export function createWatchSession(options: WatchSessionOptions): WatchSession {
  // The same caches as `build`: the content cache, the compiled steps and the page manifest of the
  // output folder, so that a start on an unchanged site costs about a warm build. A pass forgets
  // the records of the pages it renders and records them again once committed: pages of a pass
  // that failed have no record, so the next one renders them.
  const session = createSession({
    contentDir: options.contentDir, templatesDir: options.templatesDir, publicDir: options.publicDir, rootDir: options.rootDir,
    baseUrl: options.baseUrl, outDir: options.outDir, cacheDir: options.cacheDir, compileDir: options.cacheDir, buildDate: options.buildDate, devScripts: options.devScripts, drafts: options.drafts ?? true,
    // As the CLI's build: a watch output holds the variants of the images pages use, and no others.
    onlyUsedImages: true,
  }, { kind: 'watch', renderTimeout: options.renderTimeout, jobs: options.jobs });
  const state: WatchState = {
    folderProblems: [], openProblems: [], redirects: undefined, redirectFor: () => undefined, buildNumber: 0, missingBefore: [],
    inputs: { config: new Set(), templates: new Set(), styles: new Set(), client: new Set() }, routedSite: undefined, pageUrls: new Set(),
  };
  let first = true;
  return {
    rebuild(changes) {
      trace('pass start');
      const initial = first;
      first = false;
      return rebuild(session, state, options, initial ? [] : changes, initial);
    },
    greeting: () => greetingMessages(state.buildNumber, problemsOf(state)),
    isPage: (url) => state.pageUrls.has(url),
    outputMissing: () => session.run.outputMissing(),
    redirectFor: (urlPath) => state.redirectFor(urlPath),
    compact: () => session.renderers.compact(),
    interruptFor(changes) {
      const renders = changes.some((change) => classifyChange(change.file, options, state.inputs).some((area) => area === 'templates' || area === 'config'));
      if (renders) session.renderers.interrupt();
      return renders;
    },
    close: (passEnded) => session.close(passEnded),
  };
}

const problemsOf = (state: WatchState) => [...state.folderProblems, ...state.openProblems];

async function rebuild(session: Session, state: WatchState, options: WatchSessionOptions, changes: FileChange[], initial: boolean): Promise<RebuildReport> {
  const started = performance.now();
  const hadProblems = problemsOf(state).length > 0;
  const missing = findMissingFolders(options);
  if (missing.length > 0) return waitForFolders(state, options, changes, missing, initial, hadProblems, started);
  // A folder that came back, or was swapped whole, may hold anything: forget what was known and read it all again.
  const restored = [...new Set([...state.missingBefore, ...replacedFolders(changes, options).map((folder) => shownFolder(options.rootDir, folder.dir))])];
  state.missingBefore = [];
  state.folderProblems = [];
  changes = changes.filter((change) => classifyChange(change.file, options, state.inputs).length > 0);
  // Used only by a pass written in place: the open pages are written and told first.
  const first = openPagesFirst(options, () => ++state.buildNumber);
  const outcome = await session.run(initial || restored.length > 0 ? 'all' : passChanges(changes, options, state.inputs), {
    first,
    explain: (error) => pointAtTemplate(error, options.rootDir),
  });
  remember(state, outcome);
  const warnings = outcome.wroteWhole && outcome.state.site ? checkDevScripts(options.outDir, options.devScripts, outcome.state.site) : [];
  const pages = outcome.wroteWhole ? outcome.pages : outcome.rendered;
  const outputChanged = pages > 0 || outcome.removedPages > 0 || outcome.publicFiles > 0 || outcome.script || (outcome.wroteWhole && !initial);
  if (outputChanged) state.buildNumber++;
  const problems = problemsOf(state);
  const stylesheet = outcome.stylesheet ? outcome.state.css : undefined;
  const messages = initial ? [] : afterOpenPages(messagesAfterRebuild({ outputChanged, stylesheet, buildNumber: state.buildNumber, problems, hadProblems }), first?.told ?? [], outcome.deferred);
  const { rendered, reused, upToDate, perThread, deferred, removedPages, script, publicFiles, timings } = outcome;
  return {
    changes, initial, pages, first: outcome.first, deferred, removedPages, stylesheet: outcome.stylesheet, script, publicFiles,
    milliseconds: performance.now() - started, timings, warnings, problems, messages, missingFolders: [],
    restoredFolders: initial ? [] : [...restored, ...(outcome.outputRestored ? [shownFolder(options.rootDir, options.outDir)] : [])],
    rendered, reused, upToDate, perThread,
  };
}

/** What a pass leaves for the next: its inputs, its problems, its redirects, the pages a client may name. */
function remember(state: WatchState, outcome: PassOutcome): void {
  state.inputs = outcome.state.inputs;
  if (outcome.state.site !== state.routedSite) state.pageUrls = pageUrlsOf((state.routedSite = outcome.state.site));
  state.openProblems = outcome.problems;
  if (outcome.redirects !== state.redirects) {
    state.redirects = outcome.redirects;
    state.redirectFor = createRedirectMatcher(outcome.redirects);
  }
}

/** Nothing is read or written while a source folder is missing; the news is reported once, not at every event. */
function waitForFolders(state: WatchState, options: WatchSessionOptions, changes: FileChange[], missing: ReturnType<typeof findMissingFolders>, initial: boolean, hadProblems: boolean, started: number): RebuildReport {
  const shown = missing.map((folder) => shownFolder(options.rootDir, folder.dir));
  const news = initial || shown.join('\0') !== state.missingBefore.join('\0');
  state.missingBefore = shown;
  state.folderProblems = missingFolderProblems(options.rootDir, missing);
  // A pass that ran while the folder was being removed reported its files gone: the folder's problem says it all.
  const problems = [...state.folderProblems, ...problemsOutside(options.rootDir, state.openProblems, missing)];
  const messages = news && !initial ? messagesAfterRebuild({ outputChanged: false, stylesheet: undefined, buildNumber: state.buildNumber, problems, hadProblems }) : [];
  return {
    changes: news ? changes : [], initial, pages: 0, deferred: 0, removedPages: 0, stylesheet: false, script: false, publicFiles: 0,
    milliseconds: performance.now() - started, timings: {}, warnings: [], problems, messages, missingFolders: news ? shown : [], restoredFolders: [],
    rendered: 0, reused: 0, upToDate: false,
  };
}
