/**
 * `cleansite preview` as the real CLI process: the fixture site is built
 * once, then served the way the static host serves it.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, makeFixtureSite, removeSite, runCli } from '../support/fixture-site.ts';
import { startPreviewProcess, type PreviewProcess } from '../support/preview-process.mjs';

let site: string;
let dist: string;
let preview: PreviewProcess;

const get = (urlPath: string) => fetch(new URL(urlPath, preview.url), { redirect: 'manual' });

beforeAll(async () => {
  site = makeFixtureSite();
  dist = path.join(site, 'dist');
  const built = buildFixture(site);
  expect(built.status, built.stderr).toBe(0);
  preview = await startPreviewProcess(dist, { cwd: site });
});

afterAll(async () => {
  await preview?.stop();
  removeSite(site);
});

describe('cleansite preview', () => {
  it('listens on loopback and says what it serves', () => {
    expect(preview.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(preview.output[0]).toBe(`Previewing dist/ at ${preview.url} as the static host serves it, with the headers of dist/_headers (Ctrl+C to stop)`);
  });

  it('serves directory indexes and redirects a missing trailing slash with 301', async () => {
    const about = await get('/about/');
    expect(about.status).toBe(200);
    expect(about.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await about.text()).toBe(readFileSync(path.join(dist, 'about', 'index.html'), 'utf8'));

    const redirect = await get('/about');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/about/');
    expect((await get('/locations/west-end?ref=x')).headers.get('location')).toBe('/locations/west-end/?ref=x');
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const notFound = readFileSync(path.join(dist, '404.html'), 'utf8');
    for (const unknown of ['/no-such-page/', '/no-such-page', '/locations/nowhere/', '/about/index.htm']) {
      const response = await get(unknown);
      expect(response.status, unknown).toBe(404);
      expect(await response.text()).toBe(notFound);
    }
  });

  it('answers with the headers the build wrote for the host, and never serves them', async () => {
    const rules = readFileSync(path.join(dist, '_headers'), 'utf8');
    const home = await get('/');
    expect(home.status).toBe(200);
    // Every header _headers gives "/*" reaches the browser, e.g. the security headers.
    const siteWide = /^\/\*\n((?:[ \t]+.+\n)+)/m.exec(rules)?.[1] ?? '';
    const names = [...siteWide.matchAll(/^\s+([A-Za-z-]+):/gm)].map((match) => match[1]!);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(home.headers.get(name), name).not.toBeNull();
    expect((await get('/_headers')).status).toBe(404);
    expect((await get('/_redirects')).status).toBe(404);
  });

  it('has no live-reload endpoints: those exist only in watch mode', async () => {
    expect((await get('/__cleansite/live-reload.js')).status).toBe(404);
    expect((await get('/__cleansite/events')).status).toBe(404);
  });

  it('stops cleanly on SIGTERM', async () => {
    expect(await preview.stop()).toBe(0);
  });
});

describe('cleansite preview errors', () => {
  it('exits 2 with a hint when the folder does not exist', () => {
    const result = runCli(['preview', '--out', path.join(site, 'never-built'), '--port', '0'], site);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('error: nothing to preview: never-built/ does not exist');
    expect(result.stderr).toContain('hint: run `cleansite build` first, or pass the built folder with --out');
  });

  it('exits 2 for a port that is not a number, or already in use', async () => {
    const bad = runCli(['preview', '--out', dist, '--port', 'http'], site);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('expected a port number from 0 to 65535');

    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as { port: number }).port;
      const busy = runCli(['preview', '--out', dist, '--port', String(port)], site);
      expect(busy.status).toBe(2);
      expect(busy.stderr).toContain(`error: port ${port} on 127.0.0.1 is already in use`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
