/**
 * How a pass reaches the output, through the one output writer
 * (output/staging.ts), in its two modes:
 *
 * - atomic (build; watch's first pass, and any pass after its output folder
 *   was deleted): every file of the output (output-files.ts) and every page
 *   into a new folder, swapped in whole; pages the manifest vouches for are
 *   linked from the previous output. Nothing changes unless all of it was
 *   written.
 * - in place (watch's other passes): the files a change touched are moved
 *   into the folder served, then the stale pages, which move in only when
 *   every one of them rendered, so a failed pass leaves the last good pages.
 *
 * A failed pass removes its staging folder either way.
 */
import type { StageHandle } from '../core/progress.ts';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CleansiteErrorList } from '../core/errors.ts';
import { trace } from '../core/trace.ts';
import { isGeneratedFile } from '../core/urls.ts';
import { isPublishedPublicFile, type PublicFile } from '../output/public-files.ts';
import { renderRobotsTxt, renderSitemapXml } from '../output/sitemap-xml.ts';
import { createStaging, type Staging } from '../output/staging.ts';
import type { RedirectRule } from '../publish/redirect-rules.ts';
import { writePublishFiles } from '../publish/write-publish-files.ts';
import { currentOutputFiles, describeOutputExtras, describePublicFile } from './output-extras.ts';
import { placeParts, STABLE_CSS_FILE, STABLE_SCRIPT_FILE, type OutputParts, type PartsToPlace } from './output-files.ts';
import type { PassState } from './pass-steps.ts';
import type { PassChanges, RunnerOptions, RunOptions } from './run-pass.ts';
import type { Pass, Session } from './session.ts';
import type { ReusablePage } from './write-pages.ts';
import type { Route } from '../routes/route-table.ts';
import { openRoutes, writeOpenPages, writeRestInSlices } from './open-pages-first.ts';

/** What a runner keeps for its writes from pass to pass. */
export interface WriterState {
  /** The pass every page record was last found current for: nothing can be stale until another is put together. */
  currentFor: Pass | undefined;
  /** The route table changed since sitemap.xml was last written. */
  sitemapPending: boolean;
  redirects: RedirectRule[];
  /** A whole output was written (or found current): until then every pass writes whole. */
  wholeWritten: boolean;
  /** The image stage's result last placed: in place, images are placed again only when it changed. */
  images: PassState['images'];
  /** The image variants the output holds. */
  imageFiles: ReadonlySet<string>;
}

export interface WriteOutcome {
  /** Something was committed to the output. */
  written: boolean;
  /** Nothing changed and the output was left as it was (atomic, with an up-to-date check). */
  upToDate: boolean;
  /** Routes of the site. */
  pages: number;
  rendered: number;
  reused: number;
  /** Pages deleted because their route is gone (in place). */
  removedPages: number;
  files: number;
  bytes: number;
  /** Pages that failed to render and got the error screen (keepGoing). */
  failures: import('../core/errors.ts').CleansiteError[];
  /** Public files copied or deleted in place. */
  publicFiles: number;
  /** Pages each render thread rendered (`main thread: 3 pages, worker 1: 31 pages`), for --debug. */
  perThread?: string;
  /** The stylesheet, or the client script, was rewritten in place (its pages unchanged: watch swaps a stylesheet in open pages). */
  stylesheet: boolean;
  script: boolean;
  /** In place, with open pages among the stale (RunOptions.first): their URLs, written before the rest, and when they were in the output (ms from the start of the pass). */
  first?: { pages: string[]; milliseconds: number };
  /** Pages a later change superseded before they were written: the next pass renders them. */
  deferred: number;
}

export interface WriteContext {
  session: Omit<Session, 'run'>;
  state: PassState;
  writer: WriterState;
  options: RunnerOptions;
  runOptions: RunOptions;
  time: <T>(label: string, work: (stage: StageHandle) => Promise<T> | T) => Promise<T>;
  succeeded: ReadonlySet<string>;
  changes: PassChanges | 'all';
  /** When the pass began (performance.now()): the open pages' time is counted from it. */
  started: number;
}

/** The output's other files for this pass; sitemap.xml is made when first asked for (a build's render worker may have made it). */
function outputParts(pass: Pass, { state, session }: WriteContext): { parts: (sitemapXml: string) => OutputParts; sitemap: () => Promise<string> } {
  const { site } = pass;
  const fromWorker = session.renderers.threads?.sitemap(site.baseUrl)?.catch(() => undefined);
  let sitemapXml: Promise<string> | undefined;
  return {
    sitemap: () => (sitemapXml ??= (async () => (await fromWorker) ?? renderSitemapXml(site.table.routes, site.baseUrl))()),
    parts: (xml) => ({
      publicDir: '', publicFiles: state.publicFiles ?? [], css: state.css, script: state.script,
      imageFiles: state.images?.files ?? [], sitemapXml: xml, robotsTxt: renderRobotsTxt(site.baseUrl),
    }),
  };
}

export async function writeAtomic(pass: Pass, context: WriteContext): Promise<WriteOutcome> {
  const { session, options, runOptions, time, writer } = context;
  const { site } = pass;
  const pages = site.table.routes.length;
  const plan = await time('check page cache', () => pagesToWrite(pass, session, options.outDir));
  const { parts: partsWith, sitemap } = outputParts(pass, context);
  const parts = (xml: string) => ({ ...partsWith(xml), publicDir: options.publicDir });
  const describe = async () => describeOutputExtras({ ...parts(await sitemap()), assets: [context.state.css, context.state.script].filter((asset) => asset !== undefined) }, options.code);
  const nothing = { written: false, upToDate: false, pages, rendered: 0, reused: 0, removedPages: 0, files: 0, bytes: 0, failures: [], publicFiles: 0, stylesheet: false, script: false, deferred: 0 };

  if (plan.render.length === 0 && plan.removed === 0) {
    // No page to render or remove: an output whose other files are all as this pass would write them is left as it is.
    const reusedBytes = plan.reuse.reduce((sum, page) => sum + page.record.bytes, 0);
    const current = currentOutputFiles(options.outDir, await describe(), session.savedExtras, {
      host: options.hostFiles ? { publicDir: options.publicDir, redirects: writer.redirects, baseUrl: site.baseUrl } : undefined,
      records: runOptions.records ?? [],
    });
    if (current) {
      site.saveCache?.();
      writer.images = context.state.images;
      writer.imageFiles = imageFilesOf(context.state);
      return { ...nothing, upToDate: true, reused: pages, files: pages + current.files, bytes: reusedBytes + current.bytes };
    }
  }

  const staging = createStaging(options.outDir, 'atomic', options.maker);
  try {
    const previous = session.savedExtras;
    // The pages first: the site goes to the render workers now, and this thread places the other
    // files and makes sitemap.xml while they assemble it and render (it was idle then).
    const writing = time('write pages', (stage) => session.writePages(pass, staging, plan, time, (done, total) => stage.count(done, total)));
    // Awaited below; until then a render that fails (templates that throw as they load) is no unhandled rejection.
    writing.catch(() => undefined);
    trace('pages sent to render');
    // The site went to the render workers above: the image sources' index is saved while they render.
    context.state.images?.saveIndex();
    let placed: { files: number; bytes: number };
    let described: Promise<Record<string, string>>;
    try {
      placed = await placeBesidePages(staging, parts(''), { dir: options.outDir, unchanged: (file) => previous?.[file.relative] === describePublicFile(file) });
      // The page manifest's description of the other files (with sitemap.xml's hash), ready for the save after the commit.
      described = describe();
      described.catch(() => undefined);
    } catch (error) {
      await writing.catch(() => undefined);
      throw error;
    }
    const written = await writing;
    // After rendering: serialising every entry then adds nothing to the build's peak memory.
    site.saveCache?.();
    if (written.failures.length > 0 && !runOptions.keepGoing) throw new CleansiteErrorList(written.failures.map(runOptions.explain ?? ((error) => error)));
    const sitemapPlaced = placeParts(staging, parts(await sitemap()), { publicFiles: [], css: false, script: false, images: false, sitemap: true });
    for (const record of runOptions.records ?? []) staging.write(record.file, record.contents);
    const published = options.hostFiles ? writePublishFiles(staging.dir, { redirects: writer.redirects, baseUrl: site.baseUrl }) : { files: 0, bytes: 0 };
    for (const warning of await time('commit', () => staging.commit())) options.onWarning?.(warning);
    written.committed();
    writer.currentFor = pass;
    writer.sitemapPending = false;
    writer.images = context.state.images;
    writer.imageFiles = imageFilesOf(context.state);
    try {
      session.save(await described);
    } catch (error) {
      // The output is complete; without a manifest the next build just renders every page.
      options.onWarning?.(`could not save the page cache: ${(error as Error).message}`);
    }
    return {
      ...nothing, written: true, rendered: written.rendered, reused: written.reused, failures: written.failures, perThread: written.perThread,
      files: pages + placed.files + sitemapPlaced.files + published.files,
      bytes: written.bytes + placed.bytes + sitemapPlaced.bytes + published.bytes,
    };
  } catch (error) {
    await staging.abort();
    throw error;
  }
}

/** Files placed between two turns of the event loop while pages render. */
const PLACED_AT_ONCE = 16;

/**
 * Every part but sitemap.xml (placeParts), placed a slice at a time: between slices this thread
 * answers the render workers (their site's reply, the next chunks of pages), which the copies
 * (~11 MB of image variants where the image cache is on another file system) would hold up.
 */
async function placeBesidePages(staging: Staging, parts: OutputParts, previous: { dir: string; unchanged(file: PublicFile): boolean }): Promise<{ files: number; bytes: number }> {
  const none: PartsToPlace = { publicFiles: [], css: false, script: false, images: false, sitemap: false };
  const placed = placeParts(staging, { ...parts, imageFiles: [] }, { ...none, css: true, script: true });
  const add = (more: { files: number; bytes: number }) => {
    placed.files += more.files;
    placed.bytes += more.bytes;
  };
  for (let start = 0; start < parts.publicFiles.length; start += PLACED_AT_ONCE) {
    await new Promise((resolve) => setImmediate(resolve));
    add(placeParts(staging, parts, { ...none, publicFiles: parts.publicFiles.slice(start, start + PLACED_AT_ONCE) }, previous));
  }
  for (let start = 0; start < parts.imageFiles.length; start += PLACED_AT_ONCE) {
    await new Promise((resolve) => setImmediate(resolve));
    add(placeParts(staging, { ...parts, imageFiles: parts.imageFiles.slice(start, start + PLACED_AT_ONCE) }, { ...none, images: true }));
  }
  return placed;
}

/** Current pages whose previous file is still there, as written, are linked; the rest are rendered. */
function pagesToWrite(pass: Pass, session: WriteContext['session'], outDir: string): { reuse: ReusablePage[]; render: Pass['site']['table']['routes']; removed: number } {
  const { current, stale, removedOutputs } = session.plan(pass);
  const reuse: ReusablePage[] = [];
  const render = [...stale];
  for (const page of current) {
    const from = path.join(outDir, page.record.outputFile);
    if ((statSync(from, { throwIfNoEntry: false })?.size ?? -1) === page.record.bytes) reuse.push({ ...page, from });
    else render.push(page.route);
  }
  return { reuse, render, removed: removedOutputs.length };
}

export async function writeInPlace(pass: Pass, context: WriteContext): Promise<WriteOutcome> {
  const outcome = await writeChangesInPlace(pass, context);
  // Only once every page was written again: until then a page may still show them.
  if (outcome.deferred === 0) await dropUnusedImages(context);
  return outcome;
}

const imageFilesOf = (state: PassState): ReadonlySet<string> => new Set(state.images?.files.map((image) => image.file));

/** Deletes the image variants the output holds that no page uses any more (a whole output would not hold them). */
async function dropUnusedImages({ state, writer, options, session }: WriteContext): Promise<void> {
  const current = imageFilesOf(state);
  const unused = [...writer.imageFiles].filter((file) => !current.has(file));
  if (unused.length > 0) {
    session.changingInPlace();
    await withStaging(options.outDir, (staging) => staging.remove(unused));
  }
  writer.imageFiles = current;
}

async function writeChangesInPlace(pass: Pass, context: WriteContext): Promise<WriteOutcome> {
  const { session, runOptions, writer, time } = context;
  const { site } = pass;
  const extras = await writeChangedFiles(pass, context);
  const outcome = { ...extras, written: extras.publicFiles > 0 || extras.script, upToDate: false, pages: site.table.routes.length, rendered: 0, reused: 0, removedPages: 0, failures: [], deferred: 0 };
  // A stylesheet or public-file edit changes no site data: no page need be valued again.
  const valued = writer.currentFor === pass;
  const write = (routes: readonly Route[], removed?: readonly string[]) => writeStalePages(pass, context, routes, removed);
  // The open pages are valued alone, before the plan values every page: at 10,000 pages that plan is most of the wait.
  const first = runOptions.first;
  const openStale = first && !valued ? session.staleAmong(pass, openRoutes(site.table.routes, first)) : [];
  trace('open pages valued');
  const told = openStale.length > 0 ? { pages: await writeOpenPages(openStale, first!, write), milliseconds: performance.now() - context.started } : undefined;
  // The next template save may come before this pass's background pages are done: its spare is readied now.
  if (told) session.renderers.readySpare(pass.items);
  const early = told ? { written: true, rendered: openStale.length, first: told } : {};
  const plan = valued ? { stale: [], removedOutputs: [] } : await time('plan', () => session.plan(pass));
  const render = [...plan.stale].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (render.length === 0 && plan.removedOutputs.length === 0 && !writer.sitemapPending) {
    writer.currentFor = pass;
    return { ...outcome, ...early };
  }
  if (told) {
    const rest = await writeRestInSlices(render, first!, (routes, withSiteFiles) => write(routes, withSiteFiles ? plan.removedOutputs : undefined));
    // Left unfinished, the pass is not the one every page is current for: the next plans again.
    if (rest.deferred === 0) writer.currentFor = pass;
    return { ...outcome, ...early, rendered: openStale.length + rest.rendered, removedPages: plan.removedOutputs.length, deferred: rest.deferred };
  }
  await write(render, plan.removedOutputs);
  writer.currentFor = pass;
  return { ...outcome, written: true, rendered: render.length, removedPages: plan.removedOutputs.length };
}

/**
 * Renders these stale pages into an in-place staging folder, moved into the output only when
 * every one rendered; with `removed`, the pages of routes that are gone go and sitemap.xml
 * and robots.txt are rewritten when the route table changed.
 */
async function writeStalePages(pass: Pass, context: WriteContext, render: readonly Route[], removed: readonly string[] | undefined): Promise<void> {
  const { session, options, runOptions, writer, time } = context;
  const { site } = pass;
  const sitemap = removed !== undefined && writer.sitemapPending;
  session.changingInPlace();
  await withStaging(options.outDir, async (staging) => {
    const written = await session.writePages(pass, staging, { render }, (_label, work) => time('render', work));
    trace(`rendered ${render.length}`);
    if (written.failures.length > 0) throw new CleansiteErrorList(written.failures.map(runOptions.explain ?? ((error) => error)));
    if (removed) staging.remove(removed);
    if (sitemap) {
      staging.write('sitemap.xml', await renderSitemapXml(site.table.routes, site.baseUrl));
      staging.write('robots.txt', renderRobotsTxt(site.baseUrl));
    }
    return () => written.committed(removed !== undefined);
  });
  trace(`written ${render.length}`);
  if (sitemap) writer.sitemapPending = false;
}

/** The stylesheet, script, images and public files a change touched, moved into the output at once. */
async function writeChangedFiles(pass: Pass, context: WriteContext): Promise<Pick<WriteOutcome, 'files' | 'bytes' | 'publicFiles' | 'stylesheet' | 'script'>> {
  const { state, options, succeeded, changes } = context;
  const pageFiles = new Set(pass.site.table.routes.map((route) => route.outputFile));
  const copies: PublicFile[] = [];
  const removals: string[] = [];
  for (const change of changes === 'all' ? [] : changes.publicFiles ?? []) {
    const { relative } = change;
    // Page outputs win over public files, as in an atomic output; robots.txt and sitemap.xml are refused there (public-files.ts).
    if (!isPublishedPublicFile(relative) || isGeneratedFile(relative) || pageFiles.has(relative) || relative === STABLE_CSS_FILE || relative === STABLE_SCRIPT_FILE) continue;
    if (change.removed || !existsSync(path.join(options.publicDir, relative))) removals.push(relative);
    else copies.push({ relative, bytes: 0, stamp: '' });
  }
  const { writer } = context;
  const chosen = {
    publicFiles: copies,
    css: succeeded.has('styles') && state.css !== undefined,
    script: succeeded.has('client') && state.script !== undefined,
    images: state.images !== writer.images,
    sitemap: false,
  };
  const none = { files: 0, bytes: 0, publicFiles: 0, stylesheet: false, script: false };
  if (copies.length + removals.length === 0 && !chosen.css && !chosen.script && !chosen.images) return none;
  let placed = { files: 0, bytes: 0 };
  context.session.changingInPlace();
  await withStaging(options.outDir, (staging) => {
    placed = placeParts(staging, { publicDir: options.publicDir, publicFiles: copies, css: state.css, script: state.script, imageFiles: state.images?.files ?? [], sitemapXml: '', robotsTxt: '' }, chosen);
    staging.remove(removals);
  });
  if (chosen.images) writer.imageFiles = new Set([...writer.imageFiles, ...imageFilesOf(state)]);
  writer.images = state.images;
  return { ...placed, publicFiles: copies.length + removals.length, stylesheet: chosen.css, script: chosen.script };
}

/** One in-place staging: committed when `fill` succeeds (then its callback runs), else removed. */
async function withStaging(outDir: string, fill: (staging: Staging) => Promise<(() => void) | void> | void): Promise<void> {
  const staging = createStaging(outDir, 'in-place');
  try {
    const after = await fill(staging);
    await staging.commit();
    after?.();
  } catch (error) {
    await staging.abort();
    throw error;
  }
}
