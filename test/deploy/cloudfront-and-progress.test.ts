// CloudFront invalidation requests (sent to a local endpoint that records them) and the
// terminal progress line.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { invalidateCloudFront, INVALIDATION_BATCH } from '../../src/deploy/invalidate-cloudfront.ts';
import { createTerminalProgress } from '../../src/deploy/progress.ts';
import { S3_CREDENTIALS } from './support/s3-test-server.ts';

describe('CloudFront invalidation', () => {
  it('sends the changed paths in batches of 1,000 to the distribution', async () => {
    Object.assign(process.env, S3_CREDENTIALS);
    const bodies: Array<{ url: string; body: string }> = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        bodies.push({ url: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(201, { 'Content-Type': 'text/xml' });
        response.end(`<?xml version="1.0"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>I${bodies.length}</Id><Status>InProgress</Status></Invalidation>`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const paths = Array.from({ length: INVALIDATION_BATCH + 5 }, (_, index) => `/page-${index}/`);
      const ids = await invalidateCloudFront('E2EXAMPLE', paths, { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      expect(ids).toEqual(['I1', 'I2']);
      expect(bodies.map((item) => item.url)).toEqual(['/2020-05-31/distribution/E2EXAMPLE/invalidation', '/2020-05-31/distribution/E2EXAMPLE/invalidation']);
      expect(bodies[0]!.body).toContain(`<Quantity>${INVALIDATION_BATCH}</Quantity>`);
      expect(bodies[1]!.body).toContain('<Quantity>5</Quantity>');
      expect(bodies[1]!.body).toContain('<Path>/page-1004/</Path>');
    } finally {
      server.close();
    }
  });
});

describe('terminal progress', () => {
  it('rewrites one line with files and bytes, and clears it at the end', () => {
    const written: string[] = [];
    const progress = createTerminalProgress((text) => written.push(text));
    progress.start(2, 3_000);
    progress.advance(1_000);
    progress.advance(2_000);
    progress.finish();
    expect(written[0]).toBe('\r\x1b[2KUploading 0/2 files, 0 B of 2.9 KB');
    expect(written.at(-2)).toBe('\r\x1b[2KUploading 2/2 files, 2.9 KB of 2.9 KB');
    expect(written.at(-1)).toBe('\r\x1b[2K');
  });
});
