/**
 * One deploy at a time per bucket and prefix, fenced with S3's own
 * conditional requests. The lock object (lock-record.ts) is created with
 * `If-None-Match: *` and every later write to it (refresh, takeover of an
 * expired lock, release) carries `If-Match: <the ETag this deploy last
 * wrote>`, so S3 refuses it once anyone else has written the lock: a deploy
 * never overwrites or deletes a lock it does not hold.
 *
 * The lock is valid until its expiry minus a margin. Before every write the
 * deploy checks that time locally (a process paused past its lock's expiry,
 * then resumed, stops at once), and before each batch of writes it asks S3
 * whether the lock is still the one it wrote (a conditional HEAD). A refresh
 * that cannot finish in time is abandoned: the deploy stops writing rather
 * than write without a lock.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CleansiteError } from '../core/errors.ts';
import { readRecord, recordKey } from './deploy-records.ts';
import { describeHolder, isConditionFailure, isGone, lockBody, parseLock } from './lock-record.ts';
import { formatS3Target, type S3Target } from './s3-target.ts';

export interface LockOptions {
  /** How long a lock holds without being refreshed. */
  ttlMs: number;
  /** How often it is refreshed; default a third of the TTL (at least 200 ms). */
  renewMs?: number;
  /** How long to wait for another deploy's lock before refusing; 0 refuses at once. */
  waitMs: number;
  pollMs?: number;
  /** Ctrl+C while waiting: stop waiting. */
  signal?: AbortSignal;
}

export interface DeployLock {
  /** Before every single write, no request: throws once the lock is lost or was not renewed in time. */
  assertHeld(): void;
  /** Before each batch of writes and the state record: assertHeld, then S3 confirms the lock is still this deploy's. */
  confirm(signal?: AbortSignal): Promise<void>;
  /** Deletes the lock if it is still this deploy's; bounded in time, never throws. */
  release(): Promise<void>;
}

interface Holding {
  etag: string;
  generation: number;
  expiresAt: number;
}

interface LockPlace {
  client: S3Client;
  target: S3Target;
  key: string;
  owner: string;
  started: string;
}

const RELEASE_TIMEOUT_MS = 5_000;
/** Conditional deletes a release tries, each after re-reading a lock that is still this deploy's. */
const RELEASE_ATTEMPTS = 4;

export async function acquireDeployLock(client: S3Client, target: S3Target, options: LockOptions): Promise<DeployLock> {
  const place: LockPlace = { client, target, key: recordKey(target, 'lock.json'), owner: randomUUID(), started: new Date().toISOString() };
  return holdLock(place, options, await takeLock(place, options));
}

async function takeLock(place: LockPlace, options: LockOptions): Promise<Holding> {
  const { client, target, key, owner, started } = place;
  const giveUpAt = Date.now() + options.waitMs;
  for (;;) {
    const held = await readRecord(client, target.bucket, key, options.signal);
    const current = held ? parseLock(held.text) : undefined;
    // Our own write whose response was lost (the retry was refused because the lock exists).
    if (held && current?.owner === owner) return { etag: held.etag, generation: current.generation, expiresAt: Date.parse(current.expires) };
    if (held && current && Date.parse(current.expires) > Date.now()) {
      if (Date.now() >= giveUpAt) {
        throw new CleansiteError({
          code: 'DEPLOY_FAILED',
          message: `another deploy to ${formatS3Target(target)} is running (${describeHolder(current)}); its lock expires at ${current.expires}`,
          hint: 'wait for it to finish, or pass --lock-wait SECONDS to wait for it; in CI put deploys in one concurrency group',
        });
      }
      await sleep(options.pollMs ?? 500, undefined, { signal: options.signal });
      continue;
    }
    // Absent: create it. Expired or unreadable (a crashed deploy's): replace exactly that object, so only one deploy takes it over.
    const generation = (current?.generation ?? 0) + 1;
    const expiresAt = Date.now() + options.ttlMs;
    try {
      const response = await client.send(new PutObjectCommand({
        Bucket: target.bucket, Key: key, Body: lockBody(owner, started, generation, expiresAt),
        ContentType: 'application/json; charset=utf-8', CacheControl: 'no-store',
        ...(held ? { IfMatch: held.etag } : { IfNoneMatch: '*' }),
      }), { abortSignal: options.signal });
      return { etag: response.ETag ?? '', generation, expiresAt };
    } catch (error) {
      // Another deploy wrote (or removed) the lock in between: look again. Anything else is a failure.
      if (!isConditionFailure(error) && !(held && isGone(error))) throw error;
    }
  }
}

function holdLock(place: LockPlace, { ttlMs, renewMs }: LockOptions, first: Holding): DeployLock {
  const { client, target, key, owner, started } = place;
  let holding = first;
  let lost: string | undefined;
  let released = false;
  let timer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> | undefined;
  const stopRefresh = new AbortController();
  // Valid until a quarter of the TTL before it expires: the margin covers clock skew and a write's own time in flight.
  const validUntil = () => holding.expiresAt - ttlMs / 4;
  const interval = renewMs ?? Math.max(200, ttlMs / 3);
  const deadlineSignal = (signal?: AbortSignal) => AbortSignal.any([stopRefresh.signal, AbortSignal.timeout(Math.max(1, validUntil() - Date.now())), ...(signal ? [signal] : [])]);

  /** After a refused conditional request: is the lock still ours (a response lost, a refresh in flight), or whose is it? */
  const recheck = async (signal?: AbortSignal) => {
    const held = await readRecord(client, target.bucket, key, deadlineSignal(signal));
    const current = held ? parseLock(held.text) : undefined;
    if (held && current?.owner === owner) holding = { etag: held.etag, generation: current.generation, expiresAt: Date.parse(current.expires) };
    else lost = current ? `another deploy took it over (${describeHolder(current)})` : 'the lock object was removed';
  };

  const refresh = async () => {
    if (released || lost) return;
    if (Date.now() >= validUntil()) return void (lost = notRenewed(ttlMs));
    const generation = holding.generation + 1;
    const expiresAt = Date.now() + ttlMs;
    let renewed = false;
    try {
      const response = await client.send(new PutObjectCommand({
        Bucket: target.bucket, Key: key, Body: lockBody(owner, started, generation, expiresAt),
        ContentType: 'application/json; charset=utf-8', CacheControl: 'no-store', IfMatch: holding.etag,
      }), { abortSignal: deadlineSignal() });
      holding = { etag: response.ETag ?? '', generation, expiresAt };
      renewed = true;
    } catch (error) {
      if (!released && (isConditionFailure(error) || isGone(error))) await recheck().then(() => { renewed = !lost; }, () => {});
      // Anything else (a timeout, a 503 storm) is tried again soon; validUntil decides when to give up.
    }
    if (!released && !lost) schedule(renewed ? interval : Math.min(interval, 500));
  };
  const schedule = (delay: number) => {
    timer = setTimeout(() => { refreshing = refresh().finally(() => { refreshing = undefined; }); }, delay);
    timer.unref();
  };
  schedule(interval);

  const assertHeld = () => {
    if (!lost && Date.now() >= validUntil()) lost = notRenewed(ttlMs);
    if (lost) throw lockLost(target, lost);
  };

  return {
    assertHeld,
    async confirm(signal) {
      assertHeld();
      try {
        await client.send(new HeadObjectCommand({ Bucket: target.bucket, Key: key, IfMatch: holding.etag }), { abortSignal: deadlineSignal(signal) });
      } catch (error) {
        if (signal?.aborted) throw error;
        // Past the deadline, assertHeld below says the lock was not renewed in time.
        const beforeDeadline = (failure: unknown) => { if (signal?.aborted || Date.now() < validUntil()) throw failure; };
        if (isConditionFailure(error) || isGone(error)) await recheck(signal).catch(beforeDeadline);
        else beforeDeadline(error);
      }
      assertHeld();
    },
    async release() {
      released = true;
      clearTimeout(timer);
      stopRefresh.abort();
      await refreshing;
      if (lost) return;
      await deleteIfOurs(place, holding.etag).catch(() => { /* it expires after --lock-ttl */ });
    },
  };
}

/**
 * A conditional delete. A refused one re-reads the lock and tries again with the ETag it finds, while
 * the lock is still this deploy's: a refresh aborted by the release may still land at S3 after any one
 * re-read (a request already sent is not recalled by its abort).
 */
async function deleteIfOurs({ client, target, key, owner }: LockPlace, etag: string): Promise<void> {
  const abortSignal = AbortSignal.timeout(RELEASE_TIMEOUT_MS);
  for (let attempt = 1, current = etag; ; attempt++) {
    try {
      await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: key, IfMatch: current }), { abortSignal });
      return;
    } catch (error) {
      if (!isConditionFailure(error) || attempt === RELEASE_ATTEMPTS) return;
    }
    const held = await readRecord(client, target.bucket, key, abortSignal);
    if (!held || parseLock(held.text)?.owner !== owner) return;
    current = held.etag;
  }
}

function notRenewed(ttlMs: number): string {
  return `it could not renew its lock in time (--lock-ttl ${ttlMs / 1000} s): the process was paused or S3 did not answer`;
}

function lockLost(target: S3Target, reason: string): CleansiteError {
  return new CleansiteError({
    code: 'DEPLOY_FAILED',
    message: `the deploy to ${formatS3Target(target)} lost its lock and stopped before its next write: ${reason}`,
    hint: 'another deploy may have run meanwhile; run this deploy again if its build should be live',
  });
}
