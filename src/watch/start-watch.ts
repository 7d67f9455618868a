/**
 * `cleansite watch` without the printing: serves the output folder with the
 * live-reload endpoints, builds once, then rebuilds on every batch of file
 * changes, one rebuild at a time. Every handler ends in `.catch(onError)`,
 * so nothing that happens during a rebuild can stop the watcher.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createEventStream } from '../server/event-stream.ts';
import { EVENTS_PATH, LIVE_RELOAD_PATH, renderLiveReloadClient } from '../server/live-reload-client.ts';
import { startStaticServer } from '../server/static-server.ts';
import { watchFiles, type FileChange } from './file-watcher.ts';
import { collectGarbage, freezeYoungGeneration } from '../core/garbage-collection.ts';
import { createWatchSession, type RebuildReport, type WatchSessionOptions } from './watch-session.ts';
import { watchTemplateTypes, type TypeCheckMessages } from './type-check.ts';
import type { CleansiteError } from '../core/errors.ts';

export interface WatchOptions extends Omit<WatchSessionOptions, 'devScripts'> {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Quiet period after the last file event before a rebuild starts. */
  debounceMs?: number;
}

export interface WatchEvents {
  /** After the first build and after every rebuild. */
  onRebuild(report: RebuildReport): void;
  /** Anything unexpected; the watcher carries on. */
  onError(error: unknown): void;
  /** A background type check of the templates finished (type-check.ts): its errors, empty once fixed. */
  onTypeCheck?(problems: CleansiteError[]): void;
}

export interface WatchHandle {
  url: string;
  /** The first build's report. */
  initial: RebuildReport;
  close(): Promise<void>;
}

/** Files are already held until their writes finish (file-watcher.ts); this only groups multi-file saves. */
const DEFAULT_DEBOUNCE_MS = 10;
/** How often watch looks for its output folder: deleted under it (a `rm -rf dist`-style clean), it is written whole again. */
const OUTPUT_CHECK_MS = 500;
/** Quiet time after a rebuild before the heaps are compacted (core/garbage-collection.ts). */
const COMPACT_AFTER_IDLE_MS = 1_000;

/** The caller has claimed the output folder (src/output/claim-output.ts): it is not a source folder, nor inside one. */
export async function startWatch(options: WatchOptions, events: WatchEvents): Promise<WatchHandle> {
  const session = createWatchSession({ ...options, devScripts: [LIVE_RELOAD_PATH] });
  let types: TypeCheckMessages | undefined;
  const stream = createEventStream(() => types?.withTypeErrors(session.greeting()) ?? session.greeting());
  const client = renderLiveReloadClient();

  const server = await startStaticServer({
    root: options.outDir,
    host: options.host,
    port: options.port,
    intercept: (request, response) => serveDevEndpoint(request, response, stream.accept, client),
    onRequestError: events.onError,
    redirectFor: (urlPath) => session.redirectFor(urlPath),
    notFoundFallback: () => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Not built yet</title><script src="${LIVE_RELOAD_PATH}" defer></script></head><body><h1>Not built yet</h1><p>This page reloads as soon as the site builds.</p></body></html>`,
  });

  let queue: FileChange[] = [];
  /** The output folder went missing: rebuild with no file change, which writes it whole. */
  let restoreOutput = false;
  let started = false;
  /** close() was called: no pass starts, and the one it cut short is not reported. */
  let closing = false;
  /** The running pass was interrupted by a template save: if it failed, the pass after it reports. */
  let interrupted = false;
  let running: Promise<void> | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  const compactWhenIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (running || queue.length > 0) return;
      session.compact();
      collectGarbage();
    }, COMPACT_AFTER_IDLE_MS);
    idleTimer.unref();
  };
  const drain = async () => {
    while (!closing && (queue.length > 0 || restoreOutput)) {
      restoreOutput = false;
      const batch = queue;
      queue = [];
      interrupted = false;
      const report = await session.rebuild(batch);
      if (closing) return;
      if (interrupted && report.problems.length > 0) continue;
      for (const message of types?.withTypeErrors(report.messages) ?? report.messages) stream.send(message);
      // Changes to files no stage reads (editor temp files, notes) are not worth a line.
      if (report.changes.length > 0 || report.missingFolders.length > 0 || report.restoredFolders.length > 0) events.onRebuild(report);
    }
  };
  const schedule = () => {
    if (!started || running || closing) return;
    clearTimeout(idleTimer);
    running = drain().catch(events.onError).finally(() => {
      running = undefined;
      if (queue.length > 0 || restoreOutput) schedule();
      else compactWhenIdle();
    });
  };

  const watcher = watchFiles([options.contentDir, options.templatesDir, options.publicDir], {
    debounceMs: options.debounceMs ?? DEFAULT_DEBOUNCE_MS,
    onChanges: (changes) => {
      queue.push(...changes);
      if (running && session.interruptFor(changes)) interrupted = true;
      schedule();
    },
    onError: events.onError,
  });

  let initial: RebuildReport;
  try {
    await watcher.ready;
    initial = await session.rebuild([]);
  } catch (error) {
    await Promise.allSettled([watcher.close(), server.close(), session.close()]);
    stream.close();
    throw error;
  }
  freezeYoungGeneration();
  events.onRebuild(initial);
  // After the first build, so the check does not slow it down.
  types = watchTemplateTypes(options, stream.send, () => session.greeting(), (problems) => events.onTypeCheck?.(problems));
  started = true;
  schedule();
  compactWhenIdle();
  const outputCheck = setInterval(() => {
    if (running || restoreOutput || !session.outputMissing()) return;
    restoreOutput = true;
    schedule();
  }, OUTPUT_CHECK_MS);
  outputCheck.unref();

  return {
    url: server.url,
    initial,
    async close() {
      closing = true;
      clearInterval(outputCheck);
      clearTimeout(idleTimer);
      types?.stop();
      await watcher.close();
      // The render worker is stopped before the pass is waited for: a pass held by a template
      // that loops ends now (its render fails), not when the render timeout stops the page.
      const sessionClosed = session.close();
      await running?.catch(() => {});
      stream.close();
      await Promise.allSettled([server.close(), sessionClosed]);
    },
  };
}

function serveDevEndpoint(request: IncomingMessage, response: ServerResponse, accept: (request: IncomingMessage, response: ServerResponse) => void, client: string): boolean {
  const pathname = (request.url ?? '').split('?')[0];
  if (pathname === EVENTS_PATH) {
    if (request.method === 'HEAD') {
      response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end();
    } else accept(request, response);
    return true;
  }
  if (pathname === LIVE_RELOAD_PATH) {
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : client);
    return true;
  }
  return false;
}
