/**
 * The watch session's render worker. It imports the compiled templates once
 * and renders whatever routes it is asked for, with site data that may
 * change between requests. When the templates change, the session ends this
 * worker and starts a new one: the template module dies with the worker's
 * isolate, so the main process never accumulates template modules in Node's
 * never-emptied ESM import cache.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { restorePlainText } from '../content/validate-content.ts';
import { importTemplates } from '../render/compile-templates.ts';
import { renderBatch } from '../render/render-batch.ts';
import type { SiteData } from '../render/page-props.ts';
import type { Route } from '../routes/route-table.ts';
import { collectGarbage } from '../core/garbage-collection.ts';
import { serialiseError, type SerialisedError, type WatchCompactRequest, type WatchRenderReply, type WatchRenderRequest, type WatchWorkerInit } from './render-messages.ts';
import { applySitePatch } from './site-patch.ts';
import { createDependencyTracker, type Dependency, type DependencyTracker } from './track-dependencies.ts';

const init = workerData as WatchWorkerInit;
const templates = await importTemplates(init.templatesModule);
let site: SiteData | undefined;
let tracker: DependencyTracker | undefined;
let routesByPath = new Map<string, Route>();

parentPort!.on('message', (request: WatchRenderRequest | WatchCompactRequest) => {
  if ('compact' in request) {
    collectGarbage();
    return;
  }
  let reply: WatchRenderReply;
  try {
    if (request.patch) {
      site = applySitePatch(site, request.patch);
      restorePlainText(site.content);
      tracker = createDependencyTracker(site);
      routesByPath = new Map(site.routes.map((route) => [route.path, route]));
    }
    if (!tracker) throw new Error('no site data was sent before the first render');
    const active = tracker;
    const failures: SerialisedError[] = [];
    const dependencies: Array<[string, Dependency[]]> = [];
    let bytes = 0;
    for (const path of request.paths) {
      const route = routesByPath.get(path);
      if (!route) throw new Error(`no route ${path} in the site data`);
      const { result, dependencies: used } = active.track(route, () => renderBatch([route], active.site, templates, request.outDir));
      bytes += result.bytes;
      failures.push(...result.failures.map(serialiseError));
      dependencies.push([path, used]);
    }
    reply = { id: request.id, ok: true, bytes, failures, dependencies };
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
parentPort!.postMessage({ id: -1, ok: true } satisfies WatchRenderReply);
