/**
 * A real S3 API (s3rver) on 127.0.0.1 for deploy tests, behind a small proxy
 * that adds what s3rver lacks and what the tests need to see:
 * - S3's conditional writes: a PUT with `If-None-Match: *` gets 412 when the
 *   key exists (checked and forwarded one at a time per key, as S3 does);
 * - a log of every request (method, key, query), to count listings and uploads;
 * - injected failures: chosen PUTs answered with an S3 error, N times or always;
 * - optional delay per PUT, to stop a deploy halfway.
 * SDK requests keep their Host header, so their signatures stay valid.
 */
import { rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { makeTempDir } from '../../support/fixture-site.ts';

export interface LoggedRequest {
  method: string;
  bucket: string;
  key: string;
  query: string;
}

export interface PutFailure {
  matches: (key: string) => boolean;
  /** How many matching PUTs fail; Infinity for all. */
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
  failPuts(failure: PutFailure): void;
  clearFailures(): void;
  putDelayMs: number;
  close(): Promise<void>;
}

export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };

const WEBSITE_CONFIG = '<WebsiteConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><IndexDocument><Suffix>index.html</Suffix></IndexDocument><ErrorDocument><Key>404.html</Key></ErrorDocument></WebsiteConfiguration>';

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
  const requests: LoggedRequest[] = [];
  const failures: PutFailure[] = [];
  const keyQueues = new Map<string, Promise<unknown>>();
  const state = { putDelayMs: 0 };

  const forward = (incoming: IncomingMessage, body: Buffer, method = incoming.method!, headers = incoming.headers) => new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: s3Port, method, path: incoming.url, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 500, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });

  const proxy: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      try {
        const body = Buffer.concat(chunks);
        const url = new URL(incoming.url ?? '/', 'http://proxy');
        const [, bucket = '', ...rest] = url.pathname.split('/');
        const key = decodeURIComponent(rest.join('/'));
        requests.push({ method: incoming.method ?? '', bucket, key, query: url.search });
        const send = (result: { status: number; headers: IncomingMessage['headers']; body: Buffer }) => {
          response.writeHead(result.status, result.headers);
          response.end(result.body);
        };
        if (incoming.method === 'PUT' && key !== '') {
          const failure = failures.find((candidate) => candidate.times > 0 && candidate.matches(key));
          if (failure) {
            failure.times--;
            response.writeHead(failure.status, { 'Content-Type': 'application/xml' });
            response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${failure.code}</Code><Message>injected by the test</Message><Key>${key}</Key></Error>`);
            return;
          }
          if (state.putDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.putDelayMs));
          if (incoming.headers['if-none-match'] === '*') {
            const queueKey = `${bucket}/${key}`;
            const previous = keyQueues.get(queueKey) ?? Promise.resolve();
            const next = previous.then(async () => {
              const head = await forward(incoming, Buffer.alloc(0), 'HEAD', { host: incoming.headers.host });
              if (head.status === 200) return { status: 412, headers: { 'content-type': 'application/xml' }, body: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>') };
              return forward(incoming, body);
            });
            keyQueues.set(queueKey, next.catch(() => {}));
            send(await next);
            return;
          }
        }
        send(await forward(incoming, body));
      } catch (error) {
        response.writeHead(502);
        response.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = (proxy.address() as AddressInfo).port;

  return {
    endpoint: `http://127.0.0.1:${proxyPort}`,
    directEndpoint: `http://127.0.0.1:${s3Port}`,
    requests,
    failPuts: (failure) => { failures.push(failure); },
    clearFailures: () => { failures.length = 0; },
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
