/**
 * The one way to find a worker thread's entry point. bin/cleansite.mjs
 * compiles render-worker.mjs (which requires the one-file render-worker.cjs)
 * next to the compiled CLI; the parent folder is looked in too. Run from the TypeScript sources (tests), there
 * is no compiled worker: a build then renders on the calling thread
 * (compiledWorkerFile), while watch, whose templates must never be imported
 * by the main thread, has the worker bundled from source on first use
 * (workerFile with a cache folder). The worker's source is in session/: it
 * parses, assembles and renders, so it imports from every stage, and the
 * modules here start it by its file, never by an import.
 */
import { statSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEsbuild } from '../core/common-js-packages.ts';

export type WorkerName = 'render-worker';

export function compiledWorkerFile(name: WorkerName, from: string = import.meta.url): string | undefined {
  const here = path.dirname(fileURLToPath(from));
  return [path.join(here, `${name}.mjs`), path.join(here, '..', `${name}.mjs`)].find(isFile);
}

/** The compiled worker, or (from source) the worker bundled into `<cacheDir>/workers/`. */
export function workerFile(name: WorkerName, cacheDir: string): Promise<string> {
  const compiled = compiledWorkerFile(name);
  if (compiled) return Promise.resolve(compiled);
  const key = `${name}\n${cacheDir}`;
  let bundled = bundledWorkers.get(key);
  if (!bundled) {
    bundled = bundleWorker(name, cacheDir);
    bundledWorkers.set(key, bundled);
    bundled.catch(() => bundledWorkers.delete(key));
  }
  return bundled;
}

/** Bundled once per process: the sources do not change while tests run. */
const bundledWorkers = new Map<string, Promise<string>>();

async function bundleWorker(name: WorkerName, cacheDir: string): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(cacheDir, 'workers', `${name}.mjs`);
  await mkdir(path.dirname(bundled), { recursive: true });
  const esbuild = loadEsbuild();
  // Written aside and renamed: tests in other processes may be starting the same worker.
  const temporary = `${bundled}.${process.pid}.tmp.mjs`;
  await esbuild.build({
    entryPoints: [path.join(here, '..', 'session', `${name}.ts`)], outfile: temporary, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'silent',
  });
  await rename(temporary, bundled);
  return bundled;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
