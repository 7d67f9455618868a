/**
 * A render worker: loads the compiled templates and the site data once, then
 * renders and writes the batches of routes it is sent.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createUnitRecorder } from '../cache/record-units.ts';
import { createUnitValues } from '../cache/unit-values.ts';
import type { CleansiteError } from '../core/errors.ts';
import { importTemplates } from './compile-templates.ts';
import { buildNavigation } from '../routes/navigation.ts';
import { buildRouteTable } from '../routes/route-table.ts';
import type { SiteData } from './page-props.ts';
import { renderBatch } from './render-batch.ts';
import { createSharedChunks } from './shared-chunks.ts';
import type { WorkerInit, WorkerReply, WorkerRequest } from './render-pool.ts';

const init = workerData as WorkerInit;
const site: SiteData = init.routesFromContent ? withRoutes(init.site) : init.site;
const templates = await importTemplates(init.templatesModule);
const routesByPath = new Map(site.routes.map((route) => [route.path, route]));
const recorder = init.recordUnits ? createUnitRecorder(site) : undefined;
const chunks = init.shareChunks ? createSharedChunks() : undefined;
const keyOf = init.pageKeys ? createUnitValues(site, init.pageKeys.fingerprints, init.pageKeys.salt).pageKey : undefined;

parentPort!.on('message', (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const routes = request.paths.map((path) => routesByPath.get(path)!);
    const result = renderBatch(routes, site, templates, request.outDir, { recorder, chunks, keyOf });
    reply = { id: request.id, ok: true, pages: result.pages, bytes: result.bytes, failures: result.failures.map(serialiseError), rendered: result.rendered };
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
parentPort!.postMessage({ id: -1, ok: true, pages: 0, bytes: 0, failures: [] } satisfies WorkerReply);

function serialiseError(error: CleansiteError) {
  const cause = error.cause instanceof Error ? error.cause.stack ?? error.cause.message : undefined;
  return { code: error.code, message: error.message, hint: error.hint, location: error.location, cause };
}

/** The same route table and navigation the main thread built from the same content. */
function withRoutes(data: SiteData): SiteData {
  const table = buildRouteTable(data.content);
  return { ...data, routes: table.routes, navigation: buildNavigation(data.content, table) };
}
