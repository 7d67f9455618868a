// CloudFront invalidation requests (sent to a local endpoint that records them) and the
// terminal progress line.
import { describe, expect, it } from 'vitest';
import { invalidateCloudFront, INVALIDATION_BATCH } from '../../src/deploy/invalidate-cloudfront.ts';
import { createTerminalProgress } from '../../src/deploy/progress.ts';
import { startCloudFrontEndpoint } from './support/cloudfront-endpoint.ts';
import { S3_CREDENTIALS } from './support/s3-test-server.ts';

describe('CloudFront invalidation', () => {
  it('sends the changed paths in batches of 1,000 to the distribution', async () => {
    Object.assign(process.env, S3_CREDENTIALS);
    const cloudfront = await startCloudFrontEndpoint();
    try {
      const paths = Array.from({ length: INVALIDATION_BATCH + 5 }, (_, index) => `/page-${index}/`);
      const ids = await invalidateCloudFront('E2EXAMPLE', paths, { endpoint: cloudfront.endpoint });
      expect(ids).toEqual(['I1', 'I2']);
      // The endpoint also refuses a <Quantity> that is not the number of paths, as CloudFront does.
      expect(cloudfront.invalidations).toEqual([
        { distribution: 'E2EXAMPLE', paths: paths.slice(0, INVALIDATION_BATCH) },
        { distribution: 'E2EXAMPLE', paths: paths.slice(INVALIDATION_BATCH) },
      ]);
    } finally {
      await cloudfront.close();
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
