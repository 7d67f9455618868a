/**
 * Spreads rendering over worker threads. Each worker pays its own start-up
 * (~0.3 s to load React and the templates), so small sites render in the
 * main thread: `threads: 0`.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CleansiteError, type ErrorCode, type ErrorLocation } from '../core/errors.ts';
import type { Route } from '../routes/route-table.ts';
import { importTemplates } from './compile-templates.ts';
import type { SiteData } from './page-props.ts';
import { renderBatch, type BatchResult } from './render-batch.ts';

export interface WorkerInit {
  templatesModule: string;
  site: SiteData;
}
export interface WorkerRequest {
  id: number;
  paths: string[];
  outDir: string;
}
type SerialisedError = { code: ErrorCode; message: string; hint?: string; location?: ErrorLocation; cause?: string };
export type WorkerReply =
  | { id: number; ok: true; pages: number; bytes: number; failures: SerialisedError[] }
  | { id: number; ok: false; message: string };

export interface RenderPool {
  render(routes: Route[], outDir: string): Promise<BatchResult>;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  templatesModule: string;
  site: SiteData;
  /** 0 renders in the calling thread. */
  threads: number;
}

export async function createRenderPool(options: RenderPoolOptions): Promise<RenderPool> {
  if (options.threads <= 0) {
    const templates = await importTemplates(options.templatesModule);
    return {
      render: async (routes, outDir) => renderBatch(routes, options.site, templates, outDir),
      close: async () => {},
    };
  }
  const workers = await Promise.all(Array.from({ length: options.threads }, () => startWorker(options)));
  return {
    async render(routes, outDir) {
      const chunks = splitEvenly(routes, workers.length);
      const results = await Promise.all(chunks.map((chunk, index) => workers[index]!.send(chunk.map((route) => route.path), outDir)));
      return {
        pages: results.reduce((sum, result) => sum + result.pages, 0),
        bytes: results.reduce((sum, result) => sum + result.bytes, 0),
        failures: results.flatMap((result) => result.failures),
      };
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

interface PoolWorker {
  send(paths: string[], outDir: string): Promise<BatchResult>;
  terminate(): Promise<number>;
}

/** The compiled worker sits next to the compiled CLI (bin/cleansite.mjs builds both). */
function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'render-worker.mjs'), path.join(here, '..', 'render-worker.mjs')];
  return candidates.find((file) => file.endsWith('.mjs') && existsSyncSafe(file)) ?? candidates[0]!;
}

function existsSyncSafe(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function startWorker(options: RenderPoolOptions): Promise<PoolWorker> {
  const worker = new Worker(workerFile(), { workerData: { templatesModule: options.templatesModule, site: options.site } satisfies WorkerInit });
  const pending = new Map<number, { resolve: (result: BatchResult) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  return new Promise((resolveReady, rejectReady) => {
    worker.once('error', rejectReady);
    worker.on('message', (reply: WorkerReply) => {
      if (reply.id === -1) {
        worker.off('error', rejectReady);
        worker.on('error', (error) => { for (const entry of pending.values()) entry.reject(error); pending.clear(); });
        resolveReady({
          send(paths, outDir) {
            const id = nextId++;
            return new Promise((resolve, reject) => {
              pending.set(id, { resolve, reject });
              worker.postMessage({ id, paths, outDir } satisfies WorkerRequest);
            });
          },
          terminate: () => worker.terminate(),
        });
        return;
      }
      const entry = pending.get(reply.id);
      pending.delete(reply.id);
      if (!entry) return;
      if (!reply.ok) entry.reject(new CleansiteError({ code: 'RENDER_FAILED', message: `render worker failed: ${reply.message}` }));
      else entry.resolve({ pages: reply.pages, bytes: reply.bytes, failures: reply.failures.map(reviveError) });
    });
  });
}

function reviveError(error: SerialisedError): CleansiteError {
  const cause = error.cause ? Object.assign(new Error(error.cause.split('\n')[0]), { stack: error.cause }) : undefined;
  return new CleansiteError({ code: error.code, message: error.message, hint: error.hint, location: error.location, cause });
}

/** Contiguous chunks of near-equal size, so each worker writes its own folders. */
function splitEvenly<T>(items: T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  return Array.from({ length: parts }, (_, index) => items.slice(index * size, (index + 1) * size)).filter((chunk) => chunk.length > 0);
}
