/**
 * Sending one located file (src/server/send-file.ts): validators, 304s, and
 * a file that vanished between being located and being opened (watch mode
 * replaces and deletes output files while pages are requested), which must
 * be reported missing, not fail the request.
 */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/fixture-site.ts';
import { sendFile, type SendOutcome } from '../../src/server/send-file.ts';
import { sendRequest, type RawResponse } from '../support/raw-http.ts';

let dir: string;
let server: Server;
const LONG_PAGE = `<main>${'<p>Commercial cleaning, done properly.</p>'.repeat(200)}</main>`;
const outcomes: SendOutcome[] = [];

beforeAll(async () => {
  dir = makeTempDir('cleansite-send-file-');
  writeFileSync(path.join(dir, 'page.html'), '<p>page</p>');
  writeFileSync(path.join(dir, 'long.html'), LONG_PAGE);
  utimesSync(path.join(dir, 'page.html'), new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
  mkdirSync(path.join(dir, 'folder'));
  server = createServer((incoming, response) => {
    void sendFile(incoming, response, path.join(dir, decodeURIComponent(incoming.url!.slice(1))), 'text/html; charset=utf-8').then((outcome) => {
      outcomes.push(outcome);
      if (outcome === 'missing') {
        response.writeHead(404);
        response.end('missing');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function get(file: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return sendRequest((server.address() as AddressInfo).port, `/${file}`, { headers });
}

describe('sendFile', () => {
  it('reports a file that is gone, or is a folder, as missing instead of failing', async () => {
    expect(await get('gone.html')).toMatchObject({ status: 404, body: 'missing' });
    expect(await get('folder')).toMatchObject({ status: 404, body: 'missing' });
    expect(outcomes.slice(-2)).toEqual(['missing', 'missing']);
  });

  it('sends validators, and 304 for a matching tag in a list, for *, or for a date not older than the file', async () => {
    const first = await get('page.html');
    expect(first).toMatchObject({ status: 200, body: '<p>page</p>' });
    expect(first.headers['last-modified']).toBe('Thu, 01 Jan 2026 00:00:00 GMT');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"11-\d+"$/);
    expect((await get('page.html', { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
    // Weak comparison: the same tag without W/ matches too.
    expect((await get('page.html', { 'if-none-match': etag.slice(2) })).status).toBe(304);
    expect((await get('page.html', { 'if-none-match': '*' })).status).toBe(304);
    expect((await get('page.html', { 'if-none-match': '"other"' })).status).toBe(200);
    expect((await get('page.html', { 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' })).status).toBe(304);
    expect((await get('page.html', { 'if-modified-since': 'Wed, 31 Dec 2025 23:59:59 GMT' })).status).toBe(200);
    expect((await get('page.html', { 'if-modified-since': 'not a date' })).status).toBe(200);
    // If-None-Match decides when both are sent.
    expect((await get('page.html', { 'if-none-match': '"other"', 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' })).status).toBe(200);
  });

  it('sends text gzipped to a client that accepts it, as the hosts do, and the file itself otherwise', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/long.html`;
    // fetch decompresses, and keeps the header saying it had to.
    const zipped = await fetch(url, { headers: { 'accept-encoding': 'br, gzip;q=0.8' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(zipped.headers.get('content-length'))).toBeLessThan(LONG_PAGE.length / 10);
    expect(await zipped.text()).toBe(LONG_PAGE);
    expect((await fetch(url, { headers: { 'accept-encoding': 'br;q=1, *;q=0.1' } })).headers.get('content-encoding')).toBe('gzip');

    // An explicit gzip;q=0 wins over `*`.
    for (const headers of [{}, { 'accept-encoding': 'gzip;q=0' }, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip;q=0, *;q=0.5' }] as Array<Record<string, string>>) {
      const plain = await get('long.html', headers);
      expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(plain.body).toBe(LONG_PAGE);
    }
    // A range is of the file's own bytes; a small file is not worth compressing.
    const range = await get('long.html', { 'accept-encoding': 'gzip', range: 'bytes=0-5' });
    expect(range).toMatchObject({ status: 206, body: '<main>' });
    expect(range.headers['content-encoding']).toBeUndefined();
    expect((await get('page.html', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
  });
});
