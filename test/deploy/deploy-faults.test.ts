// `cleansite deploy` under real faults, against s3rver behind the fault-injecting proxy
// (support/s3-test-server.ts) on 127.0.0.1: paused processes, lost and cut-off responses,
// requests never answered, signals, other deploys in the same bucket, folders that are not
// a finished build. Each case ends with the bucket equal to exactly one build, or unchanged.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { readBucket, readBuild } from './support/bucket-contents.ts';
import { useDeployHarness } from './support/deploy-harness.ts';
import { spawnDeploy, waitFor, writeLock } from './support/deploy-process.ts';
import { siteFiles, writeDist } from './support/fixture-dist.ts';

const s3 = useDeployHarness(Array.from({ length: 24 }, (_, index) => `faults-${index}`));
const { freshBucket, deploy, cli } = s3;
const LOCK = '.cleansite-deploy/lock.json';

async function readText(bucket: string, key: string): Promise<string | undefined> {
  try {
    const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return await object.Body!.transformToString();
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

const isSiteKey = (key: string) => key !== '' && !key.includes('.cleansite-deploy/');
const siteWrites = (from = 0) => s3.server.requests.slice(from).filter((request) => (request.method === 'PUT' && isSiteKey(request.key)) || request.query.includes('delete'));
const withPhotos = (css: string, count: number) => siteFiles(css, Object.fromEntries(Array.from({ length: count }, (_, index) => [`images/photo-${index}.jpg`, Buffer.alloc(100, index)])));

describe('fenced deploys', () => {
  it('a deploy paused past its lock\'s expiry stops before its next write and exits 1 saying so; the bucket equals the deploy that took over, whose lock it never touches', async () => {
    const bucket = freshBucket();
    const buildB = writeDist(withPhotos('assets/site.bbbbbbbbbb.css', 40));
    const buildA = writeDist(siteFiles('assets/site.aaaaaaaaaa.css'));
    // Slow site uploads (not lock writes): B is mid-deploy for seconds.
    s3.server.inject({ method: 'PUT', matches: isSiteKey, times: Infinity, fault: { kind: 'delay', ms: 1_000 } });
    // A 5 s lock (renewed every 1.7 s, lost 1.25 s before it expires): short, since the test waits for it to expire, yet renewed in time on a busy machine.
    const b = spawnDeploy([`s3://${bucket}`, '--dir', buildB, '--endpoint', s3.server.endpoint, '--lock-ttl', '5']);
    // The second batch of 8 is at the server, its answers held for a second: B is waiting, not writing.
    await waitFor(() => siteWrites().length >= 16, 40_000, 'deploy B to send its second batch of uploads', b);
    b.child.kill('SIGSTOP');
    try {
      s3.server.clearFailures();
      const lockOfB = JSON.parse((await readText(bucket, LOCK))!) as { expires: string };
      // B is stopped, so nothing renews its lock: this only waits for the time it states.
      await waitFor(() => Date.now() > Date.parse(lockOfB.expires), 20_000, 'the paused deploy\'s lock to expire');
      await deploy(buildA, `s3://${bucket}`);
      expect(await readBucket(s3.client, bucket)).toEqual(readBuild(buildA));
      // A third deploy holds the lock now: B must neither overwrite nor delete it.
      const lockOfC = await writeLock(s3.client, bucket, '', 'third-deploy', 600_000);
      const resumedAt = s3.server.requests.length;
      b.child.kill('SIGCONT');
      expect(await b.exited(20_000), b.stderr()).toBe(1);
      const errors = b.stderr().split('\n').filter((line) => line.startsWith('error:'));
      expect(errors).toEqual([expect.stringMatching(/^error: the deploy to s3:\/\/faults-\d+\/ lost its lock and stopped before its next write: /)]);
      expect(siteWrites(resumedAt)).toEqual([]);
      expect(await readBucket(s3.client, bucket)).toEqual(readBuild(buildA));
      expect(await readText(bucket, LOCK)).toBe(lockOfC);
    } finally {
      b.child.kill('SIGKILL');
    }
  }, 120_000);

  it('a deploy whose lock was taken over while it was paused (the ETag changed) stops at its next batch, writing nothing more', async () => {
    const bucket = freshBucket();
    const dir = writeDist(withPhotos('assets/site.cccccccccc.css', 40));
    s3.server.inject({ method: 'PUT', matches: isSiteKey, times: Infinity, fault: { kind: 'delay', ms: 1_000 } });
    const b = spawnDeploy([`s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint]);
    await waitFor(() => siteWrites().length >= 8, 40_000, 'the deploy to send its first batch of uploads', b);
    b.child.kill('SIGSTOP');
    try {
      // Its lock (120 s TTL) is still live by the clock, but someone else's now: only S3's ETag can tell.
      const other = await writeLock(s3.client, bucket, '', 'operator-override', 600_000);
      const resumedAt = s3.server.requests.length;
      b.child.kill('SIGCONT');
      expect(await b.exited(30_000)).toBe(1);
      expect(b.stderr(), b.stderr()).toMatch(/^error: the deploy to s3:\/\/faults-\d+\/ lost its lock and stopped before its next write: another deploy took it over \(started .* on ci-runner-7, pid 4242\)$/m);
      const resumed = s3.server.requests.slice(resumedAt);
      // Its one request after resuming to the site's objects: none; to the lock: a conditional HEAD, then reads.
      expect(siteWrites(resumedAt)).toEqual([]);
      expect(resumed.some((request) => request.method === 'HEAD' && request.key === LOCK && request.ifMatch)).toBe(true);
      expect(await readText(bucket, LOCK)).toBe(other);
      // Its state is only the mark a first deploy writes before its first upload: the final one was never written.
      expect(resumed.filter((request) => request.method === 'PUT' && request.key === '.cleansite-deploy/state.json')).toEqual([]);
      expect(JSON.parse((await readText(bucket, '.cleansite-deploy/state.json'))!)).toEqual({ unreferencedSince: {}, pendingInvalidations: {} });
    } finally {
      b.child.kill('SIGKILL');
    }
  }, 60_000);

  it('checks the lock with a conditional request before each batch of uploads, the deletions and the state record', async () => {
    const bucket = freshBucket();
    await deploy(writeDist(siteFiles(undefined, { 'old/index.html': '<p>old</p>' })), `s3://${bucket}`);
    s3.server.requests.length = 0;
    await deploy(writeDist(withPhotos('assets/site.dddddddddd.css', 20)), `s3://${bucket}`, { concurrency: 8 });
    const log = s3.server.requests;
    const checks = log.filter((request) => request.method === 'HEAD' && request.key === LOCK && request.ifMatch !== undefined).length;
    // 21 new files in the files phase (3 batches), 3 pages changed or new... every batch, the deletion and the state: each after a check.
    const writes = log.map((request, index) => ({ request, index })).filter(({ request }) => (request.method === 'PUT' || request.method === 'POST') && request.key !== LOCK);
    for (const { request, index } of writes) {
      const before = log.slice(0, index).reverse();
      const lastCheck = before.findIndex((entry) => entry.method === 'HEAD' && entry.key === LOCK && entry.ifMatch !== undefined);
      expect(lastCheck, `${request.method} ${request.key} is preceded by a lock check`).toBeGreaterThanOrEqual(0);
    }
    expect(checks).toBeGreaterThanOrEqual(5);
  });

  it('a lost response to its own lock write is recognised by the owner token: the deploy runs and releases the lock', async () => {
    const bucket = freshBucket();
    const dir = writeDist(siteFiles());
    // S3 stores the lock, the answer never arrives; the SDK's retry is refused with 412 (the lock exists).
    s3.server.inject({ method: 'PUT', matches: (key, request) => key === LOCK && request.ifNoneMatch === '*', times: 1, fault: { kind: 'lost-response' } });
    const run = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint);
    expect(run.code, run.err).toBe(0);
    expect(s3.server.requests.filter((request) => request.method === 'PUT' && request.key === LOCK).length).toBeGreaterThanOrEqual(2);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
    expect(await readText(bucket, LOCK)).toBeUndefined();
  });

  it('a lost response to a lock renewal is recognised too: the renewal\'s refused retry finds its own token and the deploy finishes', async () => {
    const bucket = freshBucket();
    const dir = writeDist(withPhotos('assets/site.4545454545.css', 24));
    const isRenewal = (request: (typeof s3.server.requests)[number]) => request.method === 'PUT' && request.key === LOCK && request.ifMatch !== undefined;
    const isLockRead = (request: (typeof s3.server.requests)[number]) => request.method === 'GET' && request.key === LOCK;
    const renewals = () => s3.server.requests.filter(isRenewal);
    const lockReads = () => s3.server.requests.filter(isLockRead);
    // The first renewal is stored but its answer never arrives; the SDK's retry is refused (412), the deploy reads the lock.
    s3.server.inject({ method: 'PUT', matches: (key, request) => key === LOCK && request.ifMatch !== undefined, times: 1, fault: { kind: 'lost-response' } });
    // The uploads are held until a renewal after that read: the renewals, not the machine's speed, decide the outcome.
    // The read counted is the first after the lost renewal (a read of the lock before it, at the deploy's start, must not release them).
    const renewedAfterRead = waitFor(() => {
      const log = s3.server.requests;
      const lost = log.findIndex(isRenewal);
      const read = lost < 0 ? -1 : log.findIndex((request, index) => index > lost && isLockRead(request));
      return read >= 0 && log.slice(read + 1).some(isRenewal);
    }, 30_000, 'a lock renewal after the lost one was re-read');
    s3.server.inject({ method: 'PUT', matches: isSiteKey, times: Infinity, fault: { kind: 'hold', until: renewedAfterRead } });
    // A TTL no load reaches, renewed every 100 ms: the lock can only be lost if its lost renewal is not recognised.
    const deployed = deploy(dir, `s3://${bucket}`, { lockTtlMs: 60_000, lockRenewMs: 100 });
    // Whichever settles first: a deploy that fails (its lock lost) says why at once.
    for (const settled of [renewedAfterRead, deployed]) settled.catch(() => {});
    await Promise.race([renewedAfterRead, deployed]);
    await deployed;
    expect(renewals().length, 'the lost renewal, its refused retry, a later renewal').toBeGreaterThanOrEqual(3);
    expect(lockReads().length).toBeGreaterThanOrEqual(1);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
    // Released with the ETag it recognised as its own.
    expect(await readText(bucket, LOCK)).toBeUndefined();
  }, 60_000);

  it('a renewal aborted by the release that still lands at S3 after the release re-read the lock does not leave the lock behind', async () => {
    const bucket = freshBucket();
    const dir = writeDist(siteFiles('assets/site.5656565656.css'));
    const lockRequests = (method: string) => s3.server.requests.filter((request) => request.method === method && request.key === LOCK);
    const renewal = (_key: string, request: (typeof s3.server.requests)[number]) => request.key === LOCK && request.ifMatch !== undefined;
    const lockEtag = async () => (await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: LOCK })).then((object) => object.ETag, () => undefined));
    // The site's uploads wait for the first renewal, which is held at the server (the release aborts it, S3 still gets it).
    const renewalSent = waitFor(() => s3.server.requests.some((request) => request.method === 'PUT' && renewal(request.key, request)), 30_000, 'a lock renewal');
    s3.server.inject({ method: 'PUT', matches: isSiteKey, times: Infinity, fault: { kind: 'hold', until: renewalSent } });
    // The release's first delete is refused (as when an earlier renewal landed); its re-read still finds the ETag it knows.
    s3.server.inject({ method: 'DELETE', matches: (key) => key === LOCK, times: 1, fault: { kind: 'status', status: 412, code: 'PreconditionFailed' } });
    // The held renewal lands once the second delete is sent; that delete reaches S3 only after it did.
    const secondDeleteSent = waitFor(() => lockRequests('DELETE').length >= 2, 30_000, 'the release\'s second delete');
    s3.server.inject({ method: 'PUT', matches: renewal, times: 1, fault: { kind: 'hold', until: secondDeleteSent } });
    let etagBefore: string | undefined;
    const renewalLanded = secondDeleteSent.then(() => waitFor(async () => (await lockEtag()) !== etagBefore, 30_000, 'the aborted renewal to land'));
    s3.server.inject({ method: 'DELETE', matches: (key) => key === LOCK, times: 1, fault: { kind: 'hold', until: renewalLanded } });
    renewalSent.then(async () => { etagBefore = await lockEtag(); }, () => {});
    for (const settled of [renewalSent, secondDeleteSent, renewalLanded]) settled.catch(() => {});
    await deploy(dir, `s3://${bucket}`, { lockTtlMs: 60_000, lockRenewMs: 100 });
    await renewalLanded;
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
    expect(lockRequests('DELETE').length, 'the refused delete, the one the landed renewal refused, the one that removed it').toBeGreaterThanOrEqual(3);
    expect(await readText(bucket, LOCK)).toBeUndefined();
  }, 60_000);

  it('of two deploys finding the same expired lock, exactly one takes it over (a conditional replace, not delete-then-create)', async () => {
    const bucket = freshBucket();
    await writeLock(s3.client, bucket, '', 'crashed-deploy', -60_000);
    const buildA = writeDist(siteFiles('assets/site.eeeeeeeeee.css'));
    const buildB = writeDist(siteFiles('assets/site.ffffffffff.css'));
    s3.server.putDelayMs = 50;
    const outcomes = await Promise.allSettled([deploy(buildA, `s3://${bucket}`), deploy(buildB, `s3://${bucket}`)]);
    s3.server.putDelayMs = 0;
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason.message)).toMatch(/another deploy to s3:\/\/faults-\d+\/ is running/);
    expect(s3.server.requests.filter((request) => request.method === 'DELETE' && request.key === LOCK && request.ifMatch === undefined)).toEqual([]);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(outcomes[0]!.status === 'fulfilled' ? buildA : buildB));
  });

  it('a lock write answered with a plain 404 (a wrong endpoint, not a conditional failure) fails the deploy instead of trying forever', async () => {
    const bucket = freshBucket();
    s3.server.inject({ method: 'PUT', matches: (key) => key === LOCK, times: Infinity, fault: { kind: 'status', status: 404, code: 'NotFound' } });
    const run = await cli('deploy', `s3://${bucket}`, '--dir', writeDist(siteFiles()), '--endpoint', s3.server.endpoint);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(new RegExp(`^error: s3://${bucket}/: .*\\(HTTP 404\\)$`, 'm'));
    expect(siteWrites()).toEqual([]);
  }, 30_000);

  it('stops writing when its lock cannot be renewed in time (every refresh stalls), exit 1, nothing deleted', async () => {
    const bucket = freshBucket();
    await deploy(writeDist(siteFiles(undefined, { 'old/index.html': '<p>old</p>' })), `s3://${bucket}`);
    const dir = writeDist(withPhotos('assets/site.1212121212.css', 64));
    s3.server.requests.length = 0;
    s3.server.inject({ method: 'PUT', matches: (key, request) => key === LOCK && request.ifNoneMatch !== '*', times: Infinity, fault: { kind: 'stall' } });
    // 8 batches of uploads, each held 500 ms: at least 4 s, while a 3 s lock must be renewed within 2.25 s.
    s3.server.inject({ method: 'PUT', matches: isSiteKey, times: Infinity, fault: { kind: 'delay', ms: 500 } });
    const started = Date.now();
    const run = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint, '--lock-ttl', '3');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^error: the deploy to s3:\/\/faults-\d+\/ lost its lock and stopped before its next write: it could not renew its lock in time/m);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(s3.server.requests.filter((request) => request.query.includes('delete'))).toEqual([]);
    expect(Object.keys(await readBucket(s3.client, bucket))).toContain('old/index.html');
  }, 30_000);
});

describe('bounded network', () => {
  it('a PUT that is never answered times out and is retried: the deploy finishes', async () => {
    const bucket = freshBucket();
    const dir = writeDist(siteFiles());
    s3.server.inject({ method: 'PUT', matches: (key) => key === 'about/index.html', times: 1, fault: { kind: 'stall' } });
    const run = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint, '--request-timeout', '0.5');
    expect(run.code, run.err).toBe(0);
    expect(s3.server.requests.filter((request) => request.method === 'PUT' && request.key === 'about/index.html')).toHaveLength(2);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
  }, 30_000);

  it('a PUT never answered on every attempt fails the deploy naming the file, deleting nothing and releasing the lock', async () => {
    const bucket = freshBucket();
    await deploy(writeDist(siteFiles(undefined, { 'old/index.html': '<p>old</p>' })), `s3://${bucket}`);
    s3.server.inject({ method: 'PUT', matches: (key) => key === 'about/index.html', times: Infinity, fault: { kind: 'stall' } });
    const edited = siteFiles();
    edited['about/index.html'] = String(edited['about/index.html']).replace('About', 'About us');
    const run = await cli('deploy', `s3://${bucket}`, '--dir', writeDist(edited), '--endpoint', s3.server.endpoint, '--request-timeout', '0.5', '--connect-timeout', '0.5');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^error: .*about\/index\.html: upload of about\/index\.html to s3:\/\/faults-\d+\/ failed: no answer within 0\.5 s \(--request-timeout\); nothing was deleted$/m);
    expect(s3.server.requests.filter((request) => request.query.includes('delete'))).toEqual([]);
    expect(await readText(bucket, LOCK)).toBeUndefined();
  }, 60_000);

  it('survives connection resets, a 503 storm and lost responses on uploads (retried as transient)', async () => {
    const bucket = freshBucket();
    const dir = writeDist(siteFiles());
    s3.server.inject({ method: 'PUT', matches: (key) => key === 'index.html', times: 2, fault: { kind: 'reset' } });
    s3.server.inject({ method: 'PUT', matches: isSiteKey, times: 6, fault: { kind: 'status', status: 503, code: 'SlowDown' } });
    s3.server.inject({ method: 'PUT', matches: (key) => key === 'sitemap.xml', times: 1, fault: { kind: 'lost-response' } });
    const run = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint, '--request-timeout', '1');
    expect(run.code, run.err).toBe(0);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));
  }, 30_000);

  it('SIGTERM ends a deploy whose upload is never answered within a few seconds: exit 1, nothing deleted, lock released', async () => {
    const bucket = freshBucket();
    await deploy(writeDist(siteFiles(undefined, { 'old/index.html': '<p>old</p>' })), `s3://${bucket}`);
    s3.server.requests.length = 0;
    s3.server.inject({ method: 'PUT', matches: (key) => key === 'assets/site.3434343434.css', times: Infinity, fault: { kind: 'stall' } });
    // Default timeouts (60 s): only the signal can end it in time.
    const child = spawnDeploy([`s3://${bucket}`, '--dir', writeDist(siteFiles('assets/site.3434343434.css')), '--endpoint', s3.server.endpoint]);
    try {
      await waitFor(() => s3.server.requests.some((request) => request.method === 'PUT' && request.key === 'assets/site.3434343434.css'), 40_000, 'the upload that is never answered', child);
      const signalled = Date.now();
      child.child.kill('SIGTERM');
      expect(await child.exited(10_000)).toBe(1);
      expect(Date.now() - signalled).toBeLessThan(8_000);
      expect(child.stderr()).toMatch(/^error: the deploy to s3:\/\/faults-\d+\/ was interrupted/m);
      expect(s3.server.requests.filter((request) => request.query.includes('delete'))).toEqual([]);
      expect(Object.keys(await readBucket(s3.client, bucket))).toContain('old/index.html');
      expect(await readText(bucket, LOCK)).toBeUndefined();
    } finally {
      child.child.kill('SIGKILL');
    }
  }, 40_000);

  it('SIGINT during --lock-wait ends the wait within a few seconds and leaves the other deploy\'s lock alone', async () => {
    const bucket = freshBucket();
    const other = await writeLock(s3.client, bucket, '', 'running-deploy', 600_000);
    const child = spawnDeploy([`s3://${bucket}`, '--dir', writeDist(siteFiles()), '--endpoint', s3.server.endpoint, '--lock-wait', '300']);
    try {
      await waitFor(() => s3.server.requests.filter((request) => request.method === 'GET' && request.key === LOCK).length >= 2, 40_000, 'the deploy to poll the lock', child);
      const signalled = Date.now();
      child.child.kill('SIGINT');
      expect(await child.exited(10_000)).toBe(1);
      expect(Date.now() - signalled).toBeLessThan(8_000);
      expect(child.stderr()).toMatch(/^error: the deploy to s3:\/\/faults-\d+\/ was interrupted/m);
      expect(await readText(bucket, LOCK)).toBe(other);
      expect(siteWrites()).toEqual([]);
    } finally {
      child.child.kill('SIGKILL');
    }
  }, 40_000);

  it('a cut-off read of the deploy state is retried; one that keeps failing is reported naming the object', async () => {
    const bucket = freshBucket();
    const state = `${JSON.stringify({ unreferencedSince: { 'assets/site.0000000000.css': '2026-11-01T00:00:00.000Z' } }, null, 2)}\n`;
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: '.cleansite-deploy/state.json', Body: state }));
    const dir = writeDist(siteFiles());
    s3.server.inject({ method: 'GET', matches: (key) => key === '.cleansite-deploy/state.json', times: 1, fault: { kind: 'truncate' } });
    const retried = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint);
    expect(retried.code, retried.err).toBe(0);
    expect(await readBucket(s3.client, bucket)).toEqual(readBuild(dir));

    s3.server.inject({ method: 'GET', matches: (key) => key === '.cleansite-deploy/state.json', times: Infinity, fault: { kind: 'truncate' } });
    const failed = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint);
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(new RegExp(`^error: reading s3://${bucket}/\\.cleansite-deploy/state\\.json failed 3 times: `, 'm'));
    expect(await readText(bucket, LOCK)).toBeUndefined();
  }, 30_000);
});

describe('a deploy touches only its own target', () => {
  it('a deploy to the bucket leaves a prefix holding another deploy\'s records alone and says so; the dry run lists its objects', async () => {
    const bucket = freshBucket();
    const preview = writeDist(siteFiles('assets/site.5656565656.css'));
    await deploy(preview, `s3://${bucket}/preview`);
    const dir = writeDist(siteFiles('assets/site.7878787878.css'));
    const dry = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint, '--dry-run');
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toMatch(/^foreign preview\/index\.html \(another deploy's, left alone\)$/m);
    expect(dry.out).toMatch(/^foreign preview\/\.cleansite-deploy\/state\.json \(another deploy's, left alone\)$/m);
    expect(dry.out).not.toMatch(/^delete {2}preview\//m);
    const run = await cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint);
    expect(run.code, run.err).toBe(0);
    expect(run.err).toMatch(new RegExp(`^warning: left alone: s3://${bucket}/preview/ \\(\\d+ objects\\) is another deploy's target$`, 'm'));
    expect(await readBucket(s3.client, bucket, 'preview/')).toEqual(readBuild(preview));
    expect(await readText(bucket, 'preview/.cleansite-deploy/state.json')).toBeDefined();
    const root = await readBucket(s3.client, bucket);
    expect(Object.fromEntries(Object.entries(root).filter(([key]) => !key.startsWith('preview/')))).toEqual(readBuild(dir));
  });

  it('a first deploy to a prefix cut short still marks it as another deploy\'s: a deploy to the bucket leaves its files alone', async () => {
    const bucket = freshBucket();
    s3.server.inject({ method: 'PUT', matches: (key) => key === 'preview/about/index.html', times: Infinity, fault: { kind: 'stall' } });
    const cut = await cli('deploy', `s3://${bucket}/preview`, '--dir', writeDist(siteFiles('assets/site.5656565656.css')), '--endpoint', s3.server.endpoint, '--request-timeout', '0.5', '--connect-timeout', '0.5');
    expect(cut.code).toBe(1);
    const left = await readBucket(s3.client, bucket, 'preview/');
    expect(Object.keys(left).length, 'the deploy cut short uploaded some files first').toBeGreaterThan(0);
    // Before, those files had no record beside them: the bucket's deploy took them for its own and deleted them.
    const run = await cli('deploy', `s3://${bucket}`, '--dir', writeDist(siteFiles('assets/site.7878787878.css')), '--endpoint', s3.server.endpoint);
    expect(run.code, run.err).toBe(0);
    expect(run.err).toMatch(new RegExp(`^warning: left alone: s3://${bucket}/preview/ \\(\\d+ objects\\) is another deploy's target$`, 'm'));
    expect(await readBucket(s3.client, bucket, 'preview/')).toEqual(left);
  }, 60_000);

  it('refuses a build with files under another deploy\'s prefix before any write', async () => {
    const bucket = freshBucket();
    await deploy(writeDist(siteFiles()), `s3://${bucket}/preview`);
    const before = await readBucket(s3.client, bucket);
    s3.server.requests.length = 0;
    const run = await cli('deploy', `s3://${bucket}`, '--dir', writeDist(siteFiles(undefined, { 'preview/index.html': '<p>mine</p>' })), '--endpoint', s3.server.endpoint);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(new RegExp(`^error: refusing to deploy to s3://${bucket}/: the build has preview/index\\.html, under s3://${bucket}/preview/, which is another deploy's target`, 'm'));
    expect(siteWrites()).toEqual([]);
    expect(await readBucket(s3.client, bucket)).toEqual(before);
  });

  it('a deploy to a prefix never lists, writes or deletes anything outside it', async () => {
    const bucket = freshBucket();
    const rootBuild = writeDist(siteFiles());
    await deploy(rootBuild, `s3://${bucket}`);
    await deploy(writeDist(siteFiles(undefined, { 'old/index.html': '<p>old</p>' })), `s3://${bucket}/staging`);
    s3.server.requests.length = 0;
    await deploy(writeDist(siteFiles('assets/site.9090909090.css')), `s3://${bucket}/staging`);
    expect(s3.server.requests.filter((request) => request.key !== '' && !request.key.startsWith('staging/'))).toEqual([]);
    const listings = s3.server.requests.filter((request) => request.method === 'GET' && request.key === '');
    expect(listings.map((request) => new URLSearchParams(request.query).get('prefix'))).toEqual(['staging/']);
    // The one deletion request (its keys are in the body): old/index.html went, nothing of the root did.
    expect(s3.server.requests.filter((request) => request.query.includes('delete'))).toHaveLength(1);
    expect(await readText(bucket, 'staging/old/index.html')).toBeUndefined();
    const root = await readBucket(s3.client, bucket);
    expect(Object.fromEntries(Object.entries(root).filter(([key]) => !key.startsWith('staging/')))).toEqual(readBuild(rootBuild));
  });
});

describe('only a finished production build is deployed', () => {
  it('refuses a folder a build is still writing (or stopped writing), exit 2, before any request', async () => {
    const { createStaging } = await import('../../src/output/staging.ts');
    const out = path.join(writeDist({}), 'dist');
    const staging = createStaging(out);
    try {
      staging.write('index.html', '<p>half a site</p>');
      s3.server.requests.length = 0;
      const run = await cli('deploy', `s3://${freshBucket()}`, '--dir', staging.dir, '--endpoint', s3.server.endpoint);
      expect(run.code).toBe(2);
      expect(run.err.split('\n')[0]).toMatch(/^error: refusing --dir .+: it is an unfinished build \(a build stopped before this folder was complete\)$/);
      expect(s3.server.requests).toEqual([]);
    } finally {
      await staging.abort();
    }
  });

  it('refuses a folder of an earlier cleansite whose marker says nothing and that has no generated _headers', async () => {
    const dir = writeDist({ 'index.html': '<p>dev</p>' });
    writeFileSync(path.join(dir, '.cleansite-output'), 'This folder is written by `cleansite build`, which replaces it whole on every build.\n');
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    const run = await cli('deploy', `s3://${freshBucket()}`, '--dir', dir, '--endpoint', s3.server.endpoint);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^error: refusing --dir .+: its \.cleansite-output does not say it is a finished `cleansite build`/m);
  });
});
