/**
 * Serves a built site on 127.0.0.1 (a free port) the way the static hosts do:
 * `/about/` answers with about/index.html, `/about` redirects to `/about/`,
 * unknown paths get 404.html with status 404, nothing outside the folder and
 * no dot file or host configuration file is ever served.
 *
 * `host: true` also behaves like the production host for audits: it applies
 * the build's Netlify `_headers` rules (CSP, caching) and gzips text, as
 * Netlify and CloudFront do. Plain JavaScript so the Lighthouse script (run
 * by node without a TypeScript loader) and the vitest gates share it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8', '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif',
  '.gif': 'image/gif', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const HOST_FILES = new Set(['_headers', '_redirects']);

/** Netlify's `_headers`: a path line, then indented `Name: value` lines; `*` is the rest of the path, `:name` one segment. */
function readHeaderRules(dir) {
  const file = path.join(dir, '_headers');
  if (!existsSync(file)) return [];
  const rules = [];
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (/^\s/.test(raw) && rules.length > 0) {
      const colon = line.indexOf(':');
      if (colon > 0) rules.at(-1).headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    } else {
      const parts = line.split('/').filter(Boolean);
      const body = parts.map((part) => (part === '*' ? '(?:/.*)?' : part.startsWith(':') ? '/[^/]+' : `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).join('');
      rules.push({ pattern: new RegExp(parts.length === 0 ? '^/$' : `^${body}/?$`), headers: [] });
    }
  }
  return rules;
}

function headersFor(rules, urlPath) {
  const headers = new Map();
  for (const rule of rules) {
    if (!rule.pattern.test(urlPath)) continue;
    for (const [name, value] of rule.headers) {
      const current = headers.get(name.toLowerCase());
      headers.set(name.toLowerCase(), current ? [current[0], `${current[1]}, ${value}`] : [name, value]);
    }
  }
  return [...headers.values()];
}

/** The file a URL path is served from, a redirect, or undefined. */
function resolvePath(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((segment) => segment === '..' || segment.startsWith('.') || segment.includes('\\') || segment.includes('\0'))) return undefined;
  if (segments.length > 0 && HOST_FILES.has(segments.at(-1))) return undefined;
  const file = path.join(root, ...segments);
  if (!file.startsWith(root)) return undefined;
  if (!existsSync(file)) return undefined;
  if (statSync(file).isDirectory()) {
    if (!decoded.endsWith('/')) return { redirect: `${urlPath}/` };
    const index = path.join(file, 'index.html');
    return existsSync(index) ? { file: index } : undefined;
  }
  return { file };
}

/**
 * @param {string} dir the built site
 * @param {{ host?: boolean }} [options]
 * @returns {Promise<{ origin: string, close(): Promise<void> }>}
 */
export async function serveSite(dir, options = {}) {
  const root = path.resolve(dir);
  const rules = options.host ? readHeaderRules(root) : [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const target = resolvePath(root, url.pathname);
    if (target?.redirect) {
      response.writeHead(301, { Location: target.redirect + url.search }).end();
      return;
    }
    const notFound = path.join(root, '404.html');
    const file = target?.file ?? (existsSync(notFound) ? notFound : undefined);
    response.statusCode = target ? 200 : 404;
    for (const [name, value] of headersFor(rules, url.pathname)) response.setHeader(name, value);
    if (!file) {
      response.setHeader('Content-Type', 'text/plain; charset=utf-8');
      response.end('Not found');
      return;
    }
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    response.setHeader('Content-Type', type);
    let body = readFileSync(file);
    if (options.host && COMPRESSIBLE.test(type)) {
      response.setHeader('Vary', 'Accept-Encoding');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        body = gzipSync(body);
        response.setHeader('Content-Encoding', 'gzip');
      }
    }
    response.setHeader('Content-Length', body.byteLength);
    response.end(request.method === 'HEAD' ? undefined : body);
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
