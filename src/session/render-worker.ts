/**
 * A render worker's entry (started by render/render-threads.ts; it lives in
 * session/ because it runs every stage: it parses, assembles, renders and
 * writes the sitemap): parses the batches of content
 * files it is sent and keeps their entries, loads the templates when told
 * where they are, assembles the site from its own entries and the ones it
 * is sent, then renders and writes the batches of routes it is sent.
 *
 * A kept worker (watch, see render/kept-worker.ts) is sent its site data as a
 * patch against what it holds instead, again after every edit, and renders
 * with the one template module it was started for.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FingerprintedEntry } from '../content/content-loader.ts';
import { writeContentCache } from '../cache/content-cache-file.ts';
import { createUnitRecorder } from '../render/record-units.ts';
import { createUnitValues } from '../render/unit-values.ts';
import { assembleContent, validatedFile, type ValidatedEntry } from '../content/validate-content.ts';
import { CleansiteError } from '../core/errors.ts';
import { importSiteConfig } from '../config/load-config.ts';
import type { SiteConfig } from '../config/site-config.ts';
import type { Content } from '../content/entry-types.ts';
import { buildNavigation } from '../routes/navigation.ts';
import { buildRouteTable, type Route } from '../routes/route-table.ts';
import { publishedContent } from '../routes/publish-entries.ts';
import { resolveBuildDate } from '../core/format.ts';
import { importTemplates } from '../render/compile-templates.ts';
import type { SiteData, TemplateSet } from '../render/page-props.ts';
import { renderBatch, type BatchOptions } from '../render/render-batch.ts';
import { collectGarbage } from '../core/garbage-collection.ts';
import { serialiseError } from '../core/serialise-error.ts';
import { restorePlainText } from '../content/validate-content.ts';
import { createHeapBudget } from '../render/heap-budget.ts';
import { createSharedChunks } from '../render/shared-chunks.ts';
import { applySitePatch } from '../render/site-patch.ts';
import type { KeptSetup, RenderSetup, SerialisedBatch, SerialisedParse, WorkerMessage, WorkerReply, WorkerRequest } from '../render/render-threads.ts';

/** Entries this worker parsed or was sent, by fingerprint; emptied once the site is assembled. */
const entries = new Map<string, ValidatedEntry>();
const templateModules = new Map<string, Promise<TemplateSet>>();
let assembled: { content: Content; routes: Route[]; navigation: object; fingerprints: Map<string, string>; baseUrl: string } | undefined;
const keepHeapSmall = createHeapBudget();
/** Pages started, read by the main thread's watchdog (render/page-watchdog.ts). */
const progress = (workerData as { progress?: SharedArrayBuffer } | undefined)?.progress;
let renderer: { site: SiteData; templates: TemplateSet; routesByPath: Map<string, Route>; options: BatchOptions } | undefined;
/** A kept worker's site data, as last patched. */
let patched: SiteData | undefined;

parentPort!.on('message', (message: WorkerMessage) => {
  if (message.type === 'entries') {
    for (const { fingerprint, item } of message.items) entries.set(fingerprint, item);
  } else if (message.type === 'compact') {
    collectGarbage();
  } else if (message.type === 'templates') {
    loadTemplates(message.modulePath).catch(() => {
      // Reported when the setup asks for them.
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
  parentPort!.postMessage(reply);
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.type) {
    case 'parse': {
      // Loaded on first use: a worker that only renders never loads the parser.
      const { parseSources } = await import('../content/parse-sources.ts');
      const { collections } = await importSiteConfig(request.configModule);
      const parsed = parseSources(request.sources, collections);
      for (const { fingerprint, item } of parsed.items) entries.set(fingerprint, item);
      return {
        fingerprints: parsed.fingerprints,
        items: parsed.items,
        readErrors: parsed.readErrors.map(serialiseError),
        parseErrors: parsed.parseErrors.map(serialiseError),
        validationErrors: parsed.validationErrors.map(serialiseError),
      } satisfies SerialisedParse;
    }
    case 'assemble': {
      const items = request.order.map((fingerprint): FingerprintedEntry => {
        const item = entries.get(fingerprint);
        if (!item) throw new Error(`entry ${fingerprint} was never sent`);
        return { fingerprint, item };
      });
      entries.clear();
      assembled = assemble(items, await importSiteConfig(request.configModule));
      // What parsing left behind, collected before rendering adds its own garbage, and before
      // the cache's serialised copy of every entry is added to this thread's memory.
      collectGarbage();
      // While the main thread still builds its route table: this thread would wait for the setup.
      if (request.cache) writeContentCache(request.cache, items);
      return true;
    }
    case 'sitemap': {
      if (!assembled) throw new Error('sitemap before the site was assembled');
      const { renderSitemapXml } = await import('../output/sitemap-xml.ts');
      return renderSitemapXml(assembled.routes, request.baseUrl ?? assembled.baseUrl);
    }
    case 'setup':
      renderer = await setUp(request.setup);
      return true;
    case 'load':
      await loadTemplates(request.modulePath);
      return true;
    case 'site': {
      const templates = await loadTemplates(request.setup.templatesModule);
      patched = applySitePatch(patched, request.patch);
      // Entries lose their prototype (the lazy plain text) crossing the thread boundary.
      restorePlainText(patched.content);
      renderer = rendererFor(patched, templates, request.setup);
      return true;
    }
    case 'render': {
      if (!renderer) throw new Error('render before setup');
      const { site, templates, routesByPath, options } = renderer;
      const routes = request.paths.map((path) => routesByPath.get(path)!);
      const result = renderBatch(routes, site, templates, request.outDir, options);
      keepHeapSmall();
      return { ...result, failures: result.failures.map(serialiseError) } satisfies SerialisedBatch;
    }
  }
}

function loadTemplates(modulePath: string): Promise<TemplateSet> {
  let templates = templateModules.get(modulePath);
  if (!templates) templateModules.set(modulePath, (templates = importTemplates(modulePath)));
  return templates;
}

/** The same content, route table and navigation the main thread built from the same entries. */
function assemble(items: readonly FingerprintedEntry[], config: SiteConfig) {
  // Drafts and scheduled entries are left out as on the main thread (a build never keeps drafts).
  const { content } = publishedContent(assembleContent(config.collections, items.map(({ item }) => item)), { buildDate: resolveBuildDate(config.utcOffsetHours), drafts: false });
  const table = buildRouteTable(config, content);
  const fingerprints = new Map(items.map(({ fingerprint, item }) => [validatedFile(item), fingerprint]));
  return { content, routes: table.routes, navigation: buildNavigation(config, content, table), fingerprints, baseUrl: config.settings(content).baseUrl };
}

async function setUp(setup: RenderSetup) {
  const templates = await loadTemplates(setup.templatesModule);
  if (!assembled) throw new Error('setup before the site was assembled');
  const { content, routes, navigation, fingerprints } = assembled;
  return rendererFor({ ...setup.site, content, routes, navigation }, templates, setup, fingerprints);
}

function rendererFor(site: SiteData, templates: TemplateSet, setup: KeptSetup & Pick<RenderSetup, 'pageKeySalt'>, fingerprints: ReadonlyMap<string, string> = new Map()) {
  const options: BatchOptions = {
    recorder: setup.recordUnits ? createUnitRecorder(site) : undefined,
    chunks: setup.shareChunks ? createSharedChunks() : undefined,
    keyOf: setup.pageKeySalt === undefined ? undefined : createUnitValues(site, fingerprints, setup.pageKeySalt).pageKey,
    progress: progress ? new Int32Array(progress) : undefined,
  };
  return { site, templates, routesByPath: new Map(site.routes.map((route) => [route.path, route])), options };
}
