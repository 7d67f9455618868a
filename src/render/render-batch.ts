/**
 * Renders a batch of routes and writes each page as soon as it is rendered,
 * so no page's HTML is held longer than it takes to write it. Runs the same
 * way in the main thread and inside a render worker.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CleansiteError } from '../core/errors.ts';
import type { Route } from '../routes/route-table.ts';
import type { SiteData, TemplateSet } from './page-props.ts';
import { renderRoute } from './render-page.ts';

export interface BatchResult {
  pages: number;
  bytes: number;
  failures: CleansiteError[];
}

export function renderBatch(routes: Route[], site: SiteData, templates: TemplateSet, outDir: string): BatchResult {
  const madeDirs = new Set<string>();
  const failures: CleansiteError[] = [];
  let bytes = 0;
  for (const route of routes) {
    const result = renderRoute(route, site, templates);
    if (!result.ok) failures.push(result.error);
    const target = path.join(outDir, route.outputFile);
    const folder = path.dirname(target);
    if (!madeDirs.has(folder)) {
      mkdirSync(folder, { recursive: true });
      madeDirs.add(folder);
    }
    writeFileSync(target, result.html);
    bytes += Buffer.byteLength(result.html);
  }
  return { pages: routes.length, bytes, failures };
}
