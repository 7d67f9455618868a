/**
 * A Server-Sent Events channel: the watch server pushes reload, stylesheet
 * and error messages to every open page. EventSource reconnects by itself,
 * so a dropped connection costs nothing. Each connection may say which page
 * it is open on (open-pages.ts checks it): watch renders those pages first,
 * and a message can be addressed to the clients on some pages only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface StreamMessage {
  event: string;
  data: unknown;
  /** Only the clients open on one of these pages (route paths) get it. */
  only?: readonly string[];
  /** Every client but those open on one of these pages gets it. */
  except?: readonly string[];
}

export interface EventStream {
  /** Takes over a request as a long-lived event stream; `page` is the route the client is open on, when known. */
  accept(request: IncomingMessage, response: ServerResponse, page?: string): void;
  send(message: StreamMessage): void;
  readonly clientCount: number;
  /** The pages clients are open on now, each once, oldest connection first, at most `MAX_OPEN_PAGES`. */
  openPages(): string[];
  close(): void;
}

/** Comments keep idle connections open through proxies and let dead ones error out. */
const HEARTBEAT_MS = 15_000;
/** Pages rendered first are a handful a developer looks at, not every tab a script opened. */
export const MAX_OPEN_PAGES = 8;

/** `greeting` is sent to each new client first, e.g. the current errors so a reloaded page shows them again. */
export function createEventStream(greeting: () => StreamMessage[] = () => []): EventStream {
  /** Each client, with the page it is open on (undefined: not said, or not a page of the site). */
  const clients = new Map<ServerResponse, string | undefined>();
  const heartbeat = setInterval(() => {
    for (const client of clients.keys()) client.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    accept(request, response, page) {
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Content-Type-Options': 'nosniff',
      });
      // Reconnect quickly after the watcher restarts.
      response.write('retry: 500\n\n');
      for (const message of greeting()) response.write(formatMessage(message));
      clients.set(response, page);
      const drop = () => clients.delete(response);
      request.on('close', drop);
      response.on('error', drop);
    },
    send(message) {
      const text = formatMessage(message);
      for (const [client, page] of clients) if (addressedTo(message, page)) client.write(text);
    },
    get clientCount() {
      return clients.size;
    },
    openPages() {
      const pages = new Set<string>();
      for (const page of clients.values()) if (page !== undefined && pages.size < MAX_OPEN_PAGES) pages.add(page);
      return [...pages];
    },
    close() {
      clearInterval(heartbeat);
      for (const client of clients.keys()) client.end();
      clients.clear();
    },
  };
}

function addressedTo(message: StreamMessage, page: string | undefined): boolean {
  if (message.only) return page !== undefined && message.only.includes(page);
  return !(message.except && page !== undefined && message.except.includes(page));
}

/** JSON never contains a raw newline, so one `data:` line always suffices. */
export function formatMessage(message: StreamMessage): string {
  return `event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`;
}
