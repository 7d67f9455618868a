/**
 * Renders a batch of routes and writes each page as soon as it is rendered
 * (or, in a worker asked to, puts it in the main thread's hand-back buffer:
 * page-files.ts), so no page's HTML is held longer than it takes to write
 * it. Runs the same way in the main thread and inside a render worker.
 */
import { packPages, writePageFile, type HandedBackPage } from './page-files.ts';
import type { UnitRecorder } from './record-units.ts';
import type { CleansiteError } from '../core/errors.ts';
import type { Route } from '../routes/route-table.ts';
import type { SiteData, TemplateSet } from './page-props.ts';
import { renderRoute } from './render-page.ts';
import type { SharedChunks } from './shared-chunks.ts';

/** A page written by this batch, with the data units it read (when recorded), for the page cache. */
export interface RenderedPage {
  path: string;
  outputFile: string;
  bytes: number;
  /** The page's cache key, when the batch was given a way to compute it. */
  key?: string;
  /** The units it read, one per line: one string per page is cheap to send between threads and to hold. */
  units: string;
}

export interface BatchResult {
  pages: number;
  bytes: number;
  failures: CleansiteError[];
  /** Pages rendered without error, when the batch recorded units. */
  rendered?: RenderedPage[];
  /**
   * Pages put in the hand-back buffer, in its order, for the main thread to write (the others were
   * written here); `bytes` and their records' `bytes` count them only once it has.
   */
  handedBack?: HandedBackPage[];
}

export interface BatchOptions {
  /** Records what each page read (page cache); pages that fail are never cached. */
  recorder?: UnitRecorder;
  /** Renders the markup templates pass to shared() once per key (see shared-chunks.ts). */
  chunks?: SharedChunks;
  /** Computes a rendered page's cache key from the units it read (in the thread that rendered it). */
  keyOf?: (route: Route, units: string[]) => string | undefined;
  /**
   * Counts the pages this thread has started, shared with the main thread (page-watchdog.ts),
   * which can then name the page a runaway template is stuck on and stop the thread.
   */
  progress?: Int32Array;
  /** The main thread writes the pages: they are put in this buffer, shared with it (page-files.ts). */
  handBack?: SharedArrayBuffer;
}

export function renderBatch(routes: Route[], site: SiteData, templates: TemplateSet, outDir: string, options: BatchOptions = {}): BatchResult {
  const { recorder, chunks, keyOf, progress } = options;
  const handBack = options.handBack ? packPages(options.handBack) : undefined;
  const madeDirs = new Set<string>();
  const failures: CleansiteError[] = [];
  const rendered: RenderedPage[] = [];
  let bytes = 0;
  for (const route of routes) {
    if (progress) Atomics.add(progress, 0, 1);
    const result = renderRoute(route, site, templates, recorder?.propsFor(route), { chunks, recorder });
    const units = recorder?.takeUnits();
    // A page handed back is counted by the main thread, which encodes it (page-files.ts).
    let size = 0;
    if (!handBack?.put(route.outputFile, result.html)) {
      writePageFile(outDir, route.outputFile, result.html, madeDirs);
      size = Buffer.byteLength(result.html);
    }
    bytes += size;
    if (!result.ok) failures.push(result.error);
    else if (units) rendered.push({ path: route.path, outputFile: route.outputFile, bytes: size, key: keyOf?.(route, units), units: units.join('\n') });
  }
  return { pages: routes.length, bytes, failures, ...(recorder ? { rendered } : {}), ...(handBack ? { handedBack: handBack.pages } : {}) };
}
