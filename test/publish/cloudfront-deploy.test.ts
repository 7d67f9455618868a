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

const deploy = (bucket: string, dir: string, distribution: string[] = ['--cloudfront-distribution', 'E2EXAMPLE']) => runCliAsync(['deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.endpoint, ...distribution],
  undefined, { ...S3_CREDENTIALS, AWS_ENDPOINT_URL_CLOUDFRONT: cloudfront.endpoint });
const FIRST_DEPLOY_PATHS = ['/', '/404.html', '/about/', '/about/index.html', '/index.html', '/robots.txt', '/services/', '/services/index.html', '/sitemap.xml'];

describe('deploy --cloudfront-distribution', () => {
  it('invalidates exactly the changed pages (at both their URLs) and sitemap.xml/robots.txt, never hashed assets', async () => {
    const first = await deploy('cf-site', writeDist(siteFiles()));
    expect(first.status, first.stderr).toBe(0);
    expect(cloudfront.invalidations).toEqual([{ distribution: 'E2EXAMPLE', paths: FIRST_DEPLOY_PATHS }]);
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

  it('exits 1 saying the files are deployed but the invalidation failed, and the next deploy with the distribution invalidates those paths', async () => {
    cloudfront.failWith = 403;
    const result = await deploy('cf-failing', writeDist(siteFiles()));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error: the files are deployed, but invalidating 9 paths in CloudFront distribution E2EXAMPLE failed: /m);
    expect(result.stderr).toContain('hint: check the distribution ID and the cloudfront:CreateInvalidation permission; the paths are kept in the target\'s deploy state, and the next deploy with --cloudfront-distribution E2EXAMPLE invalidates them');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    cloudfront.failWith = undefined;
    // The files did go up, so the next deploys have nothing to upload; one without the distribution keeps the paths for it.
    const withoutDistribution = await deploy('cf-failing', writeDist(siteFiles()), []);
    expect(withoutDistribution.status, withoutDistribution.stderr).toBe(0);
    expect(withoutDistribution.stdout).not.toMatch(/CloudFront/);
    expect(cloudfront.invalidations).toEqual([]);
    // Before, the edge kept serving the old pages: nothing had changed since, so nothing was invalidated.
    const again = await deploy('cf-failing', writeDist(siteFiles()));
    expect(again.status, again.stderr).toBe(0);
    expect(cloudfront.invalidations).toEqual([{ distribution: 'E2EXAMPLE', paths: FIRST_DEPLOY_PATHS }]);
    expect(again.stdout).toMatch(/9 CloudFront paths invalidated/);
    // Once done, not again.
    cloudfront.invalidations.length = 0;
    const third = await deploy('cf-failing', writeDist(siteFiles()));
    expect(third.status, third.stderr).toBe(0);
    expect(cloudfront.invalidations).toEqual([]);
  }, 120_000);
});
