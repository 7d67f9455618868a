/**
 * A Server-Sent Events channel: the watch server pushes reload, stylesheet
 * and error messages to every open page. EventSource reconnects by itself,
 * so a dropped connection costs nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface StreamMessage {
  event: string;
  data: unknown;
}

export interface EventStream {
  /** Takes over a request as a long-lived event stream. */
  accept(request: IncomingMessage, response: ServerResponse): void;
  send(message: StreamMessage): void;
  readonly clientCount: number;
  close(): void;
}

/** Comments keep idle connections open through proxies and let dead ones error out. */
const HEARTBEAT_MS = 15_000;

/** `greeting` is sent to each new client first, e.g. the current errors so a reloaded page shows them again. */
export function createEventStream(greeting: () => StreamMessage[] = () => []): EventStream {
  const clients = new Set<ServerResponse>();
  const heartbeat = setInterval(() => {
    for (const client of clients) client.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    accept(request, response) {
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Content-Type-Options': 'nosniff',
      });
      // Reconnect quickly after the watcher restarts.
      response.write('retry: 500\n\n');
      for (const message of greeting()) response.write(formatMessage(message));
      clients.add(response);
      const drop = () => clients.delete(response);
      request.on('close', drop);
      response.on('error', drop);
    },
    send(message) {
      const text = formatMessage(message);
      for (const client of clients) client.write(text);
    },
    get clientCount() {
      return clients.size;
    },
    close() {
      clearInterval(heartbeat);
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}

/** JSON never contains a raw newline, so one `data:` line always suffices. */
export function formatMessage(message: StreamMessage): string {
  return `event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`;
}
