/**
 * One deploy at a time per bucket and prefix. The lock is an object created
 * with a conditional write (`If-None-Match: *`), which S3 refuses with 412
 * when the object exists, so two deploys cannot both create it. It carries
 * an expiry, refreshed while the deploy runs, so the lock of a crashed
 * deploy stops blocking once it has expired. The lock is read before it is
 * written as well, which keeps servers that ignore conditional writes from
 * overwriting a live lock in all but a simultaneous start.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CleansiteError } from '../core/errors.ts';
import { readRecord, recordKey } from './deploy-records.ts';
import { formatS3Target, type S3Target } from './s3-target.ts';

export interface LockOptions {
  /** How long a lock holds without being refreshed. */
  ttlMs: number;
  /** How long to wait for another deploy's lock before refusing; 0 refuses at once. */
  waitMs: number;
  pollMs?: number;
}

interface LockBody {
  owner: string;
  host: string;
  pid: number;
  started: string;
  expires: string;
}

export interface DeployLock {
  release(): Promise<void>;
}

export async function acquireDeployLock(client: S3Client, target: S3Target, options: LockOptions): Promise<DeployLock> {
  const key = recordKey(target, 'lock.json');
  const owner = randomUUID();
  const started = new Date().toISOString();
  const body = (): string => JSON.stringify({ owner, host: hostname(), pid: process.pid, started, expires: new Date(Date.now() + options.ttlMs).toISOString() } satisfies LockBody);
  const giveUpAt = Date.now() + options.waitMs;

  for (;;) {
    const held = await readRecord(client, target.bucket, key);
    const current = held ? parseLock(held.text) : undefined;
    if (held && current && Date.parse(current.expires) > Date.now()) {
      if (Date.now() >= giveUpAt) {
        throw new CleansiteError({
          code: 'DEPLOY_FAILED',
          message: `another deploy to ${formatS3Target(target)} is running (started ${current.started} on ${current.host}, pid ${current.pid}); its lock expires at ${current.expires}`,
          hint: 'wait for it to finish, or pass --lock-wait SECONDS to wait for it; in CI put deploys in one concurrency group',
        });
      }
      await sleep(options.pollMs ?? 500);
      continue;
    }
    // Absent, expired or unreadable: an expired lock belongs to a deploy that crashed.
    if (held) await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: key }));
    try {
      await client.send(new PutObjectCommand({ Bucket: target.bucket, Key: key, Body: body(), IfNoneMatch: '*', ContentType: 'application/json; charset=utf-8', CacheControl: 'no-store' }));
    } catch (error) {
      if (isConditionFailure(error)) continue;
      throw error;
    }
    break;
  }

  // Refreshed well before it expires, so a long deploy keeps it; unref'd so it never holds the process open.
  const refresh = setInterval(() => {
    client.send(new PutObjectCommand({ Bucket: target.bucket, Key: key, Body: body(), ContentType: 'application/json; charset=utf-8', CacheControl: 'no-store' })).catch(() => {});
  }, Math.max(1_000, options.ttlMs / 3));
  refresh.unref();
  return {
    async release() {
      clearInterval(refresh);
      const held = await readRecord(client, target.bucket, key);
      if (held && parseLock(held.text)?.owner === owner) await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: key }));
    },
  };
}

function parseLock(text: string): LockBody | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockBody>;
    return typeof parsed.owner === 'string' && typeof parsed.expires === 'string' ? parsed as LockBody : undefined;
  } catch {
    return undefined;
  }
}

/** 412: the object exists; 409: another conditional write to it is in flight. */
function isConditionFailure(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 412 || status === 409 || (error as Error).name === 'PreconditionFailed' || (error as Error).name === 'ConditionalRequestConflict';
}
