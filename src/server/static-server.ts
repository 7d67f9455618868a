/**
 * The local HTTP server behind `watch` and `preview`. It serves a folder the
 * way the static host will (see resolve-request.ts), with ETags and ranges
 * (send-file.ts), and the Content-Types the S3 upload sets
 * (src/publish/content-types.ts). Host configuration files (_headers,
 * _redirects) are never served. It listens on loopback unless told otherwise
 * and then answers only to loopback host names, so a web page elsewhere
 * cannot reach it through DNS rebinding. No request can stop it
 * (safe-handler.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CleansiteError } from '../core/errors.ts';
import { contentTypeFor, HOST_CONFIG_FILES } from '../publish/content-types.ts';
import { sendRedirect, type RedirectAnswer } from './redirects.ts';
import { realRoot, resolveRequest } from './resolve-request.ts';
import { guardConnections, guardHandler } from './safe-handler.ts';
import { sendFile } from './send-file.ts';
import { isLoopback } from './server-options.ts';

export interface StaticServerOptions {
  /** The folder to serve; it may appear later (watch mode's first build can fail). */
  root: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Answers a GET or HEAD before the static files; returns true when it did (watch mode's endpoints). */
  intercept?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** A request the server failed to answer (it was answered 500); the server keeps running. */
  onRequestError: (error: CleansiteError) => void;
  /** Page sent with a 404 when the folder has no 404.html. */
  notFoundFallback?: () => string;
  /** Extra response headers for a URL path, e.g. the rules of the build's _headers file. */
  headersFor?: (urlPath: string) => Record<string, string>;
  /** The host's redirect rules (src/server/redirects.ts). */
  redirectFor?: (urlPath: string) => RedirectAnswer | undefined;
}

export interface StaticServer {
  /** e.g. http://127.0.0.1:4321/ */
  url: string;
  port: number;
  close(): Promise<void>;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = path.resolve(options.root);
  // Bound to loopback, only loopback names are expected; a foreign Host header means DNS rebinding.
  const allowedHosts = isLoopback(options.host) ? new Set([...LOOPBACK_NAMES, options.host.includes(':') ? `[${options.host}]` : options.host]) : undefined;

  const server = createServer(guardHandler(async (request, response) => {
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (allowedHosts && !allowedHosts.has(hostName(request.headers.host ?? ''))) {
      return sendText(response, 403, 'Forbidden: this development server only answers to localhost.');
    }
    // Every resource here, files and watch mode's endpoints alike, is read-only.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return sendText(response, 405, 'Method not allowed.');
    }
    if (options.intercept?.(request, response)) return;
    const urlPath = decodedPath(request.url ?? '/');
    for (const [name, value] of Object.entries(options.headersFor?.(urlPath) ?? {})) response.setHeader(name, value);
    const redirect = options.redirectFor?.(urlPath);
    if (redirect?.force) return sendRedirect(response, redirect, request.url ?? '/');
    const realFolder = tryRealRoot(root);
    const hostFile = HOST_CONFIG_FILES.includes(urlPath.split('/').pop() ?? '');
    const target = realFolder && !hostFile ? resolveRequest(realFolder, request.url ?? '/') : { kind: 'not-found' as const };
    switch (target.kind) {
      case 'bad-request':
        return sendText(response, 400, `Bad request: ${target.reason}.`);
      case 'redirect':
        response.writeHead(301, { Location: target.location, 'Content-Type': 'text/plain; charset=utf-8' });
        return response.end(`Moved to ${target.location}\n`);
      case 'not-found':
        if (redirect) return sendRedirect(response, redirect, request.url ?? '/');
        return sendNotFound(response, request, realFolder, options.notFoundFallback);
      case 'file': {
        const type = contentTypeFor(target.relative) ?? 'application/octet-stream';
        // Gone since it was resolved (watch mode replaces files): answered like any missing file.
        if (await sendFile(request, response, path.join(realFolder!, target.relative), type) === 'missing') sendNotFound(response, request, realFolder, options.notFoundFallback);
        return;
      }
    }
  }, options.onRequestError));
  guardConnections(server);
  server.keepAliveTimeout = 5_000;
  // A client that trickles its headers cannot hold a connection for Node's default minute.
  server.headersTimeout = 10_000;

  await new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(listenError(error, options));
    server.once('error', fail);
    server.listen(options.port, options.host, () => {
      server.off('error', fail);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}/`,
    port,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

function sendNotFound(response: ServerResponse, request: IncomingMessage, folder: string | undefined, fallback?: () => string): void {
  const page = folder ? path.join(folder, '404.html') : undefined;
  const body = page && existsSync(page) ? readFileSync(page) : fallback?.();
  if (body === undefined) return sendText(response, 404, 'Not found.');
  response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
  response.end(request.method === 'HEAD' ? undefined : body);
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(`${text}\n`);
}

function decodedPath(url: string): string {
  const pathname = url.split(/[?#]/)[0] ?? '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

function tryRealRoot(root: string): string | undefined {
  try {
    return realRoot(root);
  } catch {
    return undefined;
  }
}

/** `127.0.0.1:4321` -> `127.0.0.1`, `[::1]:4321` -> `[::1]`. */
function hostName(header: string): string {
  const host = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.split(':')[0] ?? '';
  return host.toLowerCase();
}

function listenError(error: NodeJS.ErrnoException, options: StaticServerOptions): CleansiteError {
  const where = `${options.host}:${options.port}`;
  if (error.code === 'EADDRINUSE') {
    return new CleansiteError({ code: 'USAGE', message: `port ${options.port} on ${options.host} is already in use`, hint: 'stop the other server or choose another port with --port', cause: error });
  }
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
    return new CleansiteError({ code: 'USAGE', message: `cannot listen on ${where}: no such local address`, hint: 'use --host 127.0.0.1 (the default) or an address of this machine', cause: error });
  }
  return new CleansiteError({ code: 'OUTPUT_FAILED', message: `cannot listen on ${where}: ${error.message}`, cause: error });
}
