/**
 * What keeps one bad request from stopping `watch` or `preview`: a handler
 * that throws (or rejects) is answered 500 and reported, and the process
 * carries on; a connection that breaks the HTTP grammar or drops mid-way is
 * closed without taking anything else down. Node's default for a request
 * handler that throws is an uncaught exception, which ends the process.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { CleansiteError } from '../core/errors.ts';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

/** `onError` receives a CleansiteError naming the request, with the original as its cause. */
export function guardHandler(handler: RequestHandler, onError: (error: CleansiteError) => void): RequestHandler {
  return (request, response) => {
    const fail = (error: unknown) => {
      answerServerError(response);
      const what = `${request.method ?? '?'} ${truncate(request.url ?? '?')}`;
      const reason = error instanceof Error ? error.message : String(error);
      // A failing logger must not turn a reported error back into a crash.
      try {
        onError(new CleansiteError({ code: 'OUTPUT_FAILED', message: `the server failed to answer ${what} (answered 500): ${reason}`, cause: error }));
      } catch { /* nothing left to report to */ }
    };
    try {
      const result = handler(request, response);
      if (result instanceof Promise) result.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

/**
 * Malformed requests (bad request line, oversized headers, headers too
 * slow to arrive) and socket errors (a reset mid-request) reach
 * 'clientError', not the handler. Answer what the socket can still take and
 * close it; none of them is worth a log line.
 */
export function guardConnections(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (socket.writable && !(socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy();
  });
}

function answerServerError(response: ServerResponse): void {
  try {
    if (response.headersSent) {
      // Half a response cannot be fixed: cut it, so the client sees a failure instead of a short body.
      response.destroy();
      return;
    }
    for (const name of response.getHeaderNames()) response.removeHeader(name);
    response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
    response.end('Internal server error: the request could not be answered (see the terminal).\n');
  } catch {
    response.destroy();
  }
}

/** Node's parser already refuses control characters in the request line; a long URL is only shortened. */
function truncate(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}...` : url;
}
