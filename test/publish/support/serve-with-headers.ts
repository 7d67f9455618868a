/**
 * Serves a built dist/ on 127.0.0.1 the way Netlify would: every response
 * gets the headers dist/_headers gives its path (CSP included), files get
 * the Content-Type from src/publish/content-types.ts, `/about/` answers from
 * about/index.html, `/about` is redirected to `/about/`, and unknown paths
 * get 404.html with status 404. _headers and _redirects are never served.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import path from 'node:path';
import { contentTypeFor, HOST_CONFIG_FILES } from '../../../src/publish/content-types.ts';
import { headersForPath, parseHeadersFile } from '../../../src/publish/parse-headers.ts';

export interface HeaderServer {
  origin: string;
  close(): Promise<void>;
}

export async function serveWithHeaders(dir: string): Promise<HeaderServer> {
  const root = path.resolve(dir);
  const rules = parseHeadersFile(readFileSync(path.join(root, '_headers'), 'utf8'));

  const isFile = (file: string) => existsSync(file) && statSync(file).isFile();
  const send = (response: ServerResponse, status: number, file: string, urlPath: string) => {
    const type = contentTypeFor(file);
    for (const [name, value] of Object.entries(headersForPath(rules, urlPath))) response.setHeader(name, value);
    if (!type) {
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`no content type is known for ${path.relative(root, file)}`);
      return;
    }
    response.writeHead(status, { 'Content-Type': type }).end(readFileSync(file));
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(url.pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const target = path.join(root, path.normalize(urlPath));
    const hidden = urlPath.split('/').some((part) => part.startsWith('.')) || HOST_CONFIG_FILES.includes(path.basename(urlPath));
    if (!hidden && (target === root || target.startsWith(root + path.sep))) {
      if (urlPath.endsWith('/') && isFile(path.join(target, 'index.html'))) return send(response, 200, path.join(target, 'index.html'), urlPath);
      if (!urlPath.endsWith('/') && isFile(target)) return send(response, 200, target, urlPath);
      if (!urlPath.endsWith('/') && isFile(path.join(target, 'index.html'))) {
        response.writeHead(301, { Location: `${url.pathname}/${url.search}` }).end();
        return;
      }
    }
    send(response, 404, path.join(root, '404.html'), urlPath);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the header server has no TCP address');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
