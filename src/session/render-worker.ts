/**
 * A render worker's entry (started by render/render-threads.ts; it lives in
 * session/ because it runs every stage: it parses, assembles, routes,
 * renders and writes the sitemap), for `build` and watch alike. It keeps
 * the entries it parsed or was sent, by fingerprint; a site patch
 * (render/worker-protocol.ts) names the entries of a pass in file order,
 * and the worker assembles and routes them with the main thread's own
 * functions, then renders the batches of routes it is sent, computing each
 * page's key (render/unit-values.ts) from the entries' fingerprints.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeContentCache } from '../cache/content-cache-file.ts';
import { createUnitRecorder } from '../render/record-units.ts';
import { createUnitValues } from '../render/unit-values.ts';
import { assembleContent, restorePlainText, validatedFile, type ValidatedEntry } from '../content/assemble-content.ts';
import type { FingerprintedEntry } from '../content/content-loader.ts';
import { CleansiteError, CleansiteErrorList } from '../core/errors.ts';
import { contentImageUses } from '../assets/images/image-uses.ts';
import { skeletonOf } from '../routes/route-skeleton.ts';
import { trace } from '../core/trace.ts';
import { keepCompiledCode } from '../core/code-cache.ts';
import { importSiteConfig } from '../config/load-config.ts';
import { routeContent, type LoadedSite } from '../routes/route-content.ts';
import type { Route } from '../routes/route-table.ts';
import { importTemplates } from '../render/compile-templates.ts';
import type { SiteData, TemplateSet } from '../render/page-props.ts';
import { renderBatch, type BatchOptions } from '../render/render-batch.ts';
import { warmUpRenderer } from '../render/render-page.ts';
import { collectGarbage, collectGarbageIfLarge, workerYoungGeneration } from '../core/garbage-collection.ts';
import { reviveError, serialiseError } from '../core/serialise-error.ts';
import { createHeapBudget } from '../core/heap-budget.ts';
import { createStringSharer } from '../core/share-strings.ts';
import { createSharedChunks } from '../render/shared-chunks.ts';
import type { RenderSettings, RoutedReport, SerialisedBatch, SerialisedParse, SitePatch, WorkerMessage, WorkerReply, WorkerRequest } from '../render/worker-protocol.ts';

/** Entries this worker parsed or was sent, by fingerprint; a patch drops those it does not name. */
let entries = new Map<string, ValidatedEntry>();
const templateModules = new Map<string, Promise<TemplateSet>>();
/** The site as last assembled and routed, and what it was made from. */
let assembled: { key: string; site: LoadedSite; fingerprints: Map<string, string> } | undefined;
/** Site patches and the entries sent ahead of them are applied one at a time, in the order sent (inOrder). */
let patching: Promise<unknown> = Promise.resolve();
let images: SiteData['images'] = {};
/**
 * Until the first assembly: entries' repeated short strings are shared as they arrive (each copy
 * parsed or cloned here is a string of its own). Kept until the assembly shared them, the copies
 * were ~25 MB a worker at 30,000 locations (98-102 MB live before the assembly, now 72-78), and then
 * the assembly's garbage, at a large build's peak.
 */
let arrivingStrings: ((values: Iterable<unknown>) => void) | undefined = createStringSharer();
/** Made again after the collection that follows the first site's assembly: the site itself is not growth to collect. */
let keepHeapSmall = createHeapBudget();
/** Pages started, read by the main thread's watchdog (render/page-watchdog.ts). */
const progress = (workerData as { progress?: SharedArrayBuffer } | undefined)?.progress;
workerYoungGeneration((workerData as { youngGrowth?: SharedArrayBuffer } | undefined)?.youngGrowth);
/** The renderer was warmed up (a spare, before its first page). */
let warmedUp = false;
let renderer: { site: SiteData; templates: TemplateSet; routesByPath: ReadonlyMap<string, Route>; options: BatchOptions } | undefined;

trace('worker: started');

parentPort!.on('message', (message: WorkerMessage) => {
  if (message.type === 'entries') {
    void inOrder(() => keepEntries(message.items));
  } else if (message.type === 'config') {
    importSiteConfig(message.modulePath).then(() => trace('worker: config loaded'), () => {
      // Reported when the site patch or a parse request asks for it.
    });
  } else if (message.type === 'compact') {
    collectGarbage();
  } else if (message.type === 'templates') {
    loadTemplates(message.modulePath).catch(() => {
      // Reported when the site patch asks for them.
    });
  } else {
    answer(message.id, message);
  }
});

async function answer(id: number, request: WorkerRequest): Promise<void> {
  let reply: WorkerReply;
  try {
    reply = { id, ok: true, value: await handle(request) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error), error: error instanceof CleansiteError ? serialiseError(error) : undefined };
  }
  // Before the reply (once per install and flags): a build terminates its workers when the last reply arrives.
  if (reply.ok && (request.type === 'render' || request.type === 'parse')) keepCompiledCode(request.type);
  parentPort!.postMessage(reply);
  // After the reply is on its way: the page a browser waits for is not held up by a collection.
  // Not after a build's last batch: the thread is stopped next, and its stop waits for a collection
  // under way (a full one of the ~340 MB site at 100,000 pages: docs/performance.md, History, `big-8`).
  if (request.type === 'render' && !request.last) keepHeapSmall();
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.type) {
    case 'parse': {
      // Loaded on first use: a worker that only renders never loads the parser.
      const { parseSources } = await import('../content/parse-sources.ts');
      const { collections } = await importSiteConfig(request.configModule);
      const parsed = parseSources(request.sources, collections);
      await inOrder(() => keepEntries(parsed.items));
      return {
        fingerprints: parsed.fingerprints,
        items: parsed.items,
        readErrors: parsed.readErrors.map(serialiseError),
        parseErrors: parsed.parseErrors.map(serialiseError),
        validationErrors: parsed.validationErrors.map(serialiseError),
      } satisfies SerialisedParse;
    }
    case 'site': {
      trace('worker: site patch received');
      return inOrder(() => applyPatch(request.patch));
    }
    case 'sitemap': {
      await patching;
      if (!assembled) throw new Error('sitemap before the site was assembled');
      const { renderSitemapXml } = await import('../output/sitemap-xml.ts');
      return renderSitemapXml(assembled.site.table.routes, request.baseUrl ?? assembled.site.baseUrl);
    }
    case 'load':
      trace('worker: load templates');
      await loadTemplates(request.modulePath);
      return true;
    case 'render': {
      if (!renderer) throw new Error('render before the site was set up');
      const { site, templates, routesByPath, options } = renderer;
      const routes = request.paths.map((path) => routesByPath.get(path)!);
      trace(`worker: render ${routes.length}`);
      const result = renderBatch(routes, site, templates, request.outDir, { ...options, handBack: request.handBack });
      trace(`worker: rendered ${routes.length}`);
      return { ...result, failures: result.failures.map(serialiseError) } satisfies SerialisedBatch;
    }
  }
}

/**
 * Everything that changes `entries` runs in the order the main thread sent it: a patch drops
 * the entries it does not name, so entries sent for a later patch must not be added while an
 * earlier patch still waits its turn (it would drop them, and the later patch would find them
 * missing: "entry ... was never sent", seen in watch after a checkout that changed many files).
 */
function inOrder<T>(work: () => T | Promise<T>): Promise<T> {
  const done = patching.then(work);
  patching = done.catch(() => undefined);
  return done;
}

function keepEntries(items: readonly FingerprintedEntry[]): void {
  for (const { fingerprint, item } of items) entries.set(fingerprint, item);
  arrivingStrings?.(items.map(({ item }) => ('entry' in item ? item.entry : item.list)));
}

async function applyPatch(patch: SitePatch): Promise<true | RoutedReport> {
  if (!patch.report) return applySitePatch(patch);
  try {
    await applySitePatch(patch);
  } catch (error) {
    // The problems the main thread would have thrown, in its order: the files' first, then the assembly's or the routing's.
    if (error instanceof CleansiteErrorList) return { ok: false, problems: error.errors.map(serialiseError) };
    throw error;
  }
  return await routedReport(assembled!.site, patch.report);
}

async function applySitePatch(patch: SitePatch): Promise<true> {
  const key = `${patch.configModule}\n${JSON.stringify(patch.route)}\n${patch.order.join('\n')}`;
  if (assembled?.key !== key) {
    const items = patch.order.map((fingerprint): FingerprintedEntry => {
      const item = entries.get(fingerprint);
      if (!item) throw new Error(`entry ${fingerprint} was never sent`);
      return { fingerprint, item };
    });
    // Entries no pass names any more (edited or deleted files) are not kept.
    entries = new Map(items.map(({ fingerprint, item }) => [fingerprint, item]));
    const first = assembled === undefined;
    arrivingStrings = undefined;
    assembled = undefined;
    renderer = undefined;
    const problems = patch.report?.problems.map(reviveError);
    assembled = { key, ...assemble(items, await importSiteConfig(patch.configModule), patch.route, problems) };
    // What parsing left behind, collected before rendering adds its own garbage, and before
    // the cache's serialised copy of every entry is added to this thread's memory (not after
    // every watch edit: watch compacts its workers when idle).
    if (first) {
      collectGarbageIfLarge();
      keepHeapSmall = createHeapBudget();
    }
    // While the main thread still routes: this thread would wait for the render settings.
    if (patch.cache) writeContentCache(patch.cache, items);
  }
  trace('worker: site assembled');
  if (patch.render) renderer = await rendererFor(assembled.site, assembled.fingerprints, patch.render);
  // A spare (watch: a site and no templates yet) renders its first page for a waiting browser: the renderer is warmed now.
  else if (patch.warmUp && templateModules.size === 0 && !warmedUp) {
    warmedUp = true;
    warmUpRenderer();
    trace('worker: warmed up');
  }
  trace('worker: renderer ready');
  return true;
}

function loadTemplates(modulePath: string): Promise<TemplateSet> {
  let templates = templateModules.get(modulePath);
  if (!templates) templateModules.set(modulePath, (templates = importTemplates(modulePath)));
  return templates;
}

/** The same content, route table and navigation the main thread made from the same entries; `problems`: the files' own, reported first. */
function assemble(items: readonly FingerprintedEntry[], config: Awaited<ReturnType<typeof importSiteConfig>>, route: SitePatch['route'], problems?: CleansiteError[]) {
  // Entries lose their prototype (the lazy plain text) crossing the thread boundary.
  const content = restorePlainText(assembleContent(config.collections, items.map(({ item }) => item), problems));
  const fingerprints = new Map(items.map(({ fingerprint, item }) => [validatedFile(item), fingerprint]));
  const site = routeContent(config, { content, fingerprints }, route.baseUrl, { buildDate: route.buildDate, drafts: route.drafts });
  return { site, fingerprints };
}

/** What a build's main thread reads of the site this worker routed: it holds no content of its own. */
async function routedReport(site: LoadedSite, folders: NonNullable<SitePatch['report']>): Promise<RoutedReport> {
  // Loaded on first use: the check reads front-matter lines through the YAML parser, which a worker that only renders never loads.
  const { checkContentReferences } = await import('../routes/check-references.ts');
  return {
    ok: true,
    routes: site.table.routes.map(skeletonOf),
    baseUrl: site.baseUrl,
    siteName: site.siteName,
    leftOut: site.leftOut,
    references: checkContentReferences(site.content, site.table, folders).map(serialiseError),
    imageUses: contentImageUses(site.content),
  };
}

async function rendererFor(loaded: LoadedSite, fingerprints: ReadonlyMap<string, string>, settings: RenderSettings) {
  const templates = await loadTemplates(settings.templatesModule);
  if (settings.images) images = settings.images;
  const site: SiteData = {
    content: loaded.content, routes: loaded.table.routes, navigation: loaded.navigation, images, assets: settings.assets,
    buildDate: settings.buildDate, baseUrl: loaded.baseUrl, siteName: loaded.siteName, lang: settings.lang,
  };
  const options: BatchOptions = {
    recorder: settings.recordUnits ? createUnitRecorder(site) : undefined,
    chunks: settings.shareChunks ? createSharedChunks() : undefined,
    // Each page is valued once here: one entry's units are not kept (they would grow with the page count).
    keyOf: settings.pageKeySalt === undefined ? undefined : createUnitValues(site, fingerprints, settings.pageKeySalt, { keepEntryUnits: false }).pageKey,
    progress: progress ? new Int32Array(progress) : undefined,
  };
  return { site, templates, routesByPath: routesByPathOf(site.routes), options };
}

const routeMaps = new WeakMap<readonly Route[], ReadonlyMap<string, Route>>();

/** Kept per route table: a template save (watch) renders on a site assembled before it, and the open page waits for this. */
function routesByPathOf(routes: readonly Route[]): ReadonlyMap<string, Route> {
  let byPath = routeMaps.get(routes);
  if (!byPath) routeMaps.set(routes, (byPath = new Map(routes.map((route) => [route.path, route]))));
  return byPath;
}
