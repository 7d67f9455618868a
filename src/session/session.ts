/**
 * The build session: the one object `build` and watch run a site through,
 * with one function, `run(changes | 'all', options)` (run-pass.ts: the
 * table of steps, their problems, the writes, whole or in place). It holds what a pass needs
 * from the last: the site's sources (the declaration, the content loader
 * and the routed site: site-source.ts), the page manifest (which page the
 * output holds, under which key: page-manifest.ts) and the renderers
 * (renderers.ts). `build` makes one, runs it once and saves the manifest
 * with its output; watch keeps one and runs it with the files that changed.
 * A pass is put together the same way for both: the site data templates
 * get, the page keys, the plan (current and stale pages), the pages written.
 */
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { trace } from '../core/trace.ts';
import { readPageManifest, removePageManifest, writePageManifest } from '../cache/page-manifest-file.ts';
import { codeVersion } from '../cache/code-version.ts';
import { createIncrementalCompiles } from '../core/compile-module.ts';
import { resolveBuildDate } from '../core/format.ts';
import { collectGarbageIfLarge, holdYoungGenerations } from '../core/garbage-collection.ts';
import { hashText } from '../core/hash-text.ts';
import type { Staging } from '../output/staging.ts';
import type { BuildAssets, SiteData } from '../render/page-props.ts';
import { createUnitValues, type UnitValues } from '../render/unit-values.ts';
import type { LoadedSite } from '../routes/route-content.ts';
import type { Route } from '../routes/route-table.ts';
import { emptyTemplateFields } from '../routes/route-skeleton.ts';
import { createPageManifest, pageIsCurrent, type PagePlan, type PageManifest, type PageRecord } from './page-manifest.ts';
import { createRenderers, type PassData, type RendererOptions, type SessionRenderers } from './renderers.ts';
import { createPassRunner, type PassRunner, type RunnerOptions } from './run-pass.ts';
import { preferProductionReact } from '../render/production-react.ts';
import { rendersInWorkers } from '../render/render-threads.ts';
import { createSiteSource, type SiteSource, type SiteSourceOptions } from './site-source.ts';
import { writePages, type ReusablePage, type WrittenPages } from './write-pages.ts';

export interface SessionOptions extends SiteSourceOptions {
  outDir: string;
  /** Static files copied as they are (default: `public` beside the content folder). */
  publicDir?: string;
  /** Script URLs every page gets (watch's live-reload client). */
  devScripts?: string[];
  /** Stage timings and warnings of a run (build: --debug). */
  onTime?: RunnerOptions['onTime'];
  onWarning?: RunnerOptions['onWarning'];
  /** Told each step as it starts and ends, and the images and pages done (core/progress.ts). */
  reporter?: RunnerOptions['reporter'];
  /** Make only the images the content and templates use (the CLI's build, and watch); else every image (an in-process build's default). */
  onlyUsedImages?: boolean;
  /** Where compiled modules and the render worker's bundle live. */
  compileDir: string;
  /** A fixed build date (tests, SOURCE_DATE_EPOCH); else today in the site's time zone. */
  buildDate?: string;
}

/** How a build renders: its threads, the render bound, and whether pages record what they read. */
export type PoolOptions = Pick<RendererOptions, 'jobs' | 'renderTimeout' | 'recordUnits' | 'shareChunks'>;

/**
 * Both read the page manifest of their output folder from the cache folder (when one is given)
 * and save it after an atomic commit, and both render on the render threads.
 * - build: the workers stop once the pages are written.
 * - watch: one render worker is kept; the manifest is kept in memory for the folder served, its
 *   file removed before the first write in place and saved again when watch stops.
 */
export type SessionMode = { kind: 'build'; render: PoolOptions } | { kind: 'watch'; renderTimeout?: number; jobs?: number };

/** What the site data is made of besides the routed site. */
export interface PassInputs {
  images: SiteData['images'];
  assets: BuildAssets;
}

export interface Pass extends PassData {
  site: LoadedSite;
}

export interface Session {
  /**
   * Runs one pass: the steps `changes` selects (all of them for 'all'), then the write, atomic
   * (a whole new output swapped in) or in place (what changed, into the folder served): see
   * run-pass.ts for which. `run.outputMissing()`: the output folder went away since it was written.
   */
  readonly run: PassRunner;
  readonly source: SiteSource;
  readonly manifest: PageManifest;
  readonly renderers: SessionRenderers;
  /** Other output files of the output the saved manifest describes (build), for the nothing-changed check. */
  readonly savedExtras: Record<string, string> | undefined;
  /**
   * The site data templates get and the inputs of the page keys, for the site as now routed and
   * the templates in use. The same object while none of them changed (watch compares it).
   */
  pass(site: LoadedSite, inputs: PassInputs): Pass;
  /** The routes whose page in the output is current, and those to render. */
  plan(pass: Pass): PagePlan;
  /** Of these routes, those whose page in the output is not current: the open pages, valued before the rest (watch). */
  staleAmong(pass: Pass, routes: readonly Route[]): Route[];
  /**
   * Renders `render` (and links `reuse` from the previous output) into the staging folder.
   * The pages' records enter the manifest as they are rendered (build: the manifest is saved
   * only after the commit) or when `committed()` is called (watch: its manifest describes the
   * folder it serves, which a failed pass leaves as it was). `committed(false)`: the pages of
   * routes that are gone are still in the output (the open pages, written before the plan that
   * finds them), so their records stay for that plan.
   */
  writePages(pass: Pass, staging: Staging, pages: { render: readonly Route[]; reuse?: readonly ReusablePage[] }, time?: <T>(label: string, work: () => Promise<T>) => Promise<T>, onRendered?: (done: number, total: number) => void): Promise<WrittenPages & { committed(goneRemoved?: boolean): void }>;
  /** Saves the manifest of the output just committed. */
  save(extras: Record<string, string>): void;
  /** The output is about to change in place (watch): the saved manifest no longer describes it. */
  changingInPlace(): void;
  /**
   * Stops the render workers and the compiler; watch then saves its manifest, once `passEnded`
   * (the pass this cut short) has settled: a pass still running may change the output in place
   * and remove the saved manifest after a save made at once.
   */
  close(passEnded?: Promise<unknown>): Promise<void>;
}

export function createSession(options: SessionOptions, mode: SessionMode): Session {
  // Before anything imports React, here or in a render worker: build and watch alike render with its production build.
  preferProductionReact();
  holdYoungGenerations();
  const watch = mode.kind === 'watch';
  const renderers = createRenderers({
    // Watch shares shared() markup as a build does: each pass's site patch gives its workers a new chunk cache.
    ...(watch ? { jobs: mode.jobs, renderTimeout: mode.renderTimeout, recordUnits: true, shareChunks: true, keep: { compileDir: options.compileDir } } : mode.render),
    // Workers route their copy of the content as the site source does.
    route: { buildDate: options.buildDate, drafts: options.drafts ?? false, baseUrl: options.baseUrl },
  });
  const recordUnits = watch || mode.render.recordUnits;
  const saved = savedManifest(options, recordUnits);
  const { manifest } = saved;
  if (!watch) startWorkerIfAllRender(renderers, manifest);
  // A build's render workers route the site for this thread unless a page record must be valued here (session.plan).
  const source = createSiteSource({ ...options, helpers: renderers.threads, routeElsewhere: () => !watch && manifest.size === 0 });
  const code = codeVersion();
  // Watch keeps esbuild's contexts from save to save; a build compiles once and stops esbuild.
  const compiles = watch ? createIncrementalCompiles() : undefined;
  let last: Pass | undefined;
  // One valuation per pass: it caches the values it computed.
  const valued = new WeakMap<Pass, UnitValues>();
  /** The route table the manifest was last trimmed to: a pass's records are all of its routes, so the same table needs no trim (watch's slices, 10,000 paths each). */
  let keptFor: readonly Route[] | undefined;
  const valuesOf = (pass: Pass) => {
    let values = valued.get(pass);
    if (!values) valued.set(pass, values = createUnitValues(pass.data, pass.keys.fingerprints, pass.keys.salt));
    return values;
  };

  const session: Omit<Session, 'run'> = {
    source,
    manifest,
    renderers,
    savedExtras: saved.extras,
    pass(site, inputs) {
      const config = source.config!;
      // Besides the units a page read, its HTML depends on the code, the templates and the declaration.
      const salt = hashText(`${code}\n${renderers.templates!.hash}\n${config.hash}`);
      last = passFor(last, site, inputs, salt, { buildDate: options.buildDate, config: config.value });
      return last;
    },
    plan(pass) {
      return manifest.plan(pass.site.table.routes, valuesOf(pass));
    },
    staleAmong(pass, routes) {
      const values = valuesOf(pass);
      return routes.filter((route) => !pageIsCurrent(manifest.get(route.path), route, values));
    },
    async writePages(pass, staging, pages, time, onRendered) {
      const pending: Array<[string, PageRecord]> = [];
      const atOnce = mode.kind === 'build';
      let handedOver = false;
      // Until they are written again, nothing vouches for these pages' files.
      manifest.forget(pages.render.map((route) => route.path));
      const written = await writePages({
        site: pass.data,
        templatesModule: renderers.templates!.modulePath,
        staging,
        reuse: pages.reuse,
        render: pages.render,
        renderers: renderers.forPass(pass),
        record: recordUnits ? { keys: pass.keys, onPage: (page, record) => (atOnce ? manifest.remember(page, record) : pending.push([page, record])) } : undefined,
        shareChunks: mode.kind === 'build' ? mode.render.shareChunks : true,
        time,
        onRendered: (done, total) => {
          // The workers render: the peak of their assembling is over, and the site this thread let go can be compacted away.
          if (handedOver && done > 0) {
            handedOver = false;
            compactAfterHandOver(pass.site.checkedElsewhere === undefined);
          }
          onRendered?.(done, total);
        },
        handedOver: atOnce ? () => {
          handOver(pass, source);
          handedOver = true;
        } : undefined,
      });
      return {
        ...written,
        committed(goneRemoved = true) {
          if (goneRemoved && keptFor !== pass.site.table.routes) manifest.keepOnly((keptFor = pass.site.table.routes));
          for (const [page, record] of pending.splice(0)) manifest.remember(page, record);
        },
      };
    },
    save: saved.save,
    changingInPlace: saved.changingInPlace,
    async close(passEnded) {
      const stopped = Promise.all([renderers.close(), compiles?.dispose()]);
      // Watch stops: the manifest describes the folder served (its pages; the other files are not
      // described, so the next start writes the output again, linking the current pages).
      await passEnded?.catch(() => undefined);
      if (watch) saved.saveIfChanged();
      await stopped;
    },
  };
  return { ...session, run: readySpareAfter(createPassRunner(session, { ...runnerOptions(options, mode, code), compiles }), renderers) };
}

/**
 * A build whose output has no page manifest renders every page: its render worker starts now and
 * loads (Node's start-up of the thread, its bundle, React, the config once compiled) while this
 * thread finds the config and lists and loads the content; from the first file parsed on, it was
 * the late one at the render (docs/performance.md, History, `cold-cpu-5`).
 */
function startWorkerIfAllRender(renderers: SessionRenderers, manifest: PageManifest): void {
  if (manifest.size === 0) renderers.threads.parsing?.();
}

/** Watch: after each pass (its open pages reloaded), a spare render worker holding the site as routed, for the next template save. */
function readySpareAfter(runPass: PassRunner, renderers: SessionRenderers): PassRunner {
  const run = async (changes: Parameters<PassRunner>[0], runOptions: Parameters<PassRunner>[1]) => {
    const outcome = await runPass(changes, runOptions);
    if (outcome.state.site?.items) renderers.readySpare(outcome.state.site.items);
    return outcome;
  };
  return Object.assign(run, { outputMissing: runPass.outputMissing });
}

/**
 * The page manifest of this output folder, as the cache folder holds it, and its file kept in
 * step with the output: saved after a commit, removed before the output changes in place (a
 * watch killed meanwhile leaves no manifest vouching for pages it changed).
 */
function savedManifest(options: SessionOptions, recordUnits: boolean) {
  const { cacheDir, outDir } = options;
  const stored = cacheDir ? readPageManifest(cacheDir, outDir) : undefined;
  const manifest = createPageManifest(stored?.pages);
  /** The manifest file describes the output (watch: until it changes in place). */
  let savedCurrent = stored !== undefined;
  const save = (extras: Record<string, string>) => {
    if (!cacheDir || !recordUnits) return;
    writePageManifest(cacheDir, outDir, manifest.entries(), extras);
    savedCurrent = true;
  };
  return {
    manifest,
    extras: stored?.extras,
    save,
    changingInPlace() {
      if (!savedCurrent || !cacheDir) return;
      removePageManifest(cacheDir, outDir);
      savedCurrent = false;
    },
    saveIfChanged() {
      if (savedCurrent) return;
      try {
        save({});
      } catch {
        // Without a manifest the next start renders every page.
      }
    },
  };
}

/**
 * A build's render workers hold the site now (each was sent its copy): this thread keeps only what
 * the rest of the build needs, the route table (pages to hand out, files, sitemap.xml) and the
 * page manifest, and lets the entries go (their fields, bodies, the loader's per-file state), the
 * navigation and the route fields only templates read. The content cache is written first, if it
 * changed (in frames: it adds little now). compactAfterHandOver() collects.
 */
function handOver(pass: Pass, source: SiteSource): void {
  pass.site.saveCache?.();
  pass.site.saveCache = undefined;
  source.release();
  const none: LoadedSite['content'] = {};
  pass.site.content = none;
  pass.data.content = none;
  pass.site.items = [];
  pass.items = [];
  pass.site.navigation = {};
  pass.data.navigation = {};
  keepRouteSkeletons(pass.site.table.routes);
}

/**
 * The collection after the hand-over, once the first pages came back. Not in the hand-over's own
 * job: the site patch just posted keeps the entry list in a WeakRef (render/worker-handle.ts), and
 * V8 keeps a WeakRef's target alive until the end of the job that made it, so a collection there
 * found every entry alive (until 2026-11-26: 44 MB live instead of 23 at 10,000 locations). Not at
 * once after it either: the workers are still assembling their copies then, the build's peak, and
 * a compaction adds a copy of what is live. It compacts: the freed objects are spread over the
 * whole old generation, and V8 kept it committed (65 MB for 23 live) for the whole render
 * (docs/performance.md, History, 2026-11-26, 08:25).
 */
function compactAfterHandOver(heldTheSite: boolean): void {
  // Small sites skip it (collectGarbageIfLarge): a few MB to give back for 10-20 ms of CPU. A site
  // a render worker routed was never held here (site-source.ts compacted once it was posted): a
  // compaction would only copy what this thread keeps (the routes' skeletons) as the workers start rendering.
  collectGarbageIfLarge({ compact: heldTheSite });
  trace(`hand-over: main thread heap ${(getHeapStatistics().used_heap_size / 2 ** 20).toFixed(1)} MB used`);
}

/**
 * Empties the route fields only templates read (routes/route-skeleton.ts): each worker routed its
 * own copy, and this thread reads no more of a route than its path, file, format, template and
 * source (pages to hand out, errors, sitemap.xml). About 2 KB a location page.
 */
function keepRouteSkeletons(routes: readonly Route[]): void {
  for (const route of routes) emptyTemplateFields(route);
}

/** The last pass while its site, inputs and salt are the same (so its valuation is reused), else a new one. */
function passFor(last: Pass | undefined, site: LoadedSite, inputs: PassInputs, salt: string, { buildDate, config }: { buildDate?: string; config: { utcOffsetHours: number; lang: string } }): Pass {
  const same = last?.site === site && last.data.images === inputs.images && JSON.stringify(last.data.assets) === JSON.stringify(inputs.assets);
  if (same && last!.keys.salt === salt) return last!;
  const data: SiteData = same ? last!.data : {
    content: site.content,
    routes: site.table.routes,
    navigation: site.navigation,
    images: inputs.images,
    assets: inputs.assets,
    buildDate: buildDate ?? resolveBuildDate(config.utcOffsetHours),
    baseUrl: site.baseUrl,
    siteName: site.siteName,
    lang: config.lang,
  };
  return { site, data, keys: { fingerprints: site.fingerprints ?? new Map<string, string>(), salt }, items: site.items ?? [] };
}

/** How the pass runner runs for this session: build and watch differ only in these. */
function runnerOptions(options: SessionOptions, mode: SessionMode, code: string): RunnerOptions {
  const build = mode.kind === 'build';
  return {
    rootDir: options.rootDir, contentDir: options.contentDir, templatesDir: options.templatesDir, outDir: options.outDir,
    publicDir: options.publicDir ?? path.join(path.dirname(options.contentDir), 'public'),
    compileDir: options.compileDir,
    // Build compiles through the step cache (none without a cache folder); watch only in a pass that reads everything.
    stepCacheDir: options.cacheDir,
    stepCacheOnlyWhole: !build,
    stableAssetNames: !build,
    hostFiles: build,
    // Recorded in the output's marker: only a complete build may be deployed.
    maker: mode.kind,
    stopEsbuild: build,
    // Only where this thread renders (from source): the compiled CLI renders in workers.
    preloadRenderer: build && !rendersInWorkers(),
    code,
    devScripts: options.devScripts ?? [],
    onTime: options.onTime,
    onWarning: options.onWarning,
    reporter: options.reporter,
    onlyUsedImages: options.onlyUsedImages === true,
  };
}
