/**
 * The watch session: a build session (session/session.ts) kept across
 * saves. What is watch's own is here: which steps a batch of file changes
 * feeds (classify-change.ts), when a pass writes the whole output (the
 * first, one after a source folder came back, one after the output folder
 * was deleted) and when in place, what open pages are told
 * (live-messages.ts), and waiting while a source folder is missing
 * (source-folders.ts). The steps, their problems and the writes are the
 * session's pass runner (session/run-pass.ts), as in `build`: problems never
 * throw out of a rebuild, they are kept per step and cleared by the pass
 * that fixes them, while the output keeps the last good pages.
 */
import type { SitePaths } from '../core/site-paths.ts';
import { existsSync, readFileSync } from 'node:fs';
import { trace } from '../core/trace.ts';
import path from 'node:path';
import type { CleansiteError } from '../core/errors.ts';
import { extrasUnchanged } from '../session/output-extras.ts';
import { createRedirectMatcher, type RedirectAnswer } from '../server/redirects.ts';
import type { StreamMessage } from '../server/event-stream.ts';
import type { LoadedSite } from '../routes/route-content.ts';
import { createSession, type Session } from '../session/session.ts';
import type { PassChanges, PassOutcome, StepName } from '../session/run-pass.ts';
import type { RedirectRule } from '../publish/redirect-rules.ts';
import { classifyChange, relativeTo, type BundleInputs, type ChangeArea } from './classify-change.ts';
import type { FileChange } from './file-watcher.ts';
import { greetingMessages, messagesAfterRebuild } from './live-messages.ts';
import { afterOpenPages, openPagesFirst, pageUrlsOf, type OpenPagesOptions } from './open-pages.ts';
import { pointAtTemplate } from './locate-template-frame.ts';
import { findMissingFolders, missingFolderProblems, replacedFolders, shownFolder } from './source-folders.ts';
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

export interface RebuildReport {
  /** The changes handled; empty for the first build. */
  changes: FileChange[];
  initial: boolean;
  /** Pages rendered and written. */
  pages: number;
  /** URLs of the open pages written (and reloaded) before the other pages, and how long after the start of the pass. */
  first?: { pages: string[]; milliseconds: number };
  /** Pages a later change superseded before they were written; the next rebuild renders them. */
  deferred: number;
  /** Pages deleted because their content file was. */
  removedPages: number;
  stylesheet: boolean;
  script: boolean;
  publicFiles: number;
  milliseconds: number;
  /** Time per stage (read, content, templates, styles, client, public, images, worker, render), for --debug. */
  timings: Record<string, number>;
  /** Things worth knowing that are not errors (e.g. templates that leave out the live-reload client). */
  warnings: string[];
  /** Every open problem after this rebuild; empty when the output matches the sources. */
  problems: CleansiteError[];
  /** What open pages are told. */
  messages: StreamMessage[];
  /** Source folders found missing by this rebuild, which waited for them (only when that is news). */
  missingFolders: string[];
  /** Source folders that came back or were replaced, after which everything was rebuilt from disk. */
  restoredFolders: string[];
  /** Pages rendered, and pages of the previous output kept (a start on a prebuilt output), for --debug. */
  rendered: number;
  reused: number;
  /** The output was as this pass would write it and was left untouched (a restart on an unchanged site). */
  upToDate: boolean;
  /** Pages each render thread rendered (`worker 1: 31 pages, worker 2: 29 pages`), for --debug. */
  perThread?: string;
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
  close(): Promise<void>;
}

const IMAGE_FILE = /\.(jpe?g|png|webp|avif|svg)$/i;

/** What watch knows between rebuilds, besides the build session. */
interface WatchState {
  folderProblems: CleansiteError[];
  openProblems: CleansiteError[];
  redirects: readonly RedirectRule[] | undefined;
  redirectFor: (urlPath: string) => RedirectAnswer | undefined;
  /** The next pass writes the whole output (the first, after a folder came back, after the output was deleted). */
  needsWholeOutput: boolean;
  /** A whole output was written: its folder missing later means it was deleted under watch. */
  wroteOutput: boolean;
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
  }, { kind: 'watch', renderTimeout: options.renderTimeout, jobs: options.jobs });
  const state: WatchState = {
    folderProblems: [], openProblems: [], redirects: undefined, redirectFor: () => undefined, needsWholeOutput: true, wroteOutput: false, buildNumber: 0, missingBefore: [],
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
    outputMissing: () => state.wroteOutput && !existsSync(options.outDir),
    redirectFor: (urlPath) => state.redirectFor(urlPath),
    compact: () => session.renderers.compact(),
    interruptFor(changes) {
      const renders = changes.some((change) => classifyChange(change.file, options, state.inputs).some((area) => area === 'templates' || area === 'config'));
      if (renders) session.renderers.interrupt();
      return renders;
    },
    close: () => session.close(),
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
  const fresh = initial || restored.length > 0;
  changes = changes.filter((change) => classifyChange(change.file, options, state.inputs).length > 0);
  // The output folder deleted under watch: written whole again.
  const outputGone = state.wroteOutput && !existsSync(options.outDir);
  if (fresh || outputGone) state.needsWholeOutput = true;
  const whole = state.needsWholeOutput;
  const first = whole ? undefined : openPagesFirst(options, () => ++state.buildNumber);
  const outcome = await session.run(fresh ? 'all' : passChanges(changes, options, state.inputs), {
    write: whole ? 'atomic' : 'in-place',
    first,
    explain: (error) => pointAtTemplate(error, options.rootDir),
    // As `build`: an output whose pages and other files are as this pass would write them is left as it is.
    upToDate: (check) => check.previous !== undefined && extrasUnchanged(check.previous, check.described, options.outDir),
  });
  const wroteWhole = whole && (outcome.written || outcome.upToDate);
  remember(state, outcome, wroteWhole);
  const warnings = wroteWhole && outcome.state.site ? checkDevScripts(options, outcome.state.site) : [];
  const pages = wroteWhole ? outcome.pages : outcome.rendered;
  const outputChanged = pages > 0 || outcome.removedPages > 0 || outcome.publicFiles > 0 || outcome.script || (wroteWhole && !initial);
  if (outputChanged) state.buildNumber++;
  const current = problemsOf(state);
  const stylesheet = outcome.stylesheet && !wroteWhole ? outcome.state.css : undefined;
  const messages = initial ? [] : afterOpenPages(messagesAfterRebuild({ outputChanged, stylesheet, buildNumber: state.buildNumber, problems: current, hadProblems }), first?.told ?? [], outcome.deferred ?? 0);
  return {
    changes, initial, pages, first: outcome.first && { pages: outcome.first, milliseconds: outcome.firstMilliseconds ?? 0 }, deferred: outcome.deferred ?? 0, removedPages: outcome.removedPages, stylesheet: outcome.stylesheet && !wroteWhole, script: outcome.script && !wroteWhole, publicFiles: outcome.publicFiles,
    milliseconds: performance.now() - started, timings: outcome.timings, warnings, problems: current, messages, missingFolders: [],
    restoredFolders: initial ? [] : [...restored, ...(outputGone && outcome.written ? [shownFolder(options.rootDir, options.outDir)] : [])],
    rendered: outcome.rendered, reused: outcome.reused, upToDate: outcome.upToDate, perThread: outcome.perThread,
  };
}

/** What a pass leaves for the next: its inputs, its problems, its redirects, whether the output is whole. */
function remember(state: WatchState, outcome: PassOutcome, wroteWhole: boolean): void {
  state.inputs = outcome.state.inputs;
  if (outcome.state.site !== state.routedSite) state.pageUrls = pageUrlsOf((state.routedSite = outcome.state.site));
  state.openProblems = outcome.problems;
  if (outcome.redirects !== state.redirects) {
    state.redirects = outcome.redirects;
    state.redirectFor = createRedirectMatcher(outcome.redirects);
  }
  if (wroteWhole) {
    state.needsWholeOutput = false;
    state.wroteOutput = true;
  }
}

/** The steps a batch of changes feeds, with the content and public files it names. */
function passChanges(changes: readonly FileChange[], options: WatchSessionOptions, inputs: BundleInputs): PassChanges {
  const steps = new Set<StepName>();
  const content: string[] = [];
  let relist = false;
  const publicFiles: Array<{ relative: string; removed: boolean }> = [];
  for (const change of changes) {
    for (const area of classifyChange(change.file, options, inputs)) {
      steps.add(STEP_OF[area]);
      if (area === 'content') {
        content.push(relativeTo(options.contentDir, change.file));
        relist ||= change.event !== 'change';
      }
      if (area === 'public') {
        publicFiles.push({ relative: relativeTo(options.publicDir, change.file), removed: change.event === 'unlink' || change.event === 'unlinkDir' });
        if (IMAGE_FILE.test(change.file)) steps.add('images');
      }
    }
  }
  return { steps, content: { relatives: content, relist }, publicFiles };
}

/** Nothing is read or written while a source folder is missing; the news is reported once, not at every event. */
function waitForFolders(state: WatchState, options: WatchSessionOptions, changes: FileChange[], missing: ReturnType<typeof findMissingFolders>, initial: boolean, hadProblems: boolean, started: number): RebuildReport {
  const shown = missing.map((folder) => shownFolder(options.rootDir, folder.dir));
  const news = initial || shown.join('\0') !== state.missingBefore.join('\0');
  state.missingBefore = shown;
  state.folderProblems = missingFolderProblems(options.rootDir, missing);
  const current = problemsOf(state);
  const messages = news && !initial ? messagesAfterRebuild({ outputChanged: false, stylesheet: undefined, buildNumber: state.buildNumber, problems: current, hadProblems }) : [];
  return {
    changes: news ? changes : [], initial, pages: 0, deferred: 0, removedPages: 0, stylesheet: false, script: false, publicFiles: 0,
    milliseconds: performance.now() - started, timings: {}, warnings: [], problems: current, messages, missingFolders: news ? shown : [], restoredFolders: [],
    rendered: 0, reused: 0, upToDate: false,
  };
}

/** Pages only reload if the templates render assets.devScripts; say so once, after a whole output. */
function checkDevScripts(options: WatchSessionOptions, current: LoadedSite): string[] {
  const home = current.table.routes.find((route) => route.listed) ?? current.table.routes[0];
  if (!home || options.devScripts.length === 0) return [];
  const html = readFileSync(path.join(options.outDir, home.outputFile), 'utf8');
  const missingScripts = options.devScripts.filter((src) => !html.includes(`src="${src}"`));
  return missingScripts.length === 0 ? [] : [`${home.outputFile} has no <script src="${missingScripts[0]}">: the templates do not render assets.devScripts, so open pages will not reload or show errors (see src/render/page-props.ts BuildAssets)`];
}

/** The pass step that reads each change area. */
const STEP_OF: Record<ChangeArea, StepName> = { config: 'config', content: 'content', templates: 'templates', styles: 'styles', client: 'client', public: 'public' };
