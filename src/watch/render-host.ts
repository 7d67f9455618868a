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
import { reviveError, type WatchRenderReply, type WatchRenderRequest, type WatchWorkerInit } from './render-messages.ts';
import type { Dependency } from './track-dependencies.ts';

export interface RenderOutcome {
  bytes: number;
  failures: CleansiteError[];
  dependencies: Map<string, Dependency[]>;
}

export interface RenderHost {
  readonly templatesModule: string;
  /** Renders the routes into `outDir` (a staging folder); sends the site data along when it changed. */
  render(site: SiteData, paths: string[], outDir: string): Promise<RenderOutcome>;
  close(): Promise<void>;
}

export async function startRenderHost(templatesModule: string, cacheDir: string): Promise<RenderHost> {
  const workerFile = await findWorkerFile(cacheDir);
  let worker = await startWorker(workerFile, templatesModule);
  let lastSite: SiteData | undefined;
  let nextId = 0;
  return {
    templatesModule,
    async render(site, paths, outDir) {
      if (!worker.alive) {
        worker = await startWorker(workerFile, templatesModule);
        lastSite = undefined;
      }
      const request: WatchRenderRequest = { id: nextId++, site: site === lastSite ? undefined : site, paths, outDir };
      lastSite = site;
      const reply = await worker.send(request).catch((error: unknown) => {
        lastSite = undefined;
        throw error;
      });
      return { bytes: reply.bytes, failures: reply.failures.map(reviveError), dependencies: new Map(reply.dependencies) };
    },
    close: () => worker.terminate(),
  };
}

type SuccessReply = Extract<WatchRenderReply, { bytes: number }>;

interface WorkerHandle {
  readonly alive: boolean;
  send(request: WatchRenderRequest): Promise<SuccessReply>;
  terminate(): Promise<void>;
}

function startWorker(workerFile: string, templatesModule: string): Promise<WorkerHandle> {
  const worker = new Worker(workerFile, { workerData: { templatesModule } satisfies WatchWorkerInit });
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
