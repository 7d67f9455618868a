// The deploy plan is a pure function of the build, the listing and the deploy state:
// exact assertions, and the 10,000-page timing target of issue 14.
import { describe, expect, it } from 'vitest';
import { planDeploy } from '../../src/deploy/deploy-plan.ts';
import { invalidationPaths } from '../../src/deploy/invalidate-cloudfront.ts';
import type { LocalFile } from '../../src/deploy/local-files.ts';
import type { RemoteObject } from '../../src/deploy/remote-objects.ts';
import { parseS3Target } from '../../src/deploy/s3-target.ts';
import { cacheControlFor } from '../../src/publish/cache-rules.ts';
import { contentTypeFor } from '../../src/publish/content-types.ts';

const file = (key: string, md5 = `md5-of-${key}`, size = 10): LocalFile => ({ key, md5, size, contentType: contentTypeFor(key), cacheControl: cacheControlFor(key) });
const object = (key: string, md5 = `md5-of-${key}`, size = 10): RemoteObject => ({ key, etag: md5, size, lastModified: new Date(0) });
const NOW = new Date('2026-11-20T00:00:00Z');
const plan = (local: LocalFile[], remote: RemoteObject[], extra: Partial<Parameters<typeof planDeploy>[0]> = {}) =>
  planDeploy({ local, remote, unreferencedSince: {}, now: NOW, pruneAssetsAfterDays: 7, ...extra });

describe('planDeploy', () => {
  it('decides by content: same bytes are unchanged whatever their age, different bytes of the same size are changed', () => {
    const result = plan([file('a.html'), file('b.html', 'new-md5')], [object('a.html'), object('b.html', 'old-md5')]);
    expect(result.unchanged).toBe(1);
    expect(result.uploads.map((upload) => [upload.file.key, upload.reason])).toEqual([['b.html', 'changed']]);
  });

  it('orders uploads: files (CSS, images, PDFs) first, then pages, then sitemap.xml and robots.txt', () => {
    const keys = ['robots.txt', 'index.html', 'sitemap.xml', 'about/index.html', 'assets/site.0123456789.css', 'files/Brochure.PDF', 'images/og.jpg'];
    expect(plan(keys.map((key) => file(key)), []).uploads.map((upload) => upload.file.key)).toEqual([
      'assets/site.0123456789.css', 'files/Brochure.PDF', 'images/og.jpg', 'about/index.html', 'index.html', 'robots.txt', 'sitemap.xml',
    ]);
  });

  it('deletes removed pages before the files they may reference, and keeps unreferenced hashed assets for the grace period', () => {
    const result = plan([file('index.html')], [object('index.html'), object('old.pdf'), object('old/index.html'), object('assets/site.0123456789.css')]);
    expect(result.deletions.map((item) => item.key)).toEqual(['old/index.html', 'old.pdf']);
    expect(result.keptAssets).toEqual([{ key: 'assets/site.0123456789.css', since: NOW.toISOString() }]);
    expect(result.unreferencedSince).toEqual({ 'assets/site.0123456789.css': NOW.toISOString() });
  });

  it('deletes a hashed asset once its grace period, counted from when it was first unreferenced, is over', () => {
    const remote = [object('assets/site.0123456789.css')];
    expect(plan([], remote, { unreferencedSince: { 'assets/site.0123456789.css': '2026-11-14T00:00:00Z' } }).deletions).toEqual([]);
    expect(plan([], remote, { unreferencedSince: { 'assets/site.0123456789.css': '2026-11-13T00:00:00Z' } }).deletions.map((item) => item.key)).toEqual(['assets/site.0123456789.css']);
    expect(plan([], remote, { pruneAssetsAfterDays: 0 }).deletions).toHaveLength(1);
  });

  it('forgets the grace record of an asset the build references again (a rollback)', () => {
    const result = plan([file('assets/site.0123456789.css')], [object('assets/site.0123456789.css')], { unreferencedSince: { 'assets/site.0123456789.css': '2026-11-01T00:00:00Z' } });
    expect(result.unreferencedSince).toEqual({});
    expect(result.unchanged).toBe(1);
  });

  it('uploads everything with force (a change of cache rules leaves the bytes equal)', () => {
    expect(plan([file('a.html')], [object('a.html')], { force: true }).uploads).toHaveLength(1);
  });

  it('plans 10,000 pages (plus their assets) against a bucket holding the previous build in under 2 s', () => {
    const local: LocalFile[] = [];
    const remote: RemoteObject[] = [];
    for (let index = 0; index < 10_000; index++) {
      local.push(file(`services/page-${index}/index.html`, index % 100 === 0 ? `edited-${index}` : undefined));
      remote.push(object(`services/page-${index}/index.html`));
      local.push(file(`assets/hero-${index}.0123456789.avif`));
      remote.push(object(`assets/hero-${index}.0123456789.avif`));
    }
    remote.push(object('services/removed/index.html'));
    // How long this takes is measured by `npm run bench` (bench/deploy-plan-bench.mjs), not here.
    const result = plan(local, remote);
    expect(result.uploads).toHaveLength(100);
    expect(result.unchanged).toBe(19_900);
    expect(result.deletions.map((item) => item.key)).toEqual(['services/removed/index.html']);
  });
});

describe('the S3 target', () => {
  it('reads bucket and prefix, dotted bucket names included', () => {
    expect(parseS3Target('s3://www.example.com')).toEqual({ bucket: 'www.example.com', prefix: '' });
    expect(parseS3Target('s3://my-bucket/site/staging/')).toEqual({ bucket: 'my-bucket', prefix: 'site/staging/' });
  });

  it('refuses what is not an S3 target, naming what it received', () => {
    expect(() => parseS3Target('my-bucket')).toThrow('received "my-bucket"');
    expect(() => parseS3Target('s3://My_Bucket')).toThrow('"My_Bucket" is not a valid S3 bucket name');
    expect(() => parseS3Target('s3://bucket/../x')).toThrow('".." segments');
  });
});

describe('CloudFront invalidation paths', () => {
  it('are the changed pages at both their URLs, plus sitemap.xml, never hashed assets', () => {
    expect(invalidationPaths(['about/index.html', 'index.html', 'assets/site.0123456789.css', 'sitemap.xml', 'price list/index.html'], '')).toEqual([
      '/', '/about/', '/about/index.html', '/index.html', '/price%20list/', '/price%20list/index.html', '/sitemap.xml',
    ]);
    expect(invalidationPaths(['about/index.html'], 'staging/')).toEqual(['/staging/about/', '/staging/about/index.html']);
  });
});
