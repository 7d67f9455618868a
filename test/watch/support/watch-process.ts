/**
 * Helpers for the watch tests: the real `cleansite watch` process started on a
 * free port, and a reader for its Server-Sent Events stream. The site it
 * watches is `makeFixtureSite('watch-overlay')` (test/support/fixture-site.ts):
 * basic-site with the watch templates laid over it.
 */
import { spawn } from 'node:child_process';
import { get, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { cliPath } from '../../support/fixture-site.ts';

export interface WatchProcess {
  /** e.g. http://127.0.0.1:40123/ */
  url: string;
  output: string[];
  /** Resolves with the first output line (from now on, or already printed after `from`) matching `pattern`. */
  waitForLine(pattern: RegExp, from?: number, timeoutMs?: number): Promise<string>;
  alive(): boolean;
  stop(): Promise<number | null>;
}

/** Starts `cleansite watch --port 0` in the site folder and waits until it serves. */
export async function startWatchProcess(siteDir: string, extraArgs: string[] = []): Promise<WatchProcess> {
  const child = spawn(process.execPath, [cliPath, 'watch', '--port', '0', '--out', path.join(siteDir, 'out'), ...extraArgs], {
    cwd: siteDir,
    env: { ...process.env, SOURCE_DATE_EPOCH: '1795000000' },
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

  const serving = await waitForLine(/^Serving http:\/\/\S+/).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    url: /(http:\/\/\S+)/.exec(serving)![1]!,
    output,
    waitForLine,
    alive: () => !exited,
    stop: async () => {
      if (!exited) child.kill('SIGTERM');
      return exit;
    },
  };
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

export function readEvents(baseUrl: string): Promise<EventReader> {
  return new Promise((resolve, reject) => {
    // Its own connection: the global agent's 5 s keep-alive timeout would cut a quiet stream.
    const request = get(new URL('/__cleansite/events', baseUrl), { agent: false }, (response: IncomingMessage) => {
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

