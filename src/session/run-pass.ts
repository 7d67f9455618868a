/**
 * The pass runner: the one function `build` and watch run a site through
 * (`session.run(changes | 'all', options)`). It runs the steps a change
 * selects from the table (pass-steps.ts), collects each step's problems the
 * same way for both (kept per step, cleared by the pass that fixes them),
 * checks references and loads the redirects once the site is routed, then
 * writes through the one output writer (write-output.ts): the whole output
 * swapped in atomically, or in place only what changed. It writes whole a
 * pass over everything ('all'), every pass until a whole output was written
 * (or found current), and a pass after the output folder went missing; in
 * place the others.
 *
 * `build` runs it once with 'all' and fails on any problem; watch runs it
 * per batch of changes and keeps serving the last good output while
 * problems are open.
 */
import { existsSync } from 'node:fs';
import { loadEsbuild } from '../core/common-js-packages.ts';
import type { OutputMaker } from '../output/output-marker.ts';
import { inStage, type Reporter, type StageHandle } from '../core/progress.ts';
import { CleansiteError, CleansiteErrorList, toErrorList } from '../core/errors.ts';
import { loadRedirects, REDIRECTS_FILE } from '../publish/load-redirects.ts';
import type { RedirectRule } from '../publish/redirect-rules.ts';
import type { SiteData } from '../render/page-props.ts';
import { checkContentReferences } from '../routes/check-references.ts';
import { STEP_NAMES, STEPS, type PassState, type StepContext, type StepName, type StepOptions } from './pass-steps.ts';
import type { OpenPagesFirst } from './open-pages-first.ts';
import type { Session } from './session.ts';
import { writeAtomic, writeInPlace, type WriteOutcome, type WriterState } from './write-output.ts';

export type { StepName } from './pass-steps.ts';

/** What changed since the last pass: the steps to run again, and the files, for the steps that take them. */
export interface PassChanges {
  steps: ReadonlySet<StepName>;
  /** Content files changed (content-relative), and whether any was added or deleted. */
  content?: { relatives: readonly string[]; relist: boolean };
  /** Public files changed (relative to public/); in place they are copied or deleted. */
  publicFiles?: ReadonlyArray<{ relative: string; removed: boolean }>;
}

export interface RunOptions {
  /** Render the error screen for pages whose template throws, and finish (build --keep-going). */
  keepGoing?: boolean;
  /** Any problem fails the pass (build); else the last good state is written (watch). */
  failOnProblems?: boolean;
  /** Atomic only: cleansite's own records (`.cleansite-*` files, never published), written with the output so they are swapped in with it. */
  records?: ReadonlyArray<{ file: string; contents: string }>;
  /** In place only: the pages open in a browser are written (and told) before the rest, which a later change may supersede (open-pages-first.ts). */
  first?: OpenPagesFirst;
  /** Turns render failures into the errors reported (watch: located in the template). */
  explain?: (error: CleansiteError) => CleansiteError;
}

export interface PassOutcome extends WriteOutcome {
  /** Every open problem after this pass; empty when the output matches the sources. */
  problems: CleansiteError[];
  /** Time per step, in milliseconds. */
  timings: Record<string, number>;
  state: Readonly<PassState>;
  /** The redirect rules as last loaded without problems. */
  redirects: readonly RedirectRule[];
  /** The steps that ran without a problem in this pass. */
  succeeded: ReadonlySet<string>;
  /** The pass wrote the whole output (or found it current), not in place. */
  wroteWhole: boolean;
  /** The output folder had gone missing (deleted under watch) and this pass wrote it whole again. */
  outputRestored: boolean;
}

export interface RunnerOptions extends StepOptions {
  outDir: string;
  /** Script URLs every page gets (the live-reload client). */
  devScripts: string[];
  /** Write the static host's files (_headers, _redirects): a production output. */
  hostFiles: boolean;
  /** The command the output is written for, recorded in its marker (output/output-marker.ts). */
  maker: OutputMaker;
  /** Stop esbuild's service after the compiles (build; watch keeps it for the next save). */
  stopEsbuild: boolean;
  /** Load the renderer while esbuild compiles (build: this thread renders too). */
  preloadRenderer: boolean;
  onTime?: (label: string, milliseconds: number) => void;
  onWarning?: (message: string) => void;
  /** Told each step as it starts and ends, and the images and pages done (core/progress.ts). */
  reporter?: Reporter;
  /** Make only the images the content and templates use (assets/images/image-uses.ts). */
  onlyUsedImages: boolean;
}

export interface PassRunner {
  (changes: PassChanges | 'all', options?: RunOptions): Promise<PassOutcome>;
  /** True when a whole output was written and its folder is gone since: the next pass writes it whole again. */
  outputMissing(): boolean;
}

/** One object, so that a pass with no images is the same pass as the last. */
const NO_IMAGES: SiteData['images'] = {};

export function createPassRunner(session: Omit<Session, 'run'>, options: RunnerOptions): PassRunner {
  const state: PassState = { site: undefined, css: undefined, script: undefined, images: undefined, imagesFor: undefined, publicFiles: undefined, inputs: { config: new Set(), templates: new Set(), styles: new Set(), client: new Set() } };
  const problems = new Map<string, CleansiteError[]>();
  const writer: WriterState = { currentFor: undefined, sitemapPending: true, redirects: [], wholeWritten: false, images: undefined, imageFiles: new Set() };
  const outputMissing = () => writer.wholeWritten && !existsSync(options.outDir);

  const run = async (changes: PassChanges | 'all', runOptions: RunOptions = {}): Promise<PassOutcome> => {
    const started = performance.now();
    const timings: Record<string, number> = {};
    const time = async <T>(label: string, work: (stage: StageHandle) => Promise<T> | T): Promise<T> => {
      const started = performance.now();
      try {
        return await inStage(options.reporter, label, work);
      } finally {
        const spent = performance.now() - started;
        timings[label] = (timings[label] ?? 0) + spent;
        options.onTime?.(label, spent);
      }
    };
    const succeeded = new Set<string>();
    let fatal: unknown;
    const attempt = (step: string, work: (stage: StageHandle) => Promise<void> | void) => time(step, async (stage) => {
      try {
        await work(stage);
        problems.delete(step);
        succeeded.add(step);
      } catch (error) {
        // A build reports unexpected failures (a full disk, a bug) as they are, not as a problem of a step.
        if (runOptions.failOnProblems && !(error instanceof CleansiteError) && !(error instanceof CleansiteErrorList)) fatal ??= error;
        problems.set(step, toErrorList(error));
      }
    });

    const context = await runSteps({ session, options, state }, changes, attempt);
    if (fatal !== undefined) throw fatal;
    const site = state.site;
    if (site && (context.siteChanged || changes === 'all' || changes.steps.has('content') || changes.steps.has('public'))) {
      // Again when public/ changes: a file a page links to may be gone.
      await attempt('references', () => {
        // A build whose render worker routed the site: that worker checked them (this thread holds no content).
        const broken = site.checkedElsewhere?.references ?? checkContentReferences(site.content, site.table, options);
        if (broken.length > 0) throw new CleansiteErrorList(broken);
      });
    }
    if (site && (context.siteChanged || changes === 'all' || changes.content?.relatives.includes(REDIRECTS_FILE))) {
      await attempt('redirects', () => {
        writer.redirects = loadRedirects(options.contentDir, site.table.routes, site.baseUrl, options.rootDir);
      });
    }
    if (context.siteChanged) writer.sitemapPending = true;
    if (runOptions.failOnProblems && problems.size > 0) throw new CleansiteErrorList([...problems.values()].flat());

    let written: WriteOutcome = { written: false, upToDate: false, pages: site?.table.routes.length ?? 0, rendered: 0, reused: 0, removedPages: 0, files: 0, bytes: 0, failures: [], publicFiles: 0, stylesheet: false, script: false, deferred: 0 };
    const restoring = outputMissing();
    const whole = changes === 'all' || !writer.wholeWritten || restoring;
    const templates = session.renderers.templates;
    if (site && templates) {
      const pass = session.pass(site, {
        images: state.images?.images ?? NO_IMAGES,
        assets: { css: state.css?.url ?? '', js: state.script?.url ?? '', devScripts: options.devScripts },
      });
      const write = { session, state, writer, options, runOptions, time, succeeded, changes, started };
      await attempt('write', async () => {
        written = whole ? await writeAtomic(pass, write) : await writeInPlace(pass, write);
      });
      if (fatal !== undefined) throw fatal;
      if (runOptions.failOnProblems && problems.size > 0) throw new CleansiteErrorList([...problems.values()].flat());
    }
    const wroteWhole = whole && (written.written || written.upToDate);
    writer.wholeWritten ||= wroteWhole;
    return { ...written, problems: [...problems.values()].flat(), timings, state, redirects: writer.redirects, succeeded, wroteWhole, outputRestored: restoring && written.written };
  };
  // The image sources' index, if the write did not save it (a pass that failed before it, watch's in place).
  const runAndSaveIndex = async (changes: PassChanges | 'all', runOptions?: RunOptions): Promise<PassOutcome> => {
    try {
      return await run(changes, runOptions);
    } finally {
      state.images?.saveIndex();
    }
  };
  return Object.assign(runAndSaveIndex, { outputMissing });
}

/** Runs the selected steps of the table, each after the step it names; resolves when all have settled. */
async function runSteps({ session, options, state }: { session: Omit<Session, 'run'>; options: RunnerOptions; state: PassState }, changes: PassChanges | 'all', attempt: (step: string, work: (stage: StageHandle) => Promise<void>) => Promise<void>): Promise<StepContext> {
  let esbuildStarted = false;
  let preloading: Promise<unknown> | undefined;
  const started = new Map<StepName, Promise<void>>();
  const useStepCache = changes === 'all' || !options.stepCacheOnlyWhole;
  const context: StepContext = {
    options: useStepCache ? options : { ...options, stepCacheDir: undefined }, source: session.source, renderers: session.renderers, state,
    contentChanges: changes === 'all' ? 'all' : changes.content ?? { relatives: [], relist: false },
    reloadContent: false,
    siteChanged: false,
    imagesIfUsesChanged: false,
    settled: (name) => started.get(name) ?? Promise.resolve(),
    onEsbuildStart() {
      if (esbuildStarted) return;
      esbuildStarted = true;
      // While esbuild compiles, this thread would be idle: React loads meanwhile, once the compile requests are on their way.
      if (options.preloadRenderer) setImmediate(() => (preloading ??= import('../render/render-page.ts').catch(() => undefined)));
    },
  };
  const selected = new Set<StepName>(changes === 'all' ? STEP_NAMES : changes.steps);
  // The content is read again after a new declaration, and routed at least once.
  if (selected.has('config') || !state.site) selected.add('content');
  // With only the images pages use made, another content or templates may use other images.
  if (options.onlyUsedImages && !selected.has('images') && (selected.has('content') || selected.has('templates'))) {
    selected.add('images');
    context.imagesIfUsesChanged = true;
  }
  for (const name of STEP_NAMES) {
    if (!selected.has(name)) continue;
    const step = STEPS[name];
    const before = step.after ? started.get(step.after) : undefined;
    started.set(name, (async () => {
      await before;
      await attempt(name, (stage) => step.run(context, stage));
    })());
  }
  await Promise.all(started.values());
  if (esbuildStarted && options.stopEsbuild) await loadEsbuild().stop();
  await preloading;
  return context;
}
