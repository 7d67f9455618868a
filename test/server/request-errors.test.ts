/**
 * A request the server fails to answer is answered 500 and reported, and the
 * server goes on answering (src/server/safe-handler.ts). The failures are
 * provoked through the server's own extension points (a throwing _headers
 * lookup, a throwing watch endpoint), which run inside the request handler
 * exactly as a bug in the server would.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/fixture-site.ts';
import { startStaticServer, type StaticServer } from '../../src/server/static-server.ts';
import { sendRequest, type RawResponse } from '../support/raw-http.ts';

let base: string;
let server: StaticServer;
const reported: string[] = [];

beforeAll(async () => {
  base = makeTempDir('cleansite-request-errors-');
  mkdirSync(path.join(base, 'site'));
  writeFileSync(path.join(base, 'site', 'index.html'), '<!DOCTYPE html><title>Home</title>');
  server = await startStaticServer({
    root: path.join(base, 'site'), host: '127.0.0.1', port: 0,
    headersFor: (urlPath) => {
      if (urlPath === '/throws-in-headers') throw new Error('header rules exploded');
      return {};
    },
    intercept: (incoming, response) => {
      if (incoming.url === '/throws-in-endpoint') throw new TypeError('endpoint exploded');
      if (incoming.url === '/throws-after-headers') {
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        response.write('half a ');
        throw new Error('exploded mid-response');
      }
      return false;
    },
    onRequestError: (error) => reported.push(error.message),
  });
});

// Each test sees only what it caused: they pass in any order (--sequence.shuffle).
beforeEach(() => {
  reported.length = 0;
});

afterAll(async () => {
  await server?.close();
  if (base) rmSync(base, { recursive: true, force: true });
});

function get(urlPath: string, method = 'GET'): Promise<RawResponse> {
  return sendRequest(server.port, urlPath, { method });
}

const home = async () => expect(await get('/')).toMatchObject({ status: 200, body: '<!DOCTYPE html><title>Home</title>' });

describe('a request the server fails to answer', () => {
  it('is answered 500 and reported with the request named, and the next request is served', async () => {
    const response = await get('/throws-in-headers');
    expect(response.status).toBe(500);
    expect(response.body).toMatch(/^Internal server error/);
    // Nothing the failing request had set (its headers, say) leaks into the 500.
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(reported).toEqual(['the server failed to answer GET /throws-in-headers (answered 500): header rules exploded']);
    await home();
  });

  it('is answered 500 when a watch endpoint throws', async () => {
    expect((await get('/throws-in-endpoint')).status).toBe(500);
    expect(reported).toEqual(['the server failed to answer GET /throws-in-endpoint (answered 500): endpoint exploded']);
    await home();
  });

  it('is cut off when it fails after the headers went out, so the client sees a failure, not a short page', async () => {
    await expect(get('/throws-after-headers')).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
    expect(reported).toEqual(['the server failed to answer GET /throws-after-headers (answered 500): exploded mid-response']);
    await home();
  });

  it('shortens a very long URL in the report', async () => {
    const url = `/throws-in-headers?${'x'.repeat(5000)}`;
    expect((await get(url)).status).toBe(500);
    expect(reported).toEqual([`the server failed to answer GET ${url.slice(0, 200)}... (answered 500): header rules exploded`]);
  });
});

/** Sends raw bytes and returns the status line of the answer ('' when the socket was closed without one). */
function sendRaw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(server.port, '127.0.0.1', () => socket.end(bytes));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => { answer += chunk; });
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('requests that break HTTP', () => {
  it('are answered 400 or 431 on their own connection, and the server goes on', async () => {
    expect(await sendRaw('NOT HTTP AT ALL\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
    expect(await sendRaw('GET /\x01 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
    expect(await sendRaw(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(await sendRaw('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
    await home();
  });
});

describe('requests that are not reads', () => {
  it('are answered 405 with an Allow header, for files and for endpoints alike', async () => {
    for (const [method, urlPath] of [['POST', '/'], ['PUT', '/index.html'], ['DELETE', '/index.html'], ['PATCH', '/throws-in-endpoint'], ['OPTIONS', '/']]) {
      const response = await get(urlPath!, method);
      expect(response.status, `${method} ${urlPath}`).toBe(405);
      expect(response.headers.allow, `${method} ${urlPath}`).toBe('GET, HEAD');
    }
  });
});
