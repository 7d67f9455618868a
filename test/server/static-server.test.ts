/**
 * The static server behind `watch` and `preview`, started for real on a free
 * loopback port over a small folder. Requests are sent raw (node:http keeps
 * the path exactly as written), so every path-traversal variant reaches the
 * server unnormalised.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/fixture-site.ts';
import { startStaticServer, type StaticServer } from '../../src/server/static-server.ts';
import { sendRequest, type RawResponse } from '../support/raw-http.ts';

const SECRET = 'TOP SECRET: outside the served folder';
/** 100 bytes whose every slice is recognisable. */
const DIGITS = '0123456789'.repeat(10);
let base: string;
let root: string;
let server: StaticServer;
const requestErrors: string[] = [];

beforeAll(async () => {
  base = makeTempDir('cleansite-server-');
  root = path.join(base, 'site');
  const files: Record<string, string> = {
    'index.html': '<!DOCTYPE html><title>Home</title>',
    'about/index.html': '<!DOCTYPE html><title>About</title>',
    '404.html': '<!DOCTYPE html><title>Page not found</title>',
    'assets/site.css': 'body{color:#111}',
    'assets/site.js': 'console.log(1)',
    'sitemap.xml': '<?xml version="1.0"?><urlset/>',
    'digits.txt': DIGITS,
    'empty.txt': '',
    'empty-folder/readme.txt': 'no index here',
    'areas/west end/index.html': '<!DOCTYPE html><title>West End</title>',
    '.git/config': 'dot folder',
    _headers: '/*\n  X-Frame-Options: DENY\n',
    _redirects: '# none\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  writeFileSync(path.join(base, 'secret.txt'), SECRET);
  mkdirSync(path.join(base, 'outside'));
  writeFileSync(path.join(base, 'outside', 'index.html'), SECRET);
  writeFileSync(path.join(base, 'outside', 'secret.txt'), SECRET);
  symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'secret-link.txt'));
  symlinkSync(path.join(base, 'outside'), path.join(root, 'outside-link'));
  symlinkSync(path.join(root, 'index.html'), path.join(root, 'home-link.html'));
  server = await startStaticServer({ root, host: '127.0.0.1', port: 0, onRequestError: (error) => requestErrors.push(error.message) });
});

afterAll(async () => {
  await server?.close();
  if (base) rmSync(base, { recursive: true, force: true });
});

/** Sends the path byte for byte, with no URL normalisation on the way. */
function send(rawPath: string, options: { method?: string; host?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return sendRequest(server.port, rawPath, { method: options.method, headers: { host: options.host ?? `127.0.0.1:${server.port}`, ...options.headers } });
}

describe('never serves a file outside the served folder', () => {
  const attempts: Array<[string, number]> = [
    ['/../secret.txt', 400],
    ['/assets/../../secret.txt', 400],
    ['/%2e%2e/secret.txt', 400],
    ['/%2E%2E/secret.txt', 400],
    ['/assets/%2e%2e/%2e%2e/secret.txt', 400],
    ['/..%2fsecret.txt', 400],
    ['/%2e%2e%2fsecret.txt', 400],
    ['/..%5csecret.txt', 400],
    ['/..\\secret.txt', 400],
    ['/assets\\..\\..\\secret.txt', 400],
    ['/%252e%252e/secret.txt', 404],
    ['/.%2e/secret.txt', 400],
    ['/%00/../secret.txt', 400],
    ['/index.html%00.txt', 400],
    ['/%2fetc%2fpasswd', 400],
    ['//etc/passwd', 404],
    ['/secret-link.txt', 404],
    ['/outside-link/secret.txt', 404],
    ['/outside-link/', 404],
    ['/outside-link', 404],
    ['/.git/config', 404],
    ['/%E0%A4%A', 400],
  ];
  for (const [attempt, status] of attempts) {
    it(`${attempt} -> ${status}`, async () => {
      const response = await send(attempt);
      expect(response.status).toBe(status);
      expect(response.body).not.toContain('TOP SECRET');
    });
  }

  it('treats an absolute file-system path as a path inside the folder', async () => {
    const response = await send(path.join(base, 'secret.txt'));
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('TOP SECRET');
  });

  it('refuses absolute-form request targets', async () => {
    const response = await send(`http://127.0.0.1:${server.port}/../secret.txt`);
    expect(response.status).toBe(400);
    expect(response.body).not.toContain('TOP SECRET');
  });

  it('still follows a symlink that stays inside the folder', async () => {
    const response = await send('/home-link.html');
    expect(response).toMatchObject({ status: 200, body: '<!DOCTYPE html><title>Home</title>' });
  });
});

describe('serves the folder as a static host does', () => {
  it('serves directory indexes with HTML content types', async () => {
    const home = await send('/');
    expect(home).toMatchObject({ status: 200, body: '<!DOCTYPE html><title>Home</title>' });
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(await send('/about/')).toMatchObject({ status: 200, body: '<!DOCTYPE html><title>About</title>' });
    expect(await send('/areas/west%20end/')).toMatchObject({ status: 200, body: '<!DOCTYPE html><title>West End</title>' });
  });

  it('redirects a folder without its trailing slash, keeping the query', async () => {
    expect(await send('/about')).toMatchObject({ status: 301, headers: expect.objectContaining({ location: '/about/' }) });
    expect((await send('/about?utm_source=test')).headers.location).toBe('/about/?utm_source=test');
    expect((await send('/areas/west%20end')).headers.location).toBe('/areas/west%20end/');
    // Collapsed slashes can never turn the location into a protocol-relative URL (//host/).
    expect((await send('//about')).headers.location).toBe('/about/');
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    for (const unknown of ['/no-such-page/', '/no-such-page', '/about/missing.html', '/empty-folder/', '/empty-folder']) {
      const response = await send(unknown);
      expect(response.status, unknown).toBe(404);
      expect(response.body).toBe('<!DOCTYPE html><title>Page not found</title>');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('sends the right content type for each asset', async () => {
    // The types the S3 upload sets (src/publish/content-types.ts), so preview matches the host.
    expect((await send('/assets/site.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await send('/assets/site.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await send('/sitemap.xml')).headers['content-type']).toBe('application/xml; charset=utf-8');
  });

  it('never serves the host configuration files', async () => {
    for (const file of ['/_headers', '/_redirects']) expect((await send(file)).status, file).toBe(404);
  });

  it('answers HEAD without a body, revalidates with ETags, and refuses other methods', async () => {
    const head = await send('/', { method: 'HEAD' });
    expect(head).toMatchObject({ status: 200, body: '' });
    const etag = (await send('/assets/site.css')).headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await send('/assets/site.css', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const post = await send('/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('on loopback, answers only to loopback host names (no DNS rebinding)', async () => {
    expect((await send('/', { host: 'attacker.example' })).status).toBe(403);
    expect((await send('/', { host: `attacker.example:${server.port}` })).status).toBe(403);
    expect((await send('/', { host: `localhost:${server.port}` })).status).toBe(200);
  });
});

describe('answers byte ranges per RFC 9110, and no Range header can stop it', () => {
  const ranged = (range: string, extra: Record<string, string> = {}, file = '/digits.txt') => send(file, { headers: { range, ...extra } });

  it('sends the last N bytes for a suffix range (bytes=-10 used to send the first 11)', async () => {
    const response = await ranged('bytes=-10');
    expect(response).toMatchObject({ status: 206, body: DIGITS.slice(90) });
    expect(response.headers['content-range']).toBe('bytes 90-99/100');
    expect(response.headers['content-length']).toBe('10');
    expect(await ranged('bytes=-1000')).toMatchObject({ status: 206, body: DIGITS, headers: expect.objectContaining({ 'content-range': 'bytes 0-99/100' }) });
  });

  it('sends closed and open ranges, clamped to the file', async () => {
    expect(await ranged('bytes=10-19')).toMatchObject({ status: 206, body: DIGITS.slice(10, 20), headers: expect.objectContaining({ 'content-range': 'bytes 10-19/100' }) });
    expect(await ranged('bytes=95-')).toMatchObject({ status: 206, body: DIGITS.slice(95), headers: expect.objectContaining({ 'content-range': 'bytes 95-99/100' }) });
    expect(await ranged('bytes=98-1000')).toMatchObject({ status: 206, body: '89', headers: expect.objectContaining({ 'content-range': 'bytes 98-99/100' }) });
  });

  it('answers 416 with Content-Range bytes */size for a range past the end', async () => {
    for (const range of ['bytes=100-', 'bytes=500-600', 'bytes=-0']) {
      const response = await ranged(range);
      expect(response.status, range).toBe(416);
      expect(response.headers['content-range'], range).toBe('bytes */100');
    }
    expect((await ranged('bytes=0-', {}, '/empty.txt')).headers['content-range']).toBe('bytes */0');
  });

  it('sends the whole file with 200 for an invalid, malformed or multi-range header (bytes=50-10 used to crash the process)', async () => {
    for (const range of ['bytes=50-10', 'bytes=abc', 'bytes=-', 'bytes=1-2,4-5', 'lines=1-2', `bytes=${'9'.repeat(5000)}-1`, 'bytes=-5']) {
      const response = await ranged(range, {}, '/empty.txt');
      expect(response, range).toMatchObject({ status: 200, body: '' });
    }
    for (const range of ['bytes=50-10', 'bytes=abc', 'bytes=-', 'bytes=1-2,4-5', 'lines=1-2', 'bytes=0-1, bytes=5-6']) {
      const response = await ranged(range);
      expect(response, range).toMatchObject({ status: 200, body: DIGITS });
      expect(response.headers['content-range'], range).toBeUndefined();
    }
    expect(requestErrors).toEqual([]);
    expect(await send('/')).toMatchObject({ status: 200, body: '<!DOCTYPE html><title>Home</title>' });
  });

  it('advertises ranges, ignores them for HEAD, and drops them when If-Range does not match', async () => {
    const whole = await send('/digits.txt');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const head = await send('/digits.txt', { method: 'HEAD', headers: { range: 'bytes=0-9' } });
    expect(head).toMatchObject({ status: 200, body: '' });
    expect(head.headers['content-length']).toBe('100');
    const lastModified = whole.headers['last-modified'] as string;
    expect(await ranged('bytes=0-9', { 'if-range': lastModified })).toMatchObject({ status: 206, body: '0123456789' });
    expect(await ranged('bytes=0-9', { 'if-range': 'Thu, 01 Jan 1970 00:00:00 GMT' })).toMatchObject({ status: 200, body: DIGITS });
    expect(await ranged('bytes=0-9', { 'if-range': whole.headers.etag as string })).toMatchObject({ status: 200, body: DIGITS });
  });
});
