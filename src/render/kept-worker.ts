/**
 * A render worker kept across rebuilds (watch): the build's render worker
 * (session/render-worker.ts, same protocol, same error serialiser), started for one
 * compiled template module and sent the site data as a patch against what
 * it already holds (site-patch.ts) whenever that changed. New templates mean
 * a new kept worker and the old one closed: the old module dies with its
 * thread, so no thread accumulates template modules in Node's never-emptied
 * ESM import cache. A worker that died is started again on the next render.
 * Its pages are bounded by the render timeout (page-watchdog.ts), and watch
 * can end it mid-page or mid-load (a template saved, or watch stopping).
 */
import { CleansiteError } from '../core/errors.ts';
import { workerFile } from './compiled-worker.ts';
import { renderLimits, type RenderLimits } from './page-watchdog.ts';
import type { SiteData } from './page-props.ts';
import type { BatchResult } from './render-batch.ts';
import { startRenderWorker, type KeptSetup, type RenderWorker, type WorkerHandle } from './render-threads.ts';
import { createSitePatcher } from './site-patch.ts';

export interface KeptWorker extends RenderWorker {
  readonly templatesModule: string;
  /** The site data the next renders use; sent (as a patch) only when it is not what the worker holds. */
  useSite(site: SiteData): Promise<void>;
  /** Asks the worker for a full garbage collection (see core/garbage-collection.ts). */
  compact(): void;
  /** Ends the thread now (what it renders fails); the next render starts it again. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** How a kept worker is bounded: a page's render time and its heap, and the signal (asked at each start) that stops a worker still loading the templates. */
export interface KeptBounds {
  limits?: RenderLimits;
  stop?: () => AbortSignal;
}

/** Starts the worker and loads the templates; a module that throws while loading is the error. */
export async function startKeptWorker(templatesModule: string, cacheDir: string, options: Omit<KeptSetup, 'templatesModule'>, bounds: KeptBounds = {}): Promise<KeptWorker> {
  const file = await workerFile('render-worker', cacheDir);
  const setup: KeptSetup = { ...options, templatesModule };
  const start = async () => {
    const signal = bounds.stop?.();
    if (signal?.aborted) throw new CleansiteError({ code: 'RENDER_FAILED', message: 'the render worker was stopped' });
    const handle = startRenderWorker(file, undefined, bounds.limits ?? renderLimits());
    // A module that loops at its top level never answers the load: only the stop ends it.
    const stop = () => void handle.terminate();
    signal?.addEventListener('abort', stop);
    try {
      await handle.call({ type: 'load', modulePath: templatesModule });
    } catch (error) {
      await handle.terminate();
      throw error instanceof CleansiteError ? error : new CleansiteError({ code: 'TEMPLATE_COMPILE', message: `templates failed to load: ${(error as Error).message}`, cause: error });
    } finally {
      signal?.removeEventListener('abort', stop);
    }
    return handle;
  };
  let worker: WorkerHandle = await start();
  const patcher = createSitePatcher();
  let held: SiteData | undefined;
  const forget = () => {
    held = undefined;
    patcher.reset();
  };

  const terminate = async () => {
    await worker.terminate();
  };
  return {
    templatesModule,
    async useSite(site) {
      if (!worker.alive) {
        worker = await start();
        forget();
      }
      if (site === held) return;
      held = site;
      await worker.call({ type: 'site', patch: patcher.patch(site), setup }).catch((error: unknown) => {
        forget();
        throw error;
      });
    },
    render(paths: string[], outDir: string): Promise<BatchResult> {
      return worker.render(paths, outDir).catch((error: unknown) => {
        // What the worker holds is unknown now: the next render sends the whole site.
        forget();
        throw error;
      });
    },
    compact() {
      if (worker.alive) worker.post({ type: 'compact' });
    },
    stop: terminate,
    close: terminate,
  };
}
