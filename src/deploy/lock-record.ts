/**
 * The lock object's body and the S3 answers a conditional request gets. The
 * owner is a random token made for one deploy: the deploy recognises its own
 * lock by it (a write whose response was lost, then refused as a repeat),
 * never by pid or host, which another machine or container can share.
 */
import { hostname } from 'node:os';

export interface LockBody {
  owner: string;
  host: string;
  pid: number;
  started: string;
  expires: string;
  /** 1 for the write that took the lock, one more for each refresh. */
  generation: number;
}

export function lockBody(owner: string, started: string, generation: number, expiresAt: number): string {
  return JSON.stringify({ owner, host: hostname(), pid: process.pid, started, expires: new Date(expiresAt).toISOString(), generation } satisfies LockBody);
}

export function parseLock(text: string): LockBody | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockBody>;
    if (typeof parsed.owner !== 'string' || typeof parsed.expires !== 'string' || Number.isNaN(Date.parse(parsed.expires))) return undefined;
    return { ...parsed, generation: typeof parsed.generation === 'number' ? parsed.generation : 0 } as LockBody;
  } catch {
    return undefined;
  }
}

/** "started <date> on <host>, pid <n>": who holds a lock, for one line of output. */
export function describeHolder(lock: LockBody): string {
  return `started ${lock.started} on ${lock.host}, pid ${lock.pid}`;
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** 412: the condition did not hold; 409: another conditional write to the object is in flight. */
export function isConditionFailure(error: unknown): boolean {
  const status = statusOf(error);
  return status === 412 || status === 409 || (error as Error).name === 'PreconditionFailed' || (error as Error).name === 'ConditionalRequestConflict';
}

/** An If-Match request on an object that is gone. */
export function isGone(error: unknown): boolean {
  if ((error as Error).name === 'NoSuchBucket') return false;
  return statusOf(error) === 404 || (error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound';
}
