/**
 * The watch session: the last good state of the site kept in memory, and
 * one rebuild routine that takes a batch of file changes and redoes only
 * what they affect. Problems never throw out of a rebuild: they are kept per
 * stage, reported, and cleared by the rebuild that fixes them, while the
 * output keeps the last good pages. A missing source folder pauses the
 * rebuilds; one that comes back or is swapped whole makes the next rebuild
 * start over from what is on disk (source-folders.ts).
 *
 * The pieces are the build's: the site source (session/site-source.ts: the
 * site's declaration and the content loader, kept, told which files
 * changed, routed), a render worker kept across rebuilds
 * (render/kept-worker.ts), the unit recorder and page keys to choose the
 * pages to render (as the page cache does), and the one output writer
 * (output/staging.ts, through write-passes.ts).
 */
import type { SitePaths } from '../core/site-paths.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildClientScript } from '../assets/build-client.ts';
import { buildCss, type BuiltAsset } from '../assets/build-css.ts';
import { placeImageFiles } from '../assets/images/place-image-files.ts';
import { runImageStage, type ImageStage } from '../assets/resolve-images.ts';
import type { LoadedSite } from '../routes/route-content.ts';
import { checkContentReferences } from '../routes/check-references.ts';
import { CleansiteErrorList, toErrorList, type CleansiteError } from '../core/errors.ts';
import { loadRedirects, REDIRECTS_FILE } from '../publish/load-redirects.ts';
import { isPublishedPublicFile } from '../output/public-files.ts';
import { compileSiteConfig } from '../config/load-config.ts';
import { compileTemplates } from '../render/compile-templates.ts';
import type { BuildAssets, SiteData } from '../render/page-props.ts';
import { createRedirectMatcher, type RedirectAnswer } from '../server/redirects.ts';
import type { StreamMessage } from '../server/event-stream.ts';
import { classifyChange, relativeTo, type BundleInputs, type ChangeArea } from './classify-change.ts';
import type { FileChange } from './file-watcher.ts';
import { greetingMessages, messagesAfterRebuild } from './live-messages.ts';
import { pointAtTemplate } from './locate-template-frame.ts';
import type { Staging } from '../output/staging.ts';
import { createSession, type Pass } from '../session/session.ts';
import { findMissingFolders, missingFolderProblems, replacedFolders, shownFolder } from './source-folders.ts';
import { CSS_FILE, SCRIPT_FILE, writeInPlace, writePass } from './write-passes.ts';

export interface WatchSessionOptions extends SitePaths {
  /** Script URLs every page gets (the live-reload client). */
  devScripts: string[];
  /** Show `draft: true` entries, marked as drafts (default true; --no-drafts leaves them out as build does). */
  drafts?: boolean;
}

export interface RebuildReport {
  /** The changes handled; empty for the first build. */
  changes: FileChange[];
  initial: boolean;
  /** Pages rendered and written. */
  pages: number;
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
}

export interface WatchSession {
  rebuild(changes: FileChange[]): Promise<RebuildReport>;
  /** Sent to each page that connects: the build number, and the open problems if any. */
  greeting(): StreamMessage[];
  /** The redirect for a URL path under content/redirects.md as last loaded without problems (the dev server answers with it). */
  redirectFor(urlPath: string): RedirectAnswer | undefined;
  /** Asks the render worker for a full garbage collection. */
  compact(): void;
  close(): Promise<void>;
}

const IMAGE_FILE = /\.(jpe?g|png|webp|avif|svg)$/i;
/** One object, so that a pass with no images is the same pass as the last. */
const NO_IMAGES: SiteData['images'] = {};
type Stage = 'folders' | 'config' | 'content' | 'references' | 'redirects' | 'templates' | 'styles' | 'client' | 'public' | 'images' | 'render';

export function createWatchSession(options: WatchSessionOptions): WatchSession {
  const problems = new Map<Stage, CleansiteError[]>();
  const inputs = { config: new Set<string>(), templates: new Set<string>(), styles: new Set<string>(), client: new Set<string>() } satisfies BundleInputs;
  // No cache folder: watch reads the sources themselves, and keeps the content and the page manifest
  // in memory, not on disk. The manifest holds each page in the served folder with the units it
  // read and its key; a page whose key no longer matches its units' values is rendered again. A
  // pass forgets the records of the pages it renders and records them again once committed:
  // pages of a pass that failed have no record, so the next rebuild renders them again.
  const session = createSession({
    contentDir: options.contentDir, templatesDir: options.templatesDir, rootDir: options.rootDir, baseUrl: options.baseUrl,
    outDir: options.outDir, compileDir: options.cacheDir, buildDate: options.buildDate, drafts: options.drafts ?? true,
  }, { kind: 'watch' });
  const { source, manifest, renderers } = session;
  let site: LoadedSite | undefined;
  let css: BuiltAsset | undefined;
  let script: BuiltAsset | undefined;
  let images: ImageStage | undefined;
  let redirectFor: (urlPath: string) => RedirectAnswer | undefined = () => undefined;
  /** The last pass put together: site data and page keys. */
  let pass: Pass | undefined;
  let sitemapPending = false;
  let needsFullPass = true;
  let buildNumber = 0;
  /** Folders missing at the last rebuild, as shown (`content/`). */
  let missingBefore: string[] = [];

  let timings: Record<string, number> = {};
  const time = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      timings[label] = (timings[label] ?? 0) + performance.now() - started;
    }
  };
  const openProblems = () => [...problems.values()].flat();
  const attempt = (stage: Stage, work: () => Promise<void>) => time(stage, async () => {
    try {
      await work();
      problems.delete(stage);
    } catch (error) {
      problems.set(stage, toErrorList(error));
    }
  });

  async function rebuild(changes: FileChange[], initial: boolean): Promise<RebuildReport> {
    const started = performance.now();
    timings = {};
    const hadProblems = problems.size > 0;
    const missing = findMissingFolders(options);
    if (missing.length > 0) return waitForFolders(changes, missing, initial, hadProblems, started);
    // A folder that came back, or was swapped whole, may hold anything: forget what was known and read it all again.
    const restored = [...new Set([...missingBefore, ...replacedFolders(changes, options).map((folder) => shownFolder(options.rootDir, folder.dir))])];
    const fresh = initial || restored.length > 0;
    if (restored.length > 0 && !initial) needsFullPass = true;
    missingBefore = [];
    problems.delete('folders');
    changes = changes.filter((change) => classify(change.file).length > 0);
    const areas = fresh ? new Set<ChangeArea>(['config', 'content', 'templates', 'styles', 'client', 'public']) : areasOf(changes);
    const warnings: string[] = [];
    let siteChanged = false;
    let publicFiles = 0;
    let stylesheet = false;
    let scriptWritten = false;

    let reloadContent = fresh;
    if (areas.has('config')) {
      await attempt('config', async () => {
        const compiled = await compileSiteConfig(options.templatesDir, options.cacheDir);
        replaceSet(inputs.config, compiled.inputs);
        // Other collections, schemas or route rules: every entry is read and checked again.
        if (await source.configure(compiled)) reloadContent = true;
      });
    }
    const siteConfig = source.config?.value;
    if (siteConfig && (areas.has('content') || reloadContent)) {
      const touched = await time('read', () => updateContent(changes, reloadContent));
      // Files no content kind claims (notes, images kept next to the text) change nothing.
      if (touched || !site) await attempt('content', async () => {
        site = source.assemble();
        siteChanged = true;
        sitemapPending = true;
      });
    }
    if (areas.has('templates')) {
      await attempt('templates', async () => {
        const compiled = await compileTemplates(options.templatesDir, options.cacheDir);
        replaceSet(inputs.templates, compiled.inputs);
        // A new render worker for new templates. Every page's key is salted with them, so the plan renders every page again.
        await renderers.useTemplates(compiled);
      });
    }
    if (areas.has('styles')) {
      await attempt('styles', async () => {
        css = await buildCss(options.templatesDir);
        replaceSet(inputs.styles, css?.inputs ?? []);
        const built = css;
        if (built && !needsFullPass) await writeInPlace(options.outDir, (out) => out.write(CSS_FILE, built.contents));
        stylesheet = css !== undefined;
      });
    }
    if (areas.has('client')) {
      await attempt('client', async () => {
        script = await buildClientScript(path.join(options.templatesDir, 'client', 'main.ts'));
        replaceSet(inputs.client, script?.inputs ?? []);
        const built = script;
        if (built && !needsFullPass) await writeInPlace(options.outDir, (out) => out.write(SCRIPT_FILE, built.contents));
        scriptWritten = script !== undefined;
      });
    }
    if (areas.has('public')) {
      const publicChanges = changes.filter((change) => classify(change.file).includes('public'));
      if (!needsFullPass) await attempt('public', async () => { publicFiles = await syncPublicFiles(publicChanges); });
      if (fresh || publicChanges.some((change) => IMAGE_FILE.test(change.file))) {
        await attempt('images', async () => {
          const next = await runImageStage({ publicDir: options.publicDir, cacheDir: options.cacheDir });
          if (!needsFullPass) await writeInPlace(options.outDir, (out) => placeImageFiles(next.files, out.dir));
          const same = JSON.stringify(next.images) === JSON.stringify(images?.images);
          // The same image map stays the same object, so the pass (site data and keys) stays the same too.
          images = same && images ? { ...next, images: images.images } : next;
          // Pages that showed an image that changed see it through their units.
          if (!same) siteChanged = true;
        });
      }
    }

    // As `build` does (build.ts): the rules checked against the routes; again when redirects.md changes.
    const redirectsFile = path.join(options.contentDir, REDIRECTS_FILE);
    if (site && (siteChanged || changes.some((change) => change.file === redirectsFile))) {
      const checked = site;
      await attempt('redirects', async () => {
        redirectFor = createRedirectMatcher(loadRedirects(options.contentDir, checked.table.routes, checked.baseUrl, options.rootDir));
      });
    }

    // As `build` does after routing (build.ts loadSite); again when public/ changes, which can add or remove an image.
    if (site && (siteChanged || areas.has('public'))) {
      const checked = site;
      await attempt('references', async () => {
        const broken = checkContentReferences(checked.content, checked.table, options);
        if (broken.length > 0) throw new CleansiteErrorList(broken);
      });
    }

    if (site && renderers.templates) pass = session.pass(site, { images: images?.images ?? NO_IMAGES, assets: currentAssets() });

    let pages = 0;
    let removedPages = 0;
    if (pass) {
      if (needsFullPass) {
        pages = await writeFullPass(pass);
        if (pages > 0) warnings.push(...checkDevScripts(pass.site));
      } else {
        const current = pass;
        const { paths, removals } = await time('plan', async () => pagesToWrite(current));
        if (paths.length > 0 || removals.length > 0 || sitemapPending) ({ pages, removedPages } = await writeIncremental(pass, paths, removals));
      }
    }

    const outputChanged = pages > 0 || removedPages > 0 || publicFiles > 0 || scriptWritten;
    if (outputChanged) buildNumber++;
    const current = openProblems();
    const messages = initial ? [] : messagesAfterRebuild({ outputChanged, stylesheet: stylesheet ? css : undefined, buildNumber, problems: current, hadProblems });
    return { changes, initial, pages, removedPages, stylesheet, script: scriptWritten, publicFiles, milliseconds: performance.now() - started, timings, warnings, problems: current, messages, missingFolders: [], restoredFolders: initial ? [] : restored };
  }

  /** Nothing is read or written while a source folder is missing; the news is reported once, not at every event. */
  function waitForFolders(changes: FileChange[], missing: ReturnType<typeof findMissingFolders>, initial: boolean, hadProblems: boolean, started: number): RebuildReport {
    const shown = missing.map((folder) => shownFolder(options.rootDir, folder.dir));
    const news = initial || shown.join('\0') !== missingBefore.join('\0');
    missingBefore = shown;
    problems.set('folders', missingFolderProblems(options.rootDir, missing));
    const current = openProblems();
    const messages = news && !initial ? messagesAfterRebuild({ outputChanged: false, stylesheet: undefined, buildNumber, problems: current, hadProblems }) : [];
    return {
      changes: news ? changes : [], initial, pages: 0, removedPages: 0, stylesheet: false, script: false, publicFiles: 0,
      milliseconds: performance.now() - started, timings, warnings: [], problems: current, messages, missingFolders: news ? shown : [], restoredFolders: [],
    };
  }

  /** The changed content files read again by the site source, which the session keeps (all of them the first time). */
  async function updateContent(changes: FileChange[], fresh: boolean): Promise<boolean> {
    if (fresh) return source.refresh('all');
    const contentChanges = changes.filter((change) => classify(change.file).includes('content'));
    const relist = contentChanges.some((change) => change.event !== 'change');
    return source.refresh({ relatives: contentChanges.map((change) => relativeTo(options.contentDir, change.file)), relist });
  }

  /** Copies added and changed public files and deletes removed ones; page outputs win over public files, as in `build`. */
  async function syncPublicFiles(changes: FileChange[]): Promise<number> {
    const pageFiles = new Set(site?.table.routes.map((route) => route.outputFile) ?? []);
    const copies: string[] = [];
    const removals: string[] = [];
    for (const change of changes) {
      const relative = relativeTo(options.publicDir, change.file);
      if (!isPublishedPublicFile(relative) || pageFiles.has(relative) || relative === CSS_FILE || relative === SCRIPT_FILE) continue;
      if (change.event === 'add' || change.event === 'change') copies.push(relative);
      else if (change.event === 'unlink') removals.push(relative);
    }
    if (copies.length + removals.length === 0) return 0;
    await writeInPlace(options.outDir, (out) => {
      for (const relative of copies) out.copy(relative, path.join(options.publicDir, relative));
    }, removals);
    return copies.length + removals.length;
  }

  /** The pass every record was last found current for: nothing can be stale until another is put together. */
  let currentFor: Pass | undefined;

  /** A pass's pages, rendered by the kept worker; their records enter the manifest once the pass is committed (`done`). */
  const passInput = (current: Pass) => {
    let written: { committed(): void } | undefined;
    return {
      outDir: options.outDir, site: current.site,
      render: async (paths: string[], staging: Staging) => {
        const result = await session.writePages(current, staging, { render: paths.map((routePath) => current.site.table.byPath.get(routePath)!) }, (_label, work) => time('worker', work));
        written = result;
        return result;
      },
      explain: (error: CleansiteError) => pointAtTemplate(error, options.rootDir),
      done: () => written?.committed(),
    };
  };

  /** Pages whose units changed value (or that have no record), and the output files of pages that are gone. */
  function pagesToWrite(current: Pass): { paths: string[]; removals: string[] } {
    // A stylesheet or public-file edit changes no site data: no page need be valued again.
    if (currentFor === current) return { paths: [], removals: [] };
    const plan = session.plan(current);
    const paths = plan.stale.map((route) => route.path).sort();
    if (paths.length === 0 && plan.removedOutputs.length === 0) currentFor = current;
    return { paths, removals: plan.removedOutputs };
  }

  /** The first complete output (or the first after a start that could not render), swapped in whole. */
  async function writeFullPass(current: Pass): Promise<number> {
    let written = false;
    await attempt('render', async () => {
      const input = passInput(current);
      manifest.clear();
      await writePass(input, {
        paths: current.site.table.routes.map((route) => route.path), removals: [], sitemap: true, whole: { publicDir: options.publicDir, css, script, images },
      });
      input.done();
      written = true;
    });
    if (!written) return 0;
    currentFor = current;
    needsFullPass = false;
    sitemapPending = false;
    return current.site.table.routes.length;
  }

  /** Re-renders the given routes; nothing is written unless all render. */
  async function writeIncremental(current: Pass, paths: string[], removals: string[]): Promise<{ pages: number; removedPages: number }> {
    let result = { pages: 0, removedPages: 0 };
    await attempt('render', async () => {
      await writePass(passInput(current), { paths, removals, sitemap: sitemapPending });
      currentFor = current;
      sitemapPending = false;
      result = { pages: paths.length, removedPages: removals.length };
    });
    return result;
  }

  /** Pages only reload if the templates render assets.devScripts; say so once, after the first full output. */
  function checkDevScripts(current: LoadedSite): string[] {
    const home = current.table.routes.find((route) => route.listed) ?? current.table.routes[0];
    if (!home || options.devScripts.length === 0) return [];
    const html = readFileSync(path.join(options.outDir, home.outputFile), 'utf8');
    const missing = options.devScripts.filter((src) => !html.includes(`src="${src}"`));
    return missing.length === 0 ? [] : [`${home.outputFile} has no <script src="${missing[0]}">: the templates do not render assets.devScripts, so open pages will not reload or show errors (see src/render/page-props.ts BuildAssets)`];
  }

  function currentAssets(): BuildAssets {
    return {
      css: existsSync(path.join(options.templatesDir, 'styles', 'site.css')) ? `/${CSS_FILE}` : '',
      js: existsSync(path.join(options.templatesDir, 'client', 'main.ts')) ? `/${SCRIPT_FILE}` : '',
      devScripts: options.devScripts,
    };
  }

  function classify(file: string): ChangeArea[] {
    return classifyChange(file, options, inputs);
  }

  function areasOf(changes: readonly FileChange[]): Set<ChangeArea> {
    return new Set(changes.flatMap((change) => classify(change.file)));
  }

  let first = true;
  return {
    rebuild(changes) {
      const initial = first;
      first = false;
      return rebuild(initial ? [] : changes, initial);
    },
    greeting: () => greetingMessages(buildNumber, openProblems()),
    redirectFor: (urlPath) => redirectFor(urlPath),
    compact: () => renderers.compact(),
    close: () => session.close(),
  };
}

function replaceSet(set: Set<string>, values: Iterable<string>): void {
  set.clear();
  for (const value of values) set.add(value);
}
