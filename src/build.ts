/**
 * `build`: one pass of a build session (session/session.ts) into a new
 * output folder, swapped in whole. It orders the stages (config, content
 * and routes through the session's site source; compiles, images and public
 * files beside them; then plan, render, write, commit, save) and times
 * them, and it holds the decisions only a one-off build makes: when nothing
 * changed at all (the up-to-date check, which leaves the output untouched)
 * and who makes sitemap.xml (a render worker that already has the site, or
 * this thread).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { SitePaths } from './core/site-paths.ts';
import type { BuiltAsset } from './assets/build-css.ts';
import { placeImageFiles } from './assets/images/place-image-files.ts';
import { runImageStage } from './assets/resolve-images.ts';
import { imageUsesOf } from './assets/images/image-uses.ts';
import { codeVersion } from './cache/code-version.ts';
import { compileWithCache } from './session/compile-steps.ts';
import { describeOutputExtras, describePublicFile, extrasBytes, extrasUnchanged } from './session/output-extras.ts';
import { checkContentReferences } from './routes/check-references.ts';
import type { CompiledModule } from './core/compile-module.ts';
import { CleansiteErrorList, type CleansiteError } from './core/errors.ts';
import type { Logger } from './core/logger.ts';
import { inStage, type Reporter, type StageHandle } from './core/progress.ts';
import { listPublicFiles, placePublicFiles } from './output/public-files.ts';
import { renderRobotsTxt, renderSitemapXml } from './output/sitemap-xml.ts';
import { createStaging } from './output/staging.ts';
import { loadRedirects } from './publish/load-redirects.ts';
import { PUBLISH_FILES, publishFilesCurrent, writePublishFiles } from './publish/write-publish-files.ts';
import { preferProductionReact } from './render/production-react.ts';
import type { LoadedSite } from './routes/route-content.ts';
import { createSession, type Session } from './session/session.ts';
import type { ReusablePage } from './session/write-pages.ts';

export { PARALLEL_THRESHOLD } from './render/render-threads.ts';

export interface BuildOptions extends SitePaths {
  /** Write the error screen for routes that fail to render, and finish the build. */
  keepGoing: boolean;
  /** Render threads in all, the main thread included (0 or 1: main thread only). Default: one per core when many pages need rendering. */
  jobs?: number;
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
}

export type { LoadedSite } from './routes/route-content.ts';

/** Stages 0-3 through the session's site source: declaration, content, routes; references checked. Throws a CleansiteErrorList. */
async function loadSite(options: BuildOptions, session: Session, compiled: Promise<CompiledModule>, time: Timer): Promise<LoadedSite> {
  await session.source.configure(await compiled);
  return time('load content', async () => {
    await session.source.refresh();
    const site = session.source.assemble();
    const broken = checkContentReferences(site.content, site.table, options);
    if (broken.length > 0) throw new CleansiteErrorList(broken);
    return site;
  });
}

export async function build(options: BuildOptions, logger: Logger): Promise<BuildSummary> {
  const started = performance.now();
  // Before anything imports React, here or in a render worker.
  preferProductionReact();
  const time = async <T>(label: string, work: () => Promise<T> | T): Promise<T> => {
    const t = performance.now();
    const result = await inStage(options.reporter, label, work);
    logger.debug(`${label}: ${(performance.now() - t).toFixed(0)} ms`);
    return result;
  };
  const useCache = options.cache !== false;
  const session = createSession({
    ...options,
    // Without the cache no content cache or page manifest is read or saved, and no page records what it read.
    cacheDir: useCache ? options.cacheDir : undefined,
    compileDir: options.cacheDir,
  }, { kind: 'build', render: { jobs: options.jobs, recordUnits: useCache, shareChunks: options.shareChunks !== false } });
  try {
    return await buildWith(options, logger, { started, time, session });
  } finally {
    await session.close();
  }
}

type Timer = <T>(label: string, work: () => Promise<T> | T) => Promise<T>;

async function buildWith(options: BuildOptions, logger: Logger, { started, time, session }: { started: number; time: Timer; session: Session }): Promise<BuildSummary> {
  const code = codeVersion();
  const threads = session.renderers.threads!;
  let compiling = true;
  // Started first: esbuild and lightningcss work on the other core while the content loads.
  let configCompiled!: Promise<CompiledModule>;
  // While esbuild compiles (the content stage waits for the site config) this thread would be
  // idle: React loads meanwhile, once the compile requests are on their way (setImmediate).
  const loadRenderer = () => import('./render/render-page.ts').catch(() => undefined);
  let preloading: Promise<unknown> | undefined;
  const onEsbuildStart = () => setImmediate(() => (preloading ??= loadRenderer()));
  const compiles = compileWithCache({ ...options, stepCacheDir: options.cache === false ? undefined : options.cacheDir, code, time, onEsbuildStart }, (config) => {
    configCompiled = config.then((compiled) => {
      threads.setConfig(compiled.modulePath);
      return compiled;
    });
  }).then(async (compiled) => {
    compiling = false;
    await session.renderers.useTemplates(compiled.templates);
    return compiled;
  });
  // Rejections are reported by whichever awaits first; the other is kept from going unhandled.
  compiles.catch(() => undefined);
  const loading = loadSite(options, session, configCompiled, time);
  // Only the images the content and templates use are made: known once both are in. The image
  // stage awaits this after listing its sources: until then a rejection must not go unhandled.
  const imageUses = options.onlyUsedImages ? Promise.all([loading, compiles]).then(([loaded, { templates }]) => imageUsesOf(loaded.content, templates.modulePath)) : undefined;
  imageUses?.catch(() => undefined);
  const preload = loading.then(() => (compiling ? (preloading ??= loadRenderer()) : undefined), () => undefined);
  const [site, compiled, images, publicFiles] = await Promise.all([
    loading,
    compiles,
    inStage(options.reporter, 'images', (stage) => runImageStage({
      publicDir: options.publicDir,
      cacheDir: options.cacheDir,
      uses: imageUses,
      onEncoded: (done, total) => stage.count(done, total),
    })),
    listPublicFiles(options.publicDir),
    preload,
  ]);
  const { css, script } = compiled;
  const publish = { redirects: loadRedirects(options.contentDir, site.table.routes, site.baseUrl, options.rootDir), baseUrl: site.baseUrl };
  logger.debug(`content: ${site.files?.found} files, ${site.files?.parsed} parsed (${site.files?.elsewhere} by render workers), the rest from the cache`);
  logger.debug(`images: ${images.stats.sources} sources, ${images.stats.cacheHits} cached, ${images.stats.cacheMisses} encoded`);

  const pass = session.pass(site, {
    images: images.images,
    assets: { css: css?.url ?? '', js: script?.url ?? '', devScripts: options.devScripts ?? [] },
  });
  const robotsTxt = renderRobotsTxt(site.baseUrl);
  const assets = [css, script].filter((asset): asset is BuiltAsset => asset !== undefined);
  // sitemap.xml: a render worker that parsed the content makes it while it waits for its setup;
  // otherwise this thread does, when it is first needed: before rendering only when nothing may
  // need rendering, else after, so that render workers do not wait for it (~0.1 s at 10,000 pages).
  const fromWorker = threads.sitemap(options.baseUrl)?.catch(() => undefined);
  let sitemapXml: Promise<string> | undefined;
  const sitemap = () => (sitemapXml ??= (async () => (await fromWorker) ?? renderSitemapXml(site.table.routes, site.baseUrl))());
  let extras: Promise<Record<string, string>> | undefined;
  const outputExtras = () => (extras ??= (async () => describeOutputExtras({ publicFiles, assets, imageFiles: images.files, sitemapXml: await sitemap(), robotsTxt }, code))());

  const plan = await time('check page cache', () => {
    const { current, stale, removedOutputs } = session.plan(pass);
    const reuse: ReusablePage[] = [];
    const render = [...stale];
    for (const page of current) {
      // The previous file must still be there, as it was written.
      const from = path.join(options.outDir, page.record.outputFile);
      if (sizeOf(from) === page.record.bytes) reuse.push({ ...page, from });
      else render.push(page.route);
    }
    return { reuse, render, removed: removedOutputs.length };
  });
  const pages = site.table.routes.length;

  const previousExtras = session.savedExtras;
  if (previousExtras && plan.render.length === 0 && plan.removed === 0) {
    const described = await outputExtras();
    if (extrasUnchanged(previousExtras, described, options.outDir) && publishFilesCurrent(options.outDir, options.publicDir, publish)) {
      site.saveCache?.();
      logger.debug(`nothing changed: all ${pages} pages and ${Object.keys(described).length - 1} other files are as the last build wrote them`);
      // The publish files are made from the output's file names, which are unchanged too.
      const publishBytes = PUBLISH_FILES.reduce((sum, name) => sum + (statSync(path.join(options.outDir, name), { throwIfNoEntry: false })?.size ?? 0), 0);
      const bytes = plan.reuse.reduce((sum, page) => sum + page.record.bytes, 0) + extrasBytes(described) + publishBytes;
      return { pages, files: pages + Object.keys(described).length - 1 + PUBLISH_FILES.length + publish.redirects.length, bytes, milliseconds: performance.now() - started, errors: [], rendered: 0, reused: pages, upToDate: true };
    }
  }

  const staging = createStaging(options.outDir);
  try {
    let bytes = 0;
    let files = 0;
    const write = (file: string, contents: string | Uint8Array) => {
      bytes += staging.write(file, contents);
      files++;
    };

    bytes += placePublicFiles(publicFiles, options.publicDir, staging, options.outDir,
      (file) => previousExtras?.[file.relative] === describePublicFile(file));
    files += publicFiles.length;
    for (const asset of assets) write(asset.file, asset.contents);
    const placed = placeImageFiles(images.files, staging.dir);
    bytes += placed.bytes;
    files += placed.files;

    const written = await pagesStage(options.reporter, (stage) => session.writePages(pass, staging, plan, time, (done, total) => stage.count(done, total)));
    bytes += written.bytes;
    files += pages;
    // After rendering: serialising every entry then adds nothing to the build's peak memory.
    site.saveCache?.();
    logger.debug(`pages: ${written.rendered} rendered, ${written.reused} unchanged (linked from the previous output)`);
    if (written.failures.length > 0 && !options.keepGoing) throw new CleansiteErrorList(written.failures);

    write('sitemap.xml', await sitemap());
    write('robots.txt', robotsTxt);
    const published = writePublishFiles(staging.dir, publish);
    bytes += published.bytes;
    files += published.files;

    await time('commit', () => staging.commit());
    try {
      written.committed();
      session.save(await outputExtras());
    } catch (error) {
      // The output is complete; without a manifest the next build just renders every page.
      logger.warn(`could not save the page cache: ${(error as Error).message}`);
    }
    return {
      pages,
      files,
      bytes,
      milliseconds: performance.now() - started,
      errors: written.failures,
      rendered: written.rendered,
      reused: written.reused,
    };
  } catch (error) {
    await staging.abort();
    throw error;
  }
}

/** Rendering, counted page by page, as one stage of its own ("write pages 420/10021"). */
function pagesStage<T>(reporter: Reporter | undefined, work: (stage: StageHandle) => Promise<T>): Promise<T> {
  return inStage(reporter, 'write pages', work);
}

function sizeOf(file: string): number {
  return statSync(file, { throwIfNoEntry: false })?.size ?? -1;
}
