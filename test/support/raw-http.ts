/**
 * One HTTP request to a server on 127.0.0.1, on its own connection, with the
 * path sent byte for byte (node:http does not normalise it, unlike fetch), so
 * path-traversal variants and odd methods reach the server as written. For
 * bytes node:http refuses to send at all, see test/server/support/raw-client.ts.
 */
import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text. */
  body: string;
}

export interface RawRequestOptions {
  method?: string;
  /** A `host` entry replaces the default `127.0.0.1:<port>`. */
  headers?: Record<string, string>;
}

export function sendRequest(port: number, rawPath: string, options: RawRequestOptions = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path: rawPath, method: options.method ?? 'GET', headers: options.headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
