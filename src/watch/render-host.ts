/**
 * Owns the watch session's render worker: starts it for one compiled
 * template module, sends it routes to render, and restarts it if it dies.
 * A template change means a new host (and the old one is closed), never a
 * re-import in the main thread.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CleansiteError } from '../core/errors.ts';
import type { SiteData } from '../render/page-props.ts';
import { reviveError, type WatchCompactRequest, type WatchRenderReply, type WatchRenderRequest, type WatchWorkerInit } from './render-messages.ts';
import { createSitePatcher } from './site-patch.ts';
import type { Dependency } from './track-dependencies.ts';

/**
 * The worker renders a handful of pages per edit, so a small young
 * generation costs nothing measurable; left to itself V8 grows it to ~32 MB
 * over the first few hundred edits, which showed up as a 20 % rise in the
 * watcher's memory with no leak behind it.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

export interface RenderOutcome {
  bytes: number;
  failures: CleansiteError[];
  dependencies: Map<string, Dependency[]>;
}

export interface RenderHost {
  readonly templatesModule: string;
  /** Renders the routes into `outDir` (a staging folder); sends the site data along when it changed. */
  render(site: SiteData, paths: string[], outDir: string): Promise<RenderOutcome>;
  /** Asks the worker for a full garbage collection (see core/garbage-collection.ts). */
  compact(): void;
  close(): Promise<void>;
}

export async function startRenderHost(templatesModule: string, cacheDir: string): Promise<RenderHost> {
  const workerFile = await findWorkerFile(cacheDir);
  let worker = await startWorker(workerFile, templatesModule);
  const patcher = createSitePatcher();
  let lastSite: SiteData | undefined;
  let nextId = 0;
  const forget = () => {
    lastSite = undefined;
    patcher.reset();
  };
  return {
    templatesModule,
    async render(site, paths, outDir) {
      if (!worker.alive) {
        worker = await startWorker(workerFile, templatesModule);
        forget();
      }
      const request: WatchRenderRequest = { id: nextId++, patch: site === lastSite ? undefined : patcher.patch(site), paths, outDir };
      lastSite = site;
      const reply = await worker.send(request).catch((error: unknown) => {
        forget();
        throw error;
      });
      return { bytes: reply.bytes, failures: reply.failures.map(reviveError), dependencies: new Map(reply.dependencies) };
    },
    compact: () => worker.compact(),
    close: () => worker.terminate(),
  };
}

type SuccessReply = Extract<WatchRenderReply, { bytes: number }>;

interface WorkerHandle {
  readonly alive: boolean;
  send(request: WatchRenderRequest): Promise<SuccessReply>;
  compact(): void;
  terminate(): Promise<void>;
}

function startWorker(workerFile: string, templatesModule: string): Promise<WorkerHandle> {
  const worker = new Worker(workerFile, {
    workerData: { templatesModule } satisfies WatchWorkerInit,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  const pending = new Map<number, { resolve: (reply: SuccessReply) => void; reject: (error: Error) => void }>();
  let alive = true;
  const failAll = (error: Error) => {
    alive = false;
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  };

  return new Promise((resolveReady, rejectReady) => {
    const failStart = (error: Error) => rejectReady(new CleansiteError({
      code: 'TEMPLATE_COMPILE',
      message: `templates failed to load: ${error.message}`,
      hint: 'code at the top level of a template module threw; run with --debug for its stack',
      cause: error,
    }));
    worker.once('error', failStart);
    worker.on('exit', () => failAll(new CleansiteError({ code: 'RENDER_FAILED', message: 'the render worker stopped unexpectedly; it restarts with the next change' })));
    worker.on('message', (reply: WatchRenderReply) => {
      if (reply.id === -1) {
        worker.off('error', failStart);
        worker.on('error', (error) => failAll(new CleansiteError({ code: 'RENDER_FAILED', message: `the render worker crashed: ${error.message}`, cause: error })));
        resolveReady({
          get alive() {
            return alive;
          },
          send: (request) => new Promise((resolve, reject) => {
            pending.set(request.id, { resolve, reject });
            worker.postMessage(request);
          }),
          compact() {
            if (alive) worker.postMessage({ compact: true } satisfies WatchCompactRequest);
          },
          async terminate() {
            alive = false;
            await worker.terminate();
          },
        });
        return;
      }
      const entry = pending.get(reply.id);
      pending.delete(reply.id);
      if (!entry) return;
      if (reply.ok && 'bytes' in reply) entry.resolve(reply);
      else entry.reject(new CleansiteError({ code: 'RENDER_FAILED', message: `render worker failed: ${'message' in reply ? reply.message : 'unknown reply'}` }));
    });
  });
}

/**
 * The launcher compiles the worker next to the CLI (bin/cleansite.mjs). Run
 * from the TypeScript sources (tests), the worker is bundled on first use.
 */
async function findWorkerFile(cacheDir: string): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const compiled = [path.join(here, 'watch-render-worker.mjs'), path.join(here, '..', 'watch-render-worker.mjs')].find((file) => existsSync(file));
  if (compiled) return compiled;
  const source = path.join(here, 'watch-render-worker.ts');
  const bundled = path.join(cacheDir, 'watch', 'watch-render-worker.mjs');
  await mkdir(path.dirname(bundled), { recursive: true });
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [source], outfile: bundled, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'silent',
  });
  return bundled;
}
