/**
 * `cleansite deploy --cloudfront-distribution ID`, as README.md promises it, through the real CLI:
 * S3 is s3rver (test/deploy/support), CloudFront a local HTTP endpoint on 127.0.0.1 that records
 * each CreateInvalidation request, reached through the AWS SDK's own service endpoint variable
 * (AWS_ENDPOINT_URL_CLOUDFRONT), so the command runs unchanged.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCliAsync } from '../support/fixture-site.ts';
import { startCloudFrontEndpoint, type CloudFrontEndpoint } from '../deploy/support/cloudfront-endpoint.ts';
import { removeDists, siteFiles, writeDist } from '../deploy/support/fixture-dist.ts';
import { S3_CREDENTIALS, startS3TestServer, type S3TestServer } from '../deploy/support/s3-test-server.ts';

let s3: S3TestServer;
let cloudfront: CloudFrontEndpoint;

beforeAll(async () => {
  [s3, cloudfront] = await Promise.all([startS3TestServer(['cf-site', 'cf-failing']), startCloudFrontEndpoint()]);
}, 60_000);

afterAll(async () => {
  await cloudfront?.close();
  await s3?.close();
  removeDists();
});

afterEach(() => {
  cloudfront.invalidations.length = 0;
  cloudfront.failWith = undefined;
});

const deploy = (bucket: string, dir: string) => runCliAsync(['deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.endpoint, '--cloudfront-distribution', 'E2EXAMPLE'],
  undefined, { ...S3_CREDENTIALS, AWS_ENDPOINT_URL_CLOUDFRONT: cloudfront.endpoint });

describe('deploy --cloudfront-distribution', () => {
  it('invalidates exactly the changed pages (at both their URLs) and sitemap.xml/robots.txt, never hashed assets', async () => {
    const first = await deploy('cf-site', writeDist(siteFiles()));
    expect(first.status, first.stderr).toBe(0);
    expect(cloudfront.invalidations).toEqual([{
      distribution: 'E2EXAMPLE',
      paths: ['/', '/404.html', '/about/', '/about/index.html', '/index.html', '/robots.txt', '/services/', '/services/index.html', '/sitemap.xml'],
    }]);
    expect(first.stdout).toMatch(/9 CloudFront paths invalidated/);

    // A new stylesheet (a new hashed name) changes every page that links it; the old asset is kept, so nothing else is invalidated.
    cloudfront.invalidations.length = 0;
    const second = await deploy('cf-site', writeDist(siteFiles('assets/site.9876543210.css', { 'about/index.html': '<!DOCTYPE html><title>About, new</title>\n' })));
    expect(second.status, second.stderr).toBe(0);
    const paths = cloudfront.invalidations.flatMap((invalidation) => invalidation.paths);
    expect(paths).toContain('/about/');
    expect(paths.filter((item) => item.startsWith('/assets/'))).toEqual([]);

    // Nothing changed: no invalidation at all.
    cloudfront.invalidations.length = 0;
    const third = await deploy('cf-site', writeDist(siteFiles('assets/site.9876543210.css', { 'about/index.html': '<!DOCTYPE html><title>About, new</title>\n' })));
    expect(third.status, third.stderr).toBe(0);
    expect(cloudfront.invalidations).toEqual([]);
  }, 120_000);

  it('exits 1 saying the files are deployed but the invalidation failed, with the distribution and a hint', async () => {
    cloudfront.failWith = 403;
    const result = await deploy('cf-failing', writeDist(siteFiles()));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error: the files are deployed, but invalidating 9 paths in CloudFront distribution E2EXAMPLE failed: /m);
    expect(result.stderr).toContain('hint: check the distribution ID and the cloudfront:CreateInvalidation permission');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    // The files did go up: a second deploy with invalidation working has nothing to upload.
    cloudfront.failWith = undefined;
    const again = await deploy('cf-failing', writeDist(siteFiles()));
    expect(again.status, again.stderr).toBe(0);
    expect(cloudfront.invalidations).toEqual([]);
  }, 120_000);
});
