/**
 * The request fuzzer: thousands of generated hostile requests (methods,
 * traversal paths in every encoding, odd headers, ranges of every shape,
 * bodies, trickled, stalled, pipelined and aborted connections) sent as raw bytes to the real
 * `cleansite preview` and `cleansite watch` processes. Afterwards each must
 * still be running and answer a plain GET correctly, no request may have
 * been answered 500 (a failure inside the server), and no response may hold
 * a byte of the secret files placed just outside the served folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../fuzz/support/random.ts';
import { buildFixture, makeFixtureSite, removeSite, runCli } from '../support/fixture-site.ts';
import { startWatchProcess } from '../support/watch-process.ts';
import { generateRequest, type HostileRequest } from './support/hostile-requests.ts';
import { sendRaw } from './support/raw-client.ts';
import { startPreviewProcess } from '../support/preview-process.mjs';

const REQUESTS_PER_SERVER = 5_000;
const CONCURRENCY = 12;
/** Per connection; a held keep-alive is cut after this. */
const CONNECTION_BUDGET_MS = 1_500;
/**
 * The whole run for one server; reaching it without sending every request fails the test. A run
 * takes 5-10 s alone, ~35 s beside the rest of the suite on two busy cores.
 */
const RUN_BUDGET_MS = 60_000;
const SEED = 0x12_5eed;
/** Every status a request may get; 500 would mean the server failed inside. */
const EXPECTED_STATUSES = new Set([100, 200, 206, 301, 304, 400, 403, 404, 405, 408, 413, 414, 416, 417, 431, 505]);

/** A token no page contains, repeated so that any slice of 36 bytes or more holds one of its halves. */
const TOKEN = `CANARY-${randomBytes(12).toString('hex')}-`;
const SECRET_TEXT = TOKEN.repeat(64);
const TOKEN_HALVES = [TOKEN.slice(0, TOKEN.length / 2), TOKEN.slice(TOKEN.length / 2)];
const holdsSecret = (bytes: Buffer) => TOKEN_HALVES.some((half) => bytes.includes(half));

interface Target {
  name: 'preview' | 'watch';
  port: number;
  /** The served folder. */
  root: string;
  output: string[];
  alive(): boolean;
  stop(): Promise<number | null>;
}

let site: string;
const targets = new Map<string, Target>();

/** Secrets beside the output folder and in the project root, and links inside the folder that point at them. */
function plantSecrets(root: string): void {
  symlinkSync(path.join(site, 'canary-secret.txt'), path.join(root, 'leak.txt'));
  symlinkSync(site, path.join(root, 'leak-dir'));
  // A copy inside the folder, under a name no generated request uses: the detector's self-check.
  mkdirSync(path.join(root, 'selfcheck-7f3a'), { recursive: true });
  writeFileSync(path.join(root, 'selfcheck-7f3a', 'copy.txt'), SECRET_TEXT);
}

beforeAll(async () => {
  runCli(['--version']);
  site = makeFixtureSite('watch-overlay');
  writeFileSync(path.join(site, 'canary-secret.txt'), SECRET_TEXT);
  writeFileSync(path.join(site, '.env'), `SECRET=${SECRET_TEXT}\n`);
  writeFileSync(path.join(site, 'content', 'canary-secret.txt'), SECRET_TEXT);
  const dist = path.join(site, 'dist');
  const built = buildFixture(site);
  expect(built.status, built.stderr).toBe(0);
  plantSecrets(dist);
  const preview = await startPreviewProcess(dist, { cwd: site });
  targets.set('preview', { name: 'preview', root: dist, ...preview });
  const watch = await startWatchProcess(site);
  const out = path.join(site, 'out');
  plantSecrets(out);
  targets.set('watch', { name: 'watch', root: out, port: Number(new URL(watch.url).port), output: watch.output, alive: watch.alive, stop: watch.stop });
});

afterAll(async () => {
  await Promise.all([...targets.values()].map((target) => target.stop()));
  removeSite(site);
});

function plain(urlPath: string, headers: string[] = [], method = 'GET'): HostileRequest {
  const text = `${method} ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers.map((line) => `${line}\r\n`).join('')}\r\n`;
  return { bytes: Buffer.from(text, 'latin1'), delivery: 'whole', abortAfter: 0, label: text };
}

/** Status, headers and body of a one-response exchange. */
async function exchange(target: Target, request: HostileRequest) {
  const { received } = await sendRaw(target.port, request, 5_000);
  const split = received.indexOf('\r\n\r\n');
  const head = received.subarray(0, split).toString('latin1');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head, body: received.subarray(split + 4), received };
}

describe.each(['preview', 'watch'])('cleansite %s under hostile requests', (name) => {
  const target = () => targets.get(name)!;

  it('detects the secret when it is served on purpose (the leak check can fail)', async () => {
    const whole = await exchange(target(), plain('/selfcheck-7f3a/copy.txt'));
    expect(whole.status).toBe(200);
    expect(holdsSecret(whole.received)).toBe(true);
    const slice = await exchange(target(), plain('/selfcheck-7f3a/copy.txt', ['Range: bytes=100-140']));
    expect(slice.status).toBe(206);
    expect(holdsSecret(slice.received)).toBe(true);
    // And the page itself does not trip it.
    expect(holdsSecret((await exchange(target(), plain('/'))).received)).toBe(false);
  });

  it('answers Range: bytes=50-10 with the whole page and bytes=-10 with the last 10 bytes (the first used to kill the process)', async () => {
    const page = readFileSync(path.join(target().root, 'index.html'));
    const inverted = await exchange(target(), plain('/', ['Range: bytes=50-10']));
    expect(inverted.status).toBe(200);
    expect(inverted.body.equals(page)).toBe(true);
    const suffix = await exchange(target(), plain('/', ['Range: bytes=-10']));
    expect(suffix.status).toBe(206);
    expect(suffix.head).toContain(`Content-Range: bytes ${page.length - 10}-${page.length - 1}/${page.length}`);
    expect(suffix.body.equals(page.subarray(-10))).toBe(true);
    const past = await exchange(target(), plain('/', [`Range: bytes=${page.length}-`]));
    expect(past.status).toBe(416);
    expect(past.head).toContain(`Content-Range: bytes */${page.length}`);
    expect(target().alive()).toBe(true);
  });

  it('answers POST, PUT and DELETE to the event stream and to files with 405 and an Allow header', async () => {
    for (const [method, urlPath] of [['POST', '/__cleansite/events'], ['PUT', '/__cleansite/events'], ['POST', '/__cleansite/live-reload.js'], ['POST', '/'], ['DELETE', '/index.html']]) {
      const request = plain(urlPath!, ['Content-Length: 2'], method);
      const response = await exchange(target(), { ...request, bytes: Buffer.concat([request.bytes, Buffer.from('{}')]) });
      expect(response.status, `${method} ${urlPath}`).toBe(405);
      expect(response.head, `${method} ${urlPath}`).toMatch(/\r\nAllow: GET, HEAD\r\n/);
    }
  });

  it(`survives ${REQUESTS_PER_SERVER} generated hostile requests and never serves a byte from outside its folder`, async () => {
    const random = createRandom(SEED + (name === 'watch' ? 1 : 0));
    const hostHeader = `127.0.0.1:${target().port}`;
    const served = ['/', '/about/', '/about', '/locations/new-farm', '/services/', '/locations/new-farm/', '/assets/site.css', '/sitemap.xml', '/robots.txt', '/404.html', '/images/pixel.png',
      '/leak.txt', '/leak-dir/', '/leak-dir/canary-secret.txt', '/leak-dir/.env', '/__cleansite/events', '/__cleansite/live-reload.js', '/_headers'];
    const outside = ['canary-secret.txt', '.env', 'content/canary-secret.txt', 'content/site.md', 'etc/passwd', 'canary-secret.txt%00.html'];
    const requests = Array.from({ length: REQUESTS_PER_SERVER }, () => {
      const request = generateRequest(random, { servedPaths: served, outsideNames: outside, outsideAbsolute: [path.join(site, 'canary-secret.txt'), '/etc/passwd', '/proc/self/environ'], hostHeader });
      // A few connections carry two requests back to back (pipelining).
      if (!random.chance(0.03)) return request;
      const second = generateRequest(random, { servedPaths: served, outsideNames: outside, outsideAbsolute: [path.join(site, 'canary-secret.txt')], hostHeader });
      return { ...request, bytes: Buffer.concat([request.bytes, second.bytes]), label: `${request.label} + ${second.label}` };
    });

    const started = Date.now();
    const leaks: string[] = [];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    let refused = 0;
    let next = 0;
    const worker = async () => {
      while (next < requests.length && Date.now() - started < RUN_BUDGET_MS) {
        const request = requests[next++]!;
        const result = await sendRaw(target().port, request, CONNECTION_BUDGET_MS);
        sent++;
        if (result.refused) refused++;
        if (holdsSecret(result.received)) leaks.push(request.label);
        for (const status of result.statuses) {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (!EXPECTED_STATUSES.has(status)) failures.push(`${status} for ${request.label}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (Date.now() - started) / 1000;
    console.info(`${name}: ${sent} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);

    expect(sent, `requests sent within ${RUN_BUDGET_MS} ms`).toBe(REQUESTS_PER_SERVER);
    expect(leaks, 'responses holding the secret').toEqual([]);
    expect(failures.slice(0, 10), 'unexpected statuses').toEqual([]);
    expect(refused, 'connections refused (the server was down)').toBe(0);
    expect(target().alive(), `the ${name} process is running`).toBe(true);
    expect(target().output.filter((line) => /failed to answer|Unexpected|ERR_|uncaught/i.test(line))).toEqual([]);
    // Every kind of answer was exercised, not just refusals.
    for (const status of [200, 206, 301, 400, 404, 405, 416]) expect(statuses.get(status) ?? 0, `responses with ${status}`).toBeGreaterThan(0);

    const home = await exchange(target(), plain('/'));
    expect(home.status).toBe(200);
    expect(home.body.equals(readFileSync(path.join(target().root, 'index.html')))).toBe(true);
    // build names the stylesheet by its hash, watch keeps one stable name.
    const stylesheet = readdirSync(path.join(target().root, 'assets')).find((file) => file.endsWith('.css'))!;
    const css = await exchange(target(), plain(`/assets/${stylesheet}`));
    expect(css.status).toBe(200);
    expect(css.body.equals(readFileSync(path.join(target().root, 'assets', stylesheet)))).toBe(true);
  }, RUN_BUDGET_MS + 15_000);
});
