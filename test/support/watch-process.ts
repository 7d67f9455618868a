/**
 * The real `cleansite watch` process started on a free port, a reader for its
 * Server-Sent Events stream, and `useWatchProcesses`, which gives a test file
 * its sites and processes and cleans them up. The site watched is usually
 * `makeFixtureSite('watch-overlay')` (test/support/fixture-site.ts):
 * basic-site with the watch templates laid over it.
 *
 *   const watching = useWatchProcesses();              // top level of the test file
 *   const site = watching.site('watch-overlay');
 *   const watch = await watching.start(site);
 *   const events = await watching.events(watch);      // after its `hello`
 */
import { spawn } from 'node:child_process';
import { get, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { cliEnv, cliPath, runCli } from './cli.ts';
import { makeFixtureSite, removeSite } from './fixture-site.ts';

export interface WatchProcess {
  /** e.g. http://127.0.0.1:40123/ */
  url: string;
  /** The watch process's id (to look at the processes it started). */
  pid: number;
  output: string[];
  /** Resolves with the first output line (from now on, or already printed after `from`) matching `pattern`. */
  waitForLine(pattern: RegExp, from?: number, timeoutMs?: number): Promise<string>;
  /** Polls the served page until it answers 200 with `text` in it (watch rewrites it a few ms after a save); fails with the last body and what watch printed. */
  servedPage(urlPath: string, text: string, timeoutMs?: number): Promise<string>;
  /** Polls until the path answers 404 (a file removed by a later batch than the one a test waited for). */
  servedGone(urlPath: string, timeoutMs?: number): Promise<void>;
  alive(): boolean;
  /** Sends the signal (SIGTERM unless told) and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface WatchStartOptions {
  /** The output folder; default `out` in the site; false passes no --out (watch's own default). */
  out?: string | false;
}

/** Starts `cleansite watch --port 0` in the site folder and waits until it serves. */
export async function startWatchProcess(siteDir: string, extraArgs: string[] = [], options: WatchStartOptions = {}): Promise<WatchProcess> {
  const out = options.out === false ? [] : ['--out', options.out ?? path.join(siteDir, 'out')];
  const child = spawn(process.execPath, [cliPath, 'watch', '--port', '0', ...out, ...extraArgs], {
    cwd: siteDir,
    env: cliEnv(),
  });
  const output: string[] = [];
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
    for (const wake of waiters) wake();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => {
    exited = true;
    for (const wake of waiters) wake();
    resolve(code);
  }));

  const waitForLine = (pattern: RegExp, from = 0, timeoutMs = 15_000) => new Promise<string>((resolve, reject) => {
    const check = () => {
      const line = output.slice(from).find((candidate) => pattern.test(candidate));
      if (line !== undefined) return finish(() => resolve(line));
      if (exited) return finish(() => reject(new Error(`watch exited while waiting for ${pattern}:\n${output.join('\n')}`)));
    };
    const timer = setTimeout(() => finish(() => reject(new Error(`timed out waiting for ${pattern}; output so far:\n${output.join('\n')}`))), timeoutMs);
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      waiters.delete(check);
      settle();
    };
    waiters.add(check);
    check();
  });

  // A deadline for start-up (the first build), generous for a loaded machine; it fails with the output so far.
  const serving = await waitForLine(/^Serving http:\/\/\S+/, 0, 60_000).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const url = /(http:\/\/\S+)/.exec(serving)![1]!;
  return {
    url,
    pid: child.pid!,
    output,
    waitForLine,
    servedPage: (urlPath, text, timeoutMs = 20_000) => pollServed(url, output, urlPath, (status, body) => status === 200 && body.includes(text), `showed ${JSON.stringify(text)}`, timeoutMs),
    servedGone: async (urlPath, timeoutMs = 20_000) => void await pollServed(url, output, urlPath, (status) => status === 404, 'answered 404', timeoutMs),
    alive: () => !exited,
    stop: async (signal = 'SIGTERM') => {
      if (!exited) child.kill(signal);
      return exit;
    },
  };
}

async function pollServed(baseUrl: string, output: string[], urlPath: string, done: (status: number, body: string) => boolean, what: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    const response = await fetch(new URL(urlPath, baseUrl));
    const body = await response.text();
    if (done(response.status, body)) return body;
    last = `${response.status}: ${body.slice(0, 300)}`;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${urlPath} never ${what} within ${timeoutMs} ms; last answer ${last}\nwatch output:\n${output.join('\n')}`);
}

export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface EventReader {
  events: StreamEvent[];
  /** Resolves with the next unread event that matches, marking everything up to it as read. */
  next(match?: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Marks every event received so far as read. */
  skipAll(): void;
  close(): void;
}

/** `page`: the page the reader says it is open on, as the live-reload script does (`?page=`). */
export function readEvents(baseUrl: string, page?: string): Promise<EventReader> {
  return new Promise((resolve, reject) => {
    const url = new URL('/__cleansite/events', baseUrl);
    if (page !== undefined) url.searchParams.set('page', page);
    // Its own connection: the global agent's 5 s keep-alive timeout would cut a quiet stream.
    const request = get(url, { agent: false }, (response: IncomingMessage) => {
      const events: StreamEvent[] = [];
      let cursor = 0;
      let buffer = '';
      const waiters = new Set<() => void>();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name && data) events.push({ event: name, data: JSON.parse(data) as Record<string, unknown> });
        }
        for (const wake of waiters) wake();
      });
      resolve({
        events,
        next: (match = () => true, timeoutMs = 15_000) => new Promise((resolveEvent, rejectEvent) => {
          const check = () => {
            const index = events.findIndex((event, position) => position >= cursor && match(event));
            if (index === -1) return;
            cursor = index + 1;
            finish();
            resolveEvent(events[index]!);
          };
          const timer = setTimeout(() => {
            finish();
            rejectEvent(new Error(`no matching event within ${timeoutMs} ms; unread: ${JSON.stringify(events.slice(cursor))}`));
          }, timeoutMs);
          const finish = () => {
            clearTimeout(timer);
            waiters.delete(check);
          };
          waiters.add(check);
          check();
        }),
        skipAll: () => {
          cursor = events.length;
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}


export interface WatchProcesses {
  /** A throwaway copy of basic-site with the overlays, removed after the file. */
  site(...overlays: string[]): string;
  /** `cleansite watch --port 0` in the site, stopped after the file. */
  start(siteDir: string, extraArgs?: string[], options?: WatchStartOptions): Promise<WatchProcess>;
  /** The process's event stream, once it has said `hello`; closed after the file. `page`: see readEvents. */
  events(watch: WatchProcess, page?: string): Promise<EventReader>;
}

/**
 * Watch sites and processes for one test file; call at the top level. The CLI is compiled
 * once before any process starts, so test files running in parallel never race the launcher;
 * after the file every stream is closed, every process stopped and every site removed.
 */
export function useWatchProcesses(): WatchProcesses {
  const sites: string[] = [];
  const processes: WatchProcess[] = [];
  const readers: EventReader[] = [];
  beforeAll(() => {
    runCli(['--version']);
  });
  afterAll(async () => {
    for (const reader of readers.splice(0)) reader.close();
    for (const watch of processes.splice(0)) await watch.stop();
    for (const site of sites.splice(0)) removeSite(site);
  });
  return {
    site(...overlays) {
      const dir = makeFixtureSite(...overlays);
      sites.push(dir);
      return dir;
    },
    async start(siteDir, extraArgs = [], options = {}) {
      const watch = await startWatchProcess(siteDir, extraArgs, options);
      processes.push(watch);
      return watch;
    },
    async events(watch, page) {
      const reader = await readEvents(watch.url, page);
      readers.push(reader);
      await reader.next((event) => event.event === 'hello');
      return reader;
    },
  };
}
