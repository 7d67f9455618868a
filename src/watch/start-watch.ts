/**
 * `cleansite watch` without the printing: serves the output folder with the
 * live-reload endpoints, builds once, then rebuilds on every batch of file
 * changes, one rebuild at a time. Every handler ends in `.catch(onError)`,
 * so nothing that happens during a rebuild can stop the watcher.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createEventStream, type EventStream } from '../server/event-stream.ts';
import { EVENTS_PATH, LIVE_RELOAD_PATH, renderLiveReloadClient } from '../server/live-reload-client.ts';
import { requestedPage } from '../server/open-page.ts';
import { startStaticServer } from '../server/static-server.ts';
import { watchFiles, type FileChange } from './file-watcher.ts';
import { collectGarbage, freezeYoungGeneration } from '../core/garbage-collection.ts';
import { createWatchSession, type RebuildReport, type WatchSession, type WatchSessionOptions } from './watch-session.ts';
import { watchTemplateTypes, type TypeCheckMessages } from './type-check.ts';
import type { TypeCheckMode } from './type-check-mode.ts';
import type { CleansiteError } from '../core/errors.ts';
import type { StreamMessage } from '../server/event-stream.ts';

export interface WatchOptions extends Omit<WatchSessionOptions, 'devScripts'> {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Quiet period after the last file event before a rebuild starts. */
  debounceMs?: number;
  /** The templates' background type check: `low` priority when not given (type-check.ts). */
  typeCheck?: TypeCheckMode;
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

/** Files are already held until their writes finish (file-watcher.ts); this only groups multi-file saves, whose events come together. */
const DEFAULT_DEBOUNCE_MS = 5;
/** How often watch looks for its output folder: deleted under it (a `rm -rf dist`-style clean), it is written whole again. */
const OUTPUT_CHECK_MS = 500;
/** Quiet time after a rebuild before the heaps are compacted (core/garbage-collection.ts). */
const COMPACT_AFTER_IDLE_MS = 1_000;

/** The caller has claimed the output folder (src/output/claim-output.ts): it is not a source folder, nor inside one. */
export async function startWatch(options: WatchOptions, events: WatchEvents): Promise<WatchHandle> {
  const session = createWatchSession({
    ...options, devScripts: [LIVE_RELOAD_PATH],
    // The pages open in a browser are rendered first; a change saved meanwhile supersedes the rest (session/open-pages-first.ts).
    openPages: () => stream.openPages(), tell: (message) => stream.send(message), superseded: () => rebuilds.pending(),
  });
  let types: TypeCheckMessages | undefined;
  // What pages are told carries the background type check's errors too (type-check.ts).
  const withTypeErrors = (messages: StreamMessage[]) => types?.withTypeErrors(messages) ?? messages;
  const stream = createEventStream(() => withTypeErrors(session.greeting()));
  const server = await startDevServer(options, session, stream, events);
  const rebuilds = createRebuildQueue(session, (messages) => {
    for (const message of withTypeErrors(messages)) stream.send(message);
  }, events);
  const watcher = watchFiles([options.contentDir, options.templatesDir, options.publicDir], {
    debounceMs: options.debounceMs ?? DEFAULT_DEBOUNCE_MS,
    onChanges: rebuilds.add,
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
  rebuilds.start();
  const outputCheck = setInterval(rebuilds.restoreOutputIfMissing, OUTPUT_CHECK_MS);
  outputCheck.unref();

  return {
    url: server.url,
    initial,
    async close() {
      rebuilds.close();
      clearInterval(outputCheck);
      types?.stop();
      await watcher.close();
      // The render worker is stopped before the pass is waited for: a pass held by a template
      // that loops ends now (its render fails), not when the render timeout stops the page.
      const passEnded = rebuilds.settled();
      const sessionClosed = session.close(passEnded);
      await passEnded;
      stream.close();
      await Promise.allSettled([server.close(), sessionClosed]);
    },
  };
}

/** The static server on the output folder, with the live-reload endpoints and the site's redirects. */
function startDevServer(options: WatchOptions, session: WatchSession, stream: EventStream, events: WatchEvents) {
  const client = renderLiveReloadClient();
  return startStaticServer({
    root: options.outDir,
    host: options.host,
    port: options.port,
    intercept: (request, response) => serveDevEndpoint(request, response, (...args) => stream.accept(...args, requestedPage(request.url, session.isPage)), client),
    onRequestError: events.onError,
    redirectFor: (urlPath) => session.redirectFor(urlPath),
    notFoundFallback: () => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Not built yet</title><script src="${LIVE_RELOAD_PATH}" defer></script></head><body><h1>Not built yet</h1><p>This page reloads as soon as the site builds.</p></body></html>`,
  });
}

/**
 * Rebuilds one at a time: each batch of changes that arrives while one runs waits for it, and
 * goes in one rebuild. A template or config save interrupts the running pass (a page that loops
 * holds it); after a quiet second the heaps are compacted.
 */
function createRebuildQueue(session: WatchSession, tell: (messages: StreamMessage[]) => void, events: WatchEvents) {
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
      tell(report.messages);
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
  return {
    add(changes: FileChange[]) {
      queue.push(...changes);
      if (running && session.interruptFor(changes)) interrupted = true;
      schedule();
    },
    /** After the first build: the changes queued meanwhile are built now. */
    start() {
      started = true;
      schedule();
      compactWhenIdle();
    },
    restoreOutputIfMissing() {
      if (running || restoreOutput || !session.outputMissing()) return;
      restoreOutput = true;
      schedule();
    },
    close() {
      closing = true;
      clearTimeout(idleTimer);
    },
    settled: () => running?.catch(() => {}),
    /** Changes wait for the next pass: the running one leaves its background pages to it. */
    pending: () => queue.length > 0,
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
