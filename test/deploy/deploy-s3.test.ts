// `cleansite deploy` against a real S3 API (s3rver on 127.0.0.1, behind a proxy that adds
// conditional writes, logs requests and injects failures): the bucket ends equal to the
// build it was given, whatever was there before, in an order that never leaves a page
// pointing at a missing file.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { IMMUTABLE, REVALIDATE } from '../../src/publish/cache-rules.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { readBucket, readBuild, withoutRedirects } from './support/bucket-contents.ts';
import { useDeployHarness } from './support/deploy-harness.ts';
import { spawnDeploy, waitFor } from './support/deploy-process.ts';
import { siteFiles, writeDist } from './support/fixture-dist.ts';

const s3 = useDeployHarness(Array.from({ length: 24 }, (_, index) => `bucket-${index}`), { website: true, extraBuckets: ['www.riverbright.example.com'] });
const { freshBucket, deploy, cli } = s3;

const siteRequests = () => s3.server.requests.filter((request) => !request.key.startsWith('.cleansite-deploy/'));
const puts = () => siteRequests().filter((request) => request.method === 'PUT').map((request) => request.key);
const listings = () => s3.server.requests.filter((request) => request.method === 'GET' && request.key === '' && request.query.includes('list-type=2'));
const deleteBatches = () => s3.server.requests.filter((request) => request.method === 'POST' && request.query.includes('delete'));

describe('deploying to an empty bucket', () => {
  it('uploads every file with its type and caching: files first, then pages, then sitemap.xml and robots.txt', async () => {
    const bucket = freshBucket();
    const dir = writeDist(siteFiles());
    const result = await deploy(dir, `s3://${bucket}`);
    expect(result.plan.uploads).toHaveLength(9);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
    const order = puts();
    expect(order.slice(-2).sort()).toEqual(['robots.txt', 'sitemap.xml']);
    const firstPage = order.findIndex((key) => key.endsWith('.html'));
    expect(order.slice(0, firstPage).sort()).toEqual(['assets/site.0123456789.css', 'favicon.ico', 'images/og.jpg']);
    expect(order.slice(firstPage, -2).every((key) => key.endsWith('.html'))).toBe(true);
    const stored = await readBucket(s3.client, bucket);
    expect(stored['assets/site.0123456789.css']!.cacheControl).toBe(IMMUTABLE);
    expect(stored['index.html']).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: REVALIDATE });
    expect(stored['_headers']).toBeUndefined();
  });

  it('uploads files of any extension and case, paths with spaces, and .well-known/, but never cleansite\'s own marker files', async () => {
    const bucket = freshBucket();
    const dir = writeDist(siteFiles(undefined, {
      'files/Brochure.PDF': '%PDF-1.4 brochure',
      'downloads/menu.docx': Buffer.from('PK\u0003\u0004docx'),
      'files/Price List 2026.pdf': '%PDF-1.4 prices',
      '.well-known/security.txt': 'Contact: mailto:security@example.com\n',
      '.cleansite-output': 'written by cleansite build\n',
    }));
    await deploy(dir, `s3://${bucket}`);
    const stored = await readBucket(s3.client, bucket);
    expect(stored['files/Brochure.PDF']!.contentType).toBe('application/pdf');
    expect(stored['downloads/menu.docx']!.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(stored['files/Price List 2026.pdf']!.contentType).toBe('application/pdf');
    expect(stored['.well-known/security.txt']!.contentType).toBe('text/plain; charset=utf-8');
    expect(stored['.cleansite-output']).toBeUndefined();
    expect(stored).toEqual(readBuild(dir));
  });

  it('deploys to a bucket whose name has dots, under a prefix', async () => {
    const dir = writeDist(siteFiles());
    await deploy(dir, 's3://www.riverbright.example.com/staging');
    expect(await readBucket(s3.client, 'www.riverbright.example.com', 'staging/')).toEqual(readBuild(dir));
  });
});

describe('deploying over an earlier deploy', () => {
  it('with nothing changed makes one listing and no uploads', async () => {
    const bucket = freshBucket();
    const dir = writeDist(siteFiles());
    await deploy(dir, `s3://${bucket}`);
    s3.server.requests.length = 0;
    const result = await deploy(dir, `s3://${bucket}`);
    expect(result.plan.uploads).toEqual([]);
    expect(result.plan.unchanged).toBe(9);
    expect(puts()).toEqual([]);
    expect(listings()).toHaveLength(1);
    expect(deleteBatches()).toEqual([]);
  });

  it('after a one-page edit uploads that page and nothing else', async () => {
    const bucket = freshBucket();
    await deploy(writeDist(siteFiles()), `s3://${bucket}`);
    const edited = siteFiles();
    edited['about/index.html'] = String(edited['about/index.html']).replace('About', 'About us');
    const dir = writeDist(edited);
    s3.server.requests.length = 0;
    await deploy(dir, `s3://${bucket}`);
    expect(puts()).toEqual(['about/index.html']);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
  });

  it('deletes a removed page after every upload', async () => {
    const bucket = freshBucket();
    await deploy(writeDist(siteFiles()), `s3://${bucket}`);
    const next = siteFiles('assets/site.0123456789.css', { 'contact/index.html': '<!DOCTYPE html><title>Contact</title>\n' });
    delete next['services/index.html'];
    const dir = writeDist(next);
    s3.server.requests.length = 0;
    const result = await deploy(dir, `s3://${bucket}`);
    expect(result.plan.deletions.map((object) => object.key)).toEqual(['services/index.html']);
    const log = siteRequests();
    const deletion = log.findIndex((request) => request.method === 'POST' && request.query.includes('delete'));
    expect(deletion).toBeGreaterThan(log.findIndex((request) => request.key === 'contact/index.html'));
    expect(log.slice(deletion + 1).filter((request) => request.method === 'PUT')).toEqual([]);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
  });

  it('rolls back to an older build whose pages differ only in a same-length asset hash: the bucket equals it exactly', async () => {
    const bucket = freshBucket();
    const buildA = writeDist(siteFiles('assets/site.aaaaaaaaaa.css'));
    const buildB = writeDist(siteFiles('assets/site.bbbbbbbbbb.css'));
    await deploy(buildA, `s3://${bucket}`);
    await deploy(buildB, `s3://${bucket}`);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(buildB));
    const rollback = await deploy(buildA, `s3://${bucket}`);
    expect(rollback.plan.uploads.filter((upload) => upload.file.key.endsWith('.html'))).toHaveLength(4);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(buildA));
  });

  it('keeps an unreferenced hashed asset for the grace period, counted from the deploy that first found it unreferenced', async () => {
    const bucket = freshBucket();
    const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n));
    await deploy(writeDist(siteFiles('assets/site.aaaaaaaaaa.css')), `s3://${bucket}`, { now: day(0) });
    const buildB = writeDist(siteFiles('assets/site.bbbbbbbbbb.css'));
    const first = await deploy(buildB, `s3://${bucket}`, { now: day(10), pruneAssetsAfterDays: 7 });
    expect(first.plan.keptAssets).toEqual([{ key: 'assets/site.aaaaaaaaaa.css', since: day(10).toISOString() }]);
    const within = await deploy(buildB, `s3://${bucket}`, { now: day(16), pruneAssetsAfterDays: 7 });
    expect(within.plan.deletions).toEqual([]);
    expect(Object.keys(await readBucket(s3.client, bucket))).toContain('assets/site.aaaaaaaaaa.css');
    const after = await deploy(buildB, `s3://${bucket}`, { now: day(17), pruneAssetsAfterDays: 7 });
    expect(after.plan.deletions.map((object) => object.key)).toEqual(['assets/site.aaaaaaaaaa.css']);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(buildB));
  });
});

describe('safety', () => {
  it('--dry-run prints the plan with sizes and changes nothing', async () => {
    const bucket = freshBucket();
    await deploy(writeDist(siteFiles()), `s3://${bucket}`);
    const before = await readBucket(s3.client, bucket);
    const next = siteFiles('assets/site.9999999999.css');
    delete next['services/index.html'];
    s3.server.requests.length = 0;
    const run = await cli('deploy', `s3://${bucket}`, '--dir', writeDist(next), '--endpoint', s3.server.endpoint, '--dry-run', '--prune-assets-older-than', '0');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^upload {2}assets\/site\.9999999999\.css \(\d+ B\)$/m);
    expect(run.out).toMatch(/^update {2}index\.html \(\d+ B\)$/m);
    expect(run.out).toMatch(/^delete {2}services\/index\.html \(\d+ B\)$/m);
    expect(run.out).toContain('Dry run, nothing changed');
    expect(s3.server.requests.filter((request) => request.method !== 'GET' && request.method !== 'HEAD')).toEqual([]);
    expect(await readBucket(s3.client, bucket)).toEqual(before);
  });

  it('refuses more deletions than --max-deletes before changing anything, and names how to allow them', async () => {
    const bucket = freshBucket();
    const many = siteFiles(undefined, Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`old/${index}/index.html`, `<p>${index}</p>`])));
    await deploy(writeDist(many), `s3://${bucket}`);
    const before = await readBucket(s3.client, bucket);
    const dir = writeDist(siteFiles(undefined, { 'new/index.html': '<p>new</p>' }));
    const refused = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint, '--max-deletes', '5');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`would delete 6 objects from s3://${bucket}/ (the limit is 5)`);
    expect(refused.err).toContain('--max-deletes 6');
    expect(await readBucket(s3.client, bucket)).toEqual(before);
    const allowed = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint, '--max-deletes', '6');
    expect(allowed.code).toBe(0);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
  });

  it('lets only one of two concurrent deploys run; the other refuses, or waits with --lock-wait', async () => {
    const bucket = freshBucket();
    const buildA = writeDist(siteFiles('assets/site.aaaaaaaaaa.css'));
    const buildB = writeDist(siteFiles('assets/site.bbbbbbbbbb.css'));
    s3.server.putDelayMs = 20;
    try {
      const outcomes = await Promise.allSettled([deploy(buildA, `s3://${bucket}`), deploy(buildB, `s3://${bucket}`)]);
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect(String((refused[0] as PromiseRejectedResult).reason.message)).toMatch(/another deploy to s3:\/\/bucket-\d+\/ is running/);
      const winner = outcomes[0]!.status === 'fulfilled' ? buildA : buildB;
      expect(await readBucket(s3.client, bucket)).toEqual(readBuild(winner));

      const finished: string[] = [];
      await Promise.all([
        deploy(buildA, `s3://${bucket}`, { lockWaitMs: 30_000 }).then(() => finished.push(buildA)),
        deploy(buildB, `s3://${bucket}`, { lockWaitMs: 30_000 }).then(() => finished.push(buildB)),
      ]);
      expect(await readBucket(s3.client, bucket)).toEqual(readBuild(finished[1]!));
    } finally {
      s3.server.putDelayMs = 0;
    }
  });

  it('retries a transient s3.server error, and exits 1 naming the file when a request keeps failing, deleting nothing', async () => {
    const bucket = freshBucket();
    await deploy(writeDist(siteFiles()), `s3://${bucket}`);
    const next = siteFiles('assets/site.1111111111.css');
    delete next['services/index.html'];
    const dir = writeDist(next);

    s3.server.failPuts({ matches: (key) => key === 'about/index.html', times: Infinity, status: 500, code: 'InternalError' });
    const failed = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint);
    s3.server.clearFailures();
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('upload of about/index.html');
    expect(failed.err).toContain('nothing was deleted');
    expect(s3.server.requests.filter((request) => request.key === 'about/index.html' && request.method === 'PUT').length).toBeGreaterThan(1);
    expect(deleteBatches()).toEqual([]);
    expect(Object.keys(await readBucket(s3.client, bucket))).toContain('services/index.html');
  });

  it('succeeds through one transient 503 on a page (the SDK retries it)', async () => {
    const bucket = freshBucket();
    const dir = writeDist(siteFiles());
    s3.server.failPuts({ matches: (key) => key === 'index.html', times: 1, status: 503, code: 'SlowDown' });
    const result = await deploy(dir, `s3://${bucket}`);
    expect(result.plan.uploads).toHaveLength(9);
    expect(puts().filter((key) => key === 'index.html')).toHaveLength(2);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
  });

  it('finishes a deploy killed halfway when rerun once the dead deploy\'s lock has expired', async () => {
    const bucket = freshBucket();
    const dir = writeDist(siteFiles(undefined, Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`images/photo-${index}.jpg`, Buffer.alloc(100, index)]))));
    s3.server.putDelayMs = 150;
    // The default --lock-ttl (120 s): the lock stays live for the whole test unless the test ages it.
    const killed = spawnDeploy([`s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint]);
    // Uploads go 8 at a time: a 12th PUT means the first batch has reached the server.
    await waitFor(() => puts().length >= 12, 20_000, 'the deploy to upload its first batch', killed);
    killed.child.kill('SIGKILL');
    await killed.exited(10_000);
    s3.server.putDelayMs = 0;
    const partial = await readBucket(s3.client, bucket);
    expect(Object.keys(partial).length).toBeGreaterThan(0);
    expect(Object.keys(partial).length).toBeLessThan(39);
    expect(Object.keys(partial).some((key) => key.endsWith('.html'))).toBe(false);

    const blocked = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint);
    expect(blocked.code).toBe(1);
    expect(blocked.err).toMatch(/another deploy .* its lock expires at/);
    // The dead deploy's lock as it reads once its TTL has passed: the same record, its expiry in the past.
    const lockKey = '.cleansite-deploy/lock.json';
    const dead = JSON.parse(await (await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: lockKey }))).Body!.transformToString()) as Record<string, unknown>;
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: lockKey, Body: JSON.stringify({ ...dead, expires: new Date(Date.now() - 1_000).toISOString() }) }));
    const rerun = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint);
    expect(rerun.code, rerun.err).toBe(0);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
  }, 30_000);
});

describe('a folder that is not a build', () => {
  it('is refused before any request (exit 2): a source folder would replace the site', async () => {
    const bucket = freshBucket();
    s3.server.requests.length = 0;
    const run = await cli('deploy', `s3://${bucket}`, '--dir', path.join(PROJECT_ROOT, 'content'), '--endpoint', s3.server.endpoint);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^error: refusing --dir .*content: it is not a folder cleansite built \(it has no \.cleansite-output\)$/m);
    expect(s3.server.requests).toEqual([]);
  });
});

describe('a target that is not there', () => {
  it('is reported with the bucket named and what to check, exit 1', async () => {
    const run = await cli('deploy', 's3://no-such-bucket', '--dir', writeDist(siteFiles()), '--endpoint', s3.server.endpoint);
    expect(run.code).toBe(1);
    expect(run.err).toContain('error: s3://no-such-bucket/: the bucket does not exist');
    expect(run.err).toContain('hint:');
  });
});

describe('interrupting a deploy', () => {
  it('on SIGTERM (a cancelled CI job) stops uploading, deletes nothing, releases the lock and exits 1; a rerun finishes at once', async () => {
    const bucket = freshBucket();
    await deploy(writeDist(siteFiles(undefined, { 'old/index.html': '<p>old</p>' })), `s3://${bucket}`);
    const dir = writeDist(siteFiles(undefined, Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`images/photo-${index}.jpg`, Buffer.alloc(100, index)]))));
    s3.server.requests.length = 0;
    // Its uploads are held until it has been signalled: it cannot finish first, however fast or slow the machine.
    let signalled!: () => void;
    const held = new Promise<void>((resolve) => { signalled = resolve; });
    s3.server.inject({ method: 'PUT', matches: (key) => !key.startsWith('.cleansite-deploy/'), times: Infinity, fault: { kind: 'hold', until: held } });
    const deploying = spawnDeploy([`s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint]);
    try {
      await waitFor(() => puts().length >= 3, 20_000, 'the deploy to start uploading', deploying);
      deploying.child.kill('SIGTERM');
      expect(await deploying.exited(10_000)).toBe(1);
    } finally {
      signalled();
      deploying.child.kill('SIGKILL');
    }
    s3.server.clearFailures();
    expect(deploying.stderr()).toContain('was interrupted');
    expect(deleteBatches()).toEqual([]);
    expect(Object.keys(await readBucket(s3.client, bucket))).toContain('old/index.html');
    const rerun = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint);
    expect(rerun.code, rerun.err).toBe(0);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
  }, 30_000);
});

describe('redirects on S3', () => {
  it('sets each redirect source\'s fallback page as a website redirect, which the S3 website endpoint answers with a 301', async () => {
    const bucket = freshBucket();
    const dir = writeDist(siteFiles(undefined, {
      'contact/index.html': '<!DOCTYPE html><title>Contact</title>\n',
      'quote/index.html': '<!DOCTYPE html><meta http-equiv="refresh" content="0; url=/contact/"><link rel="canonical" href="/contact/">\n',
      _redirects: '# generated\n/quote /contact/ 301\n/old/* /new/:splat 301\n',
    }));
    const result = await deploy(dir, `s3://${bucket}`);
    expect(result.redirectsSkipped).toEqual([{ from: '/old/*', reason: 'S3 has no pattern redirects' }]);
    const stored = await readBucket(s3.client, bucket);
    expect(stored['quote/index.html']!.redirect).toBe('/contact/');
    expect(withoutRedirects(stored)).toEqual(readBuild(dir));
    // An anonymous GET without x-amz headers is a website request to s3rver.
    const response = await fetch(`${s3.server.directEndpoint}/${bucket}/quote/`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/contact/');
    const page = await fetch(`${s3.server.directEndpoint}/${bucket}/contact/`, { redirect: 'manual' });
    expect(page.status).toBe(200);
  });

  it('leaves the site\'s own public/_redirects rules to Netlify: no page becomes an S3 301, and each is listed as skipped', async () => {
    const bucket = freshBucket();
    const { PUBLIC_REDIRECTS_HEADING } = await import('../../src/publish/netlify-redirects.ts');
    const dir = writeDist(siteFiles(undefined, {
      'contact/index.html': '<!DOCTYPE html><title>Contact</title>\n',
      'quote/index.html': '<!DOCTYPE html><meta http-equiv="refresh" content="0; url=/contact/"><link rel="canonical" href="/contact/">\n',
      // An unforced rule an existing page shadows on Netlify, and a language condition: S3 would send everyone away.
      _redirects: `# generated\n/quote /contact/ 301\n\n${PUBLIC_REDIRECTS_HEADING}\n/about /team/ 301\n/ /fr/ 302 Language=fr\n`,
    }));
    const result = await deploy(dir, `s3://${bucket}`);
    expect(result.redirectsSkipped).toEqual([{ from: '/about', reason: 'from public/_redirects: Netlify only' }, { from: '/', reason: 'from public/_redirects: Netlify only' }]);
    const stored = await readBucket(s3.client, bucket);
    expect(stored['quote/index.html']!.redirect).toBe('/contact/');
    expect(stored['about/index.html']!.redirect).toBeUndefined();
    expect(stored['index.html']!.redirect).toBeUndefined();
    expect((await fetch(`${s3.server.directEndpoint}/${bucket}/about/`, { redirect: 'manual' })).status).toBe(200);
  });
});

describe('reporting', () => {
  it('--json prints the result for machines: uploads with their headers, deletions, listings', async () => {
    const bucket = freshBucket();
    const run = await cli('deploy', `s3://${bucket}`, '--dir', writeDist(siteFiles()), '--endpoint', s3.server.endpoint, '--json');
    expect(run.code, run.err).toBe(0);
    const result = JSON.parse(run.out) as { ok: boolean; uploads: Array<{ key: string; phase: string; contentType: string; cacheControl: string }>; deletions: unknown[]; listRequests: number };
    expect(result.ok).toBe(true);
    expect(result.uploads).toHaveLength(9);
    expect(result.uploads.find((upload) => upload.key === 'index.html')).toMatchObject({ phase: 'pages', contentType: 'text/html; charset=utf-8', cacheControl: REVALIDATE });
    expect(result.deletions).toEqual([]);
    expect(result.listRequests).toBe(1);
  });

  it('prints one summary line when not on a terminal', async () => {
    const bucket = freshBucket();
    const run = await cli('deploy', `s3://${bucket}`, '--dir', writeDist(siteFiles()), '--endpoint', s3.server.endpoint);
    expect(run.code, run.err).toBe(0);
    expect(run.out.split('\n')).toEqual([expect.stringMatching(new RegExp(`^Deployed .+ to s3://${bucket}/: 9 new, 0 changed, 0 deleted, 0 unchanged \\(\\d+ B to upload\\) in \\d+\\.\\d\\d s\\.$`))]);
  });
});
