/**
 * A real S3 API (s3rver) on 127.0.0.1 for deploy tests, behind a small proxy
 * that adds what s3rver lacks and what the tests need to see:
 * - S3's conditional requests: `If-None-Match: *` on a PUT gets 412 when the
 *   key exists; `If-Match: <etag>` on a PUT, DELETE, GET or HEAD gets 412 when
 *   the object's ETag differs and 404 when it is gone. The proxy checks with
 *   a HEAD and then forwards, one write at a time per key, as S3 does;
 * - a log of every request (method, key, query, conditions), to count
 *   listings and uploads and to see every write checked;
 * - injected faults on chosen requests, N times or always: an S3 error
 *   status, a reset connection, a stall (never answered), a lost response
 *   (the server did the write, the client never hears), a body cut off
 *   halfway, a delay, a hold (answered once a promise the test gives settles);
 * - optional delay per PUT, to stop a deploy halfway.
 * SDK requests keep their Host header, so their signatures stay valid.
 */
import { rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { makeTempDir } from '../../support/fixture-site.ts';

export interface LoggedRequest {
  method: string;
  bucket: string;
  key: string;
  query: string;
  ifMatch?: string;
  ifNoneMatch?: string;
}

export type Fault =
  | { kind: 'status'; status: number; code: string }
  | { kind: 'reset' }
  | { kind: 'stall' }
  | { kind: 'lost-response' }
  | { kind: 'truncate' }
  | { kind: 'delay'; ms: number }
  /** Answered (as S3 answers it) once `until` settles: the test, not a timer, decides when. */
  | { kind: 'hold'; until: Promise<unknown> };

export interface FaultRule {
  /** Only requests with this method; any method when absent. */
  method?: string;
  matches: (key: string, request: LoggedRequest) => boolean;
  /** How many matching requests get the fault; Infinity for all. */
  times: number;
  fault: Fault;
}

export interface PutFailure {
  matches: (key: string) => boolean;
  times: number;
  status: number;
  code: string;
}

export interface S3TestServer {
  /** The proxy: what deploys talk to. */
  endpoint: string;
  /** s3rver itself (website emulation for anonymous GETs). */
  directEndpoint: string;
  requests: LoggedRequest[];
  inject(rule: FaultRule): void;
  failPuts(failure: PutFailure): void;
  clearFailures(): void;
  putDelayMs: number;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };

const WEBSITE_CONFIG = '<WebsiteConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><IndexDocument><Suffix>index.html</Suffix></IndexDocument><ErrorDocument><Key>404.html</Key></ErrorDocument></WebsiteConfiguration>';

const s3Error = (status: number, code: string, message = 'injected by the test'): Answer => ({
  status,
  headers: { 'content-type': 'application/xml' },
  body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`),
});

type Forward = (incoming: IncomingMessage, body: Buffer, method?: string, headers?: IncomingMessage['headers']) => Promise<Answer>;

/** Sends a request the proxy received on to s3rver as it came, and reads the whole answer. */
function forwarder(s3Port: number): Forward {
  return (incoming, body, method = incoming.method!, headers = incoming.headers) => new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: s3Port, method, path: incoming.url, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 500, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** What S3 answers a conditional request (s3rver has no conditions: see the top of this file), or undefined when its condition holds. */
async function conditionFails(forward: Forward, incoming: IncomingMessage, logged: LoggedRequest): Promise<Answer | undefined> {
  if (logged.ifMatch === undefined && logged.ifNoneMatch !== '*') return undefined;
  const head = await forward(incoming, Buffer.alloc(0), 'HEAD', { host: incoming.headers.host });
  const exists = head.status === 200;
  if (logged.ifNoneMatch === '*' && exists) return s3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
  if (logged.ifMatch === undefined) return undefined;
  if (!exists) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
  const unquote = (etag: string) => etag.replaceAll('"', '');
  if (unquote(String(head.headers.etag ?? '')) !== unquote(logged.ifMatch)) return s3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
  return undefined;
}

/** Conditional requests and writes to one key run one at a time, so a check and its write are one step. */
function oneAtATimePerKey(forward: Forward): (incoming: IncomingMessage, body: Buffer, logged: LoggedRequest) => Promise<Answer> {
  const keyQueues = new Map<string, Promise<unknown>>();
  return (incoming, body, logged) => {
    const conditional = logged.ifMatch !== undefined || logged.ifNoneMatch === '*';
    const write = incoming.method === 'PUT' || incoming.method === 'DELETE';
    if (logged.key === '' || (!conditional && !write)) return forward(incoming, body);
    const queueKey = `${logged.bucket}/${logged.key}`;
    const next = (keyQueues.get(queueKey) ?? Promise.resolve()).then(async () => (await conditionFails(forward, incoming, logged)) ?? forward(incoming, body));
    keyQueues.set(queueKey, next.catch(() => {}));
    return next;
  };
}

function reply(response: ServerResponse, result: Answer, fault: Fault | undefined): void {
  if (fault?.kind === 'lost-response') {
    response.socket?.destroy();
    return;
  }
  response.writeHead(result.status, result.headers);
  if (fault?.kind === 'truncate') {
    // Content-Length still promises the whole body: the client sees it end early.
    response.write(result.body.subarray(0, Math.floor(result.body.length / 2)), () => response.socket?.destroy());
    return;
  }
  response.end(result.body);
}

function logRequest(incoming: IncomingMessage): LoggedRequest {
  const url = new URL(incoming.url ?? '/', 'http://proxy');
  const [, bucket = '', ...rest] = url.pathname.split('/');
  const header = (name: string) => (typeof incoming.headers[name] === 'string' ? incoming.headers[name] as string : undefined);
  return { method: incoming.method ?? '', bucket, key: decodeURIComponent(rest.join('/')), query: url.search, ifMatch: header('if-match'), ifNoneMatch: header('if-none-match') };
}

/** The first rule that still has times left and matches the request; one of its times is used. */
function takeFault(rules: FaultRule[], logged: LoggedRequest): Fault | undefined {
  const rule = rules.find((candidate) => candidate.times > 0 && (candidate.method === undefined || candidate.method === logged.method) && candidate.matches(logged.key, logged));
  if (!rule) return undefined;
  rule.times--;
  return rule.fault;
}

interface ProxyState {
  requests: LoggedRequest[];
  rules: FaultRule[];
  putDelayMs: number;
}

/** The fault-injecting proxy in front of s3rver: logs each request, applies the first matching fault, and forwards the rest. */
function startFaultProxy(s3Port: number, state: ProxyState): Promise<Server> {
  const forward = forwarder(s3Port);
  const answer = oneAtATimePerKey(forward);
  const proxy: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      try {
        const body = Buffer.concat(chunks);
        const logged = logRequest(incoming);
        state.requests.push(logged);
        const fault = takeFault(state.rules, logged);
        if (fault?.kind === 'reset') return void incoming.socket.destroy();
        if (fault?.kind === 'stall') return;
        if (fault?.kind === 'status') return reply(response, s3Error(fault.status, fault.code), undefined);
        if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
        if (fault?.kind === 'hold') await fault.until.catch(() => {});
        if (logged.method === 'PUT' && state.putDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.putDelayMs));
        reply(response, await answer(incoming, body, logged), fault);
      } catch (error) {
        if (response.headersSent) return void response.socket?.destroy();
        response.writeHead(502);
        response.end(String(error));
      }
    });
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

export async function startS3TestServer(buckets: readonly string[], options: { website?: boolean } = {}): Promise<S3TestServer> {
  const directory = makeTempDir('cleansite-s3rver-');
  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: options.website ? [WEBSITE_CONFIG] : [] })),
  });
  const { port: s3Port } = (await s3rver.run()) as AddressInfo;
  const state: ProxyState = { requests: [], rules: [], putDelayMs: 0 };
  const proxy = await startFaultProxy(s3Port, state);
  const proxyPort = (proxy.address() as AddressInfo).port;
  const { rules } = state;

  return {
    endpoint: `http://127.0.0.1:${proxyPort}`,
    directEndpoint: `http://127.0.0.1:${s3Port}`,
    requests: state.requests,
    inject: (rule) => { rules.push(rule); },
    failPuts: (failure) => { rules.push({ method: 'PUT', matches: failure.matches, times: failure.times, fault: { kind: 'status', status: failure.status, code: failure.code } }); },
    clearFailures: () => { rules.length = 0; },
    get putDelayMs() { return state.putDelayMs; },
    set putDelayMs(value: number) { state.putDelayMs = value; },
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
