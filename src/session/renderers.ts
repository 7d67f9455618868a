/**
 * Who renders a session's pages: render workers (render/render-threads.ts),
 * for `build` and watch alike, fed one way (a site patch keyed by entry
 * fingerprint, render/worker-protocol.ts), each page's key computed in the
 * thread that rendered it. The two differ in what they keep: a build stops
 * its workers once its pages are written (from source, with no compiled
 * worker, it renders on its own thread); watch keeps one worker, which
 * holds the entries for the next pass, renders only in workers (its
 * template modules must die with their thread, so this thread never imports
 * one), and replaces its workers when the templates change.
 */
import type { FingerprintedEntry } from '../content/content-loader.ts';
import { CleansiteError } from '../core/errors.ts';
import { workerFile } from '../render/compiled-worker.ts';
import type { SiteData } from '../render/page-props.ts';
import type { PageKeyInputs } from '../render/render-pool.ts';
import { createRenderThreads, type RenderThreads } from '../render/render-threads.ts';
import { renderLimits } from '../render/page-watchdog.ts';
import type { RouteSettings } from '../render/worker-protocol.ts';
import type { Renderers } from './write-pages.ts';

/** What one pass needs: the site data, the keys' inputs, and the entries render workers are sent. */
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
  /**
   * Renders with these templates from now on; false when they are the ones in use. Watch: throws
   * when they do not load. `compiledNow`: not from the step cache (so pages will render).
   */
  useTemplates(templates: TemplatesInUse, compiledNow?: boolean): Promise<boolean>;
  /** Who renders one pass's pages, given how many. */
  forPass(pass: PassData): (pages: number) => Renderers;
  /** The render threads (parse helpers for the content loader, sitemap.xml from a worker). */
  readonly threads: RenderThreads;
  /** Asks the workers for a full garbage collection (watch, when idle). */
  compact(): void;
  /**
   * Watch, once the open pages are reloaded (and again after each pass): a spare worker holding
   * the site as now routed, for the next template save (render-threads.ts). A build has none.
   */
  readySpare(items: readonly FingerprintedEntry[]): void;
  /** Stops what the workers are rendering or loading now (watch: the templates changed under them); they start again on the next render. */
  interrupt(): void;
  close(): Promise<void>;
}

export interface RendererOptions {
  /** Render workers in all (see render-threads.ts). */
  jobs?: number;
  /** Seconds one page may render (render/page-watchdog.ts). */
  renderTimeout?: number;
  /** Record what each page reads (for the page manifest); false renders faster and records nothing. */
  recordUnits: boolean;
  shareChunks: boolean;
  /** How the main thread routes the content: workers route their copy the same way. */
  route: RouteSettings;
  /** Watch: one worker kept between passes, bundled into `compileDir` when run from source. */
  keep?: { compileDir: string };
}

export function createRenderers(options: RendererOptions): SessionRenderers {
  const { keep } = options;
  const threads = createRenderThreads({ jobs: options.jobs, limits: renderLimits(options.renderTimeout), route: options.route, keep: keep !== undefined });
  let inUse: TemplatesInUse | undefined;
  // Once closed (watch stopping), no worker starts again, and one still loading its templates is stopped.
  const closing = new AbortController();
  let interruption = new AbortController();
  const stopping = () => new CleansiteError({ code: 'RENDER_FAILED', message: 'watch is stopping: nothing more is rendered' });
  return {
    get templates() {
      return inUse;
    },
    threads,
    async useTemplates(templates, compiledNow = true) {
      if (templates.modulePath === inUse?.modulePath) return false;
      if (!keep) threads.setTemplates(templates.modulePath, compiledNow);
      else await threads.loadTemplates(templates.modulePath, await workerFile('render-worker', keep.compileDir), AbortSignal.any([closing.signal, interruption.signal]));
      inUse = templates;
      return true;
    },
    forPass(pass) {
      // `pass.items` read when the workers are asked for, not kept here: a build lets them go once sent.
      const { data, keys } = pass;
      const render = {
        images: data.images, assets: data.assets, buildDate: data.buildDate, lang: data.lang,
        templatesModule: inUse!.modulePath, recordUnits: options.recordUnits, shareChunks: options.shareChunks,
        pageKeySalt: options.recordUnits ? keys.salt : undefined,
      };
      return (count: number): Renderers => {
        if (closing.signal.aborted) {
          const refused = Promise.reject(stopping());
          // Awaited by the render pool; a failure must not count as unhandled meanwhile.
          refused.catch(() => undefined);
          return { workers: { count: 1, ready: refused }, here: false };
        }
        const workers = threads.forRendering(count, pass.items, render, keep !== undefined);
        // Rendering happens in workers, where a runaway template can be stopped; here only without any (from source).
        // A build's workers stop once rendering is over, not at the end of the build: each holds a copy of the site.
        return { workers, here: keep === undefined && workers.count === 0, done: () => void threads.rendered().catch(() => undefined) };
      };
    },
    compact: () => threads.compact(),
    readySpare: (items) => threads.prepareSpare(items),
    interrupt() {
      interruption.abort();
      interruption = new AbortController();
      threads.interrupt();
    },
    async close() {
      closing.abort();
      await threads.close();
    },
  };
}
