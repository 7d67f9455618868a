/**
 * Who renders a session's pages, behind one interface. A build renders on
 * its own thread, joined by render workers when there are many pages
 * (render/render-threads.ts, which also lend the content loader parse
 * workers), and stops them once its pages are written. Watch keeps one
 * render worker across rebuilds (render/kept-worker.ts): new templates mean
 * a new worker, so a template module dies with its thread, and the site
 * data goes to it as a patch. Either way the pages and their records come
 * back the same way (session/write-pages.ts).
 */
import type { FingerprintedEntry } from '../content/content-loader.ts';
import { CleansiteError } from '../core/errors.ts';
import { startKeptWorker, type KeptWorker } from '../render/kept-worker.ts';
import type { SiteData } from '../render/page-props.ts';
import type { PageKeyInputs } from '../render/render-pool.ts';
import { createRenderThreads, type RenderThreads } from '../render/render-threads.ts';
import { renderLimits } from '../render/page-watchdog.ts';
import type { UnitValues } from '../render/unit-values.ts';
import type { PageKeying, Renderers } from './write-pages.ts';

/** What one pass needs: the site data, the keys' inputs, and the entries render workers assemble the site from. */
export interface PassData {
  data: SiteData;
  keys: PageKeyInputs;
  items: readonly FingerprintedEntry[];
}

/** A compiled template module (core/compile-module.ts): its path, and the hash that is part of every page's key. */
export interface TemplatesInUse {
  modulePath: string;
  hash: string;
}

export interface SessionRenderers {
  /** The templates pages are rendered with; undefined until some are in use. */
  readonly templates: TemplatesInUse | undefined;
  /** Renders with these templates from now on; false when they are the ones in use. Throws when they do not load. */
  useTemplates(templates: TemplatesInUse): Promise<boolean>;
  /** Who renders one pass's pages, and where each page's key is computed (`values`: the pass's unit values). */
  forPass(pass: PassData, values: UnitValues): { renderers: (pages: number) => Renderers; keying: PageKeying };
  /** The build's render threads (parse helpers for the content loader, sitemap.xml from a worker); none in watch. */
  readonly threads: RenderThreads | undefined;
  /** Asks a kept worker for a full garbage collection (watch, when idle). */
  compact(): void;
  /** Stops what the kept worker is rendering or loading now (watch: the templates changed under it); it starts again on the next render. */
  interrupt(): void;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Render threads in all, this one included (see render-threads.ts). */
  jobs?: number;
  /** Seconds one page may render (render/page-watchdog.ts). */
  renderTimeout?: number;
  /** Record what each page reads (for the page manifest); false renders faster and records nothing. */
  recordUnits: boolean;
  shareChunks: boolean;
}

/** A build's renderers: this thread and, for many pages, render workers stopped once the pages are written. */
export function poolRenderers(options: PoolOptions): SessionRenderers {
  const threads = createRenderThreads(options.jobs, undefined, renderLimits(options.renderTimeout));
  let inUse: TemplatesInUse | undefined;
  return {
    get templates() {
      return inUse;
    },
    threads,
    async useTemplates(templates) {
      if (templates.modulePath === inUse?.modulePath) return false;
      inUse = templates;
      threads.setTemplates(templates.modulePath);
      return true;
    },
    forPass({ data, keys, items }) {
      const { images, assets, buildDate, baseUrl, siteName, lang } = data;
      const renderers = (count: number): Renderers => {
        const workers = threads.forRendering(count, items, {
          site: { images, assets, buildDate, baseUrl, siteName, lang },
          templatesModule: inUse!.modulePath,
          recordUnits: options.recordUnits,
          shareChunks: options.shareChunks,
          pageKeySalt: options.recordUnits ? keys.salt : undefined,
        });
        // Stopped once rendering is over, not at the end of the build: each worker holds a copy of the site.
        // Rendering happens in workers, where a runaway template can be stopped; here only without any (from source).
        return { workers, here: workers.count === 0, done: () => threads.close().catch(() => undefined) };
      };
      // Keys are computed in the thread that rendered the page: every thread holds the fingerprints.
      return { renderers, keying: { keys } };
    },
    compact() {},
    interrupt() {},
    close: () => threads.close(),
  };
}

/** Watch's renderers: one worker kept across rebuilds, replaced when the templates change. */
export function keptRenderers(cacheDir: string, renderTimeout?: number): SessionRenderers {
  const limits = renderLimits(renderTimeout);
  let worker: KeptWorker | undefined;
  let inUse: TemplatesInUse | undefined;
  // Once closed (watch stopping), no worker starts again, and one still loading its templates is stopped.
  const closing = new AbortController();
  const closed = () => closing.signal.aborted;
  let interruption = new AbortController();
  const stopping = () => new CleansiteError({ code: 'RENDER_FAILED', message: 'watch is stopping: nothing more is rendered' });
  return {
    get templates() {
      return inUse;
    },
    threads: undefined,
    async useTemplates(templates) {
      if (templates.modulePath === inUse?.modulePath) return false;
      if (closed()) throw stopping();
      // The old worker (and its module) goes away with its thread.
      const next = await startKeptWorker(templates.modulePath, cacheDir, { recordUnits: true, shareChunks: false }, { limits, stop: () => AbortSignal.any([closing.signal, interruption.signal]) });
      if (closed()) {
        await next.close();
        throw stopping();
      }
      await worker?.close();
      worker = next;
      inUse = templates;
      return true;
    },
    forPass({ data }, values) {
      const kept = worker!;
      const renderers = (): Renderers => {
        const ready = closed() ? Promise.reject(stopping()) : kept.useSite(data).then(() => [kept]);
        // Awaited by the render pool; a failure must not count as unhandled meanwhile.
        ready.catch(() => undefined);
        return { workers: { count: 1, ready }, here: false };
      };
      // The worker is sent site data as patches, without the fingerprints: keys are computed here.
      return { renderers, keying: { values } };
    },
    compact() {
      worker?.compact();
    },
    interrupt() {
      interruption.abort();
      interruption = new AbortController();
      void worker?.stop();
    },
    async close() {
      closing.abort();
      await worker?.close();
      worker = undefined;
    },
  };
}
