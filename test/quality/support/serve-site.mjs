/**
 * Serves a built site on 127.0.0.1 (a free port) the way the static hosts do:
 * folder URLs answer with their index.html, unknown paths get 404.html with
 * status 404. Plain JavaScript so the Lighthouse script (run by node without
 * a TypeScript loader) and the vitest gates share it.
 */
import { readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

/** @param {string} dir @returns {Promise<{ origin: string, close(): Promise<void> }>} */
export async function serveSite(dir) {
  const files = sirv(dir, { dev: false, etag: true, dotfiles: false, extensions: ['html'] });
  const notFoundFile = path.join(dir, '404.html');
  const server = createServer((request, response) => {
    files(request, response, () => {
      response.statusCode = 404;
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(existsSync(notFoundFile) ? readFileSync(notFoundFile) : 'Not found');
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the site server has no TCP address');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve(undefined));
    }),
  };
}
