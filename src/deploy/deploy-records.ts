/**
 * The two objects a deploy keeps beside the site, under `<prefix>.cleansite-deploy/`:
 * the lock (who deploys now, until when) and the state (when each
 * unreferenced hashed asset was first found unreferenced, and the CloudFront
 * paths still to invalidate), written at the end of every deploy. Both are
 * skipped by the plan: never compared, never deleted. The same folder under a
 * deeper prefix marks another deploy's target, which a deploy to a parent
 * prefix leaves alone (foreign-deploys.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CleansiteError } from '../core/errors.ts';
import { describe } from './deploy-errors.ts';
import type { S3Target } from './s3-target.ts';

export const RECORDS_DIR = '.cleansite-deploy/';

export function isDeployRecord(key: string): boolean {
  return key.startsWith(RECORDS_DIR);
}

export function recordKey(target: S3Target, name: 'lock.json' | 'state.json'): string {
  return `${target.prefix}${RECORDS_DIR}${name}`;
}

export interface DeployState {
  unreferencedSince: Record<string, string>;
  /**
   * By CloudFront distribution: the paths a deploy changed whose invalidation has not succeeded
   * yet (it failed, or the deploy was stopped first). Written before invalidating, cleared after,
   * so the next deploy with that distribution invalidates them too: the files themselves are
   * unchanged by then, and nothing else would tell it the edge still serves the old pages.
   */
  pendingInvalidations: Record<string, string[]>;
}

const emptyState = (): DeployState => ({ unreferencedSince: {}, pendingInvalidations: {} });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Only lists of strings under a distribution's ID: anything else in a damaged state is dropped. */
function pathLists(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const lists: Record<string, string[]> = {};
  for (const [distribution, paths] of Object.entries(value)) {
    if (Array.isArray(paths) && paths.every((item) => typeof item === 'string')) lists[distribution] = paths;
  }
  return lists;
}

export function isMissing(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if ((error as Error).name === 'NoSuchBucket') return false;
  return (error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound' || status === 404;
}

/** Answers that another attempt cannot change: reported as they are (deploy-errors.ts says what to check). */
const PERMANENT = new Set(['NoSuchBucket', 'AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'CredentialsProviderError', 'AbortError']);
const READ_ATTEMPTS = 3;

/**
 * The object's text and ETag, or undefined when it does not exist. The SDK
 * retries a failed request, but not a body cut off after the headers: that
 * read is retried here, and after the last attempt reported naming the object.
 */
export async function readRecord(client: S3Client, bucket: string, key: string, signal?: AbortSignal): Promise<{ text: string; etag: string } | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), { abortSignal: signal });
      const bytes = (await response.Body?.transformToByteArray()) ?? new Uint8Array();
      if (response.ContentLength !== undefined && bytes.byteLength !== response.ContentLength) {
        throw new Error(`the body ended after ${bytes.byteLength} of ${response.ContentLength} bytes`);
      }
      return { text: Buffer.from(bytes).toString('utf8'), etag: response.ETag ?? '' };
    } catch (error) {
      if (isMissing(error)) return undefined;
      if (PERMANENT.has((error as Error).name) || signal?.aborted) throw error;
      if (attempt >= READ_ATTEMPTS) {
        throw new CleansiteError({
          code: 'DEPLOY_FAILED',
          message: `reading s3://${bucket}/${key} failed ${READ_ATTEMPTS} times: ${describe(error)}; nothing was changed by this read`,
          hint: 'check the network to the S3 endpoint (--request-timeout), then run the deploy again',
          cause: error,
        });
      }
      await sleep(200 * attempt, undefined, { signal });
    }
  }
}

export async function readDeployState(client: S3Client, target: S3Target, signal?: AbortSignal): Promise<DeployState> {
  const record = await readRecord(client, target.bucket, recordKey(target, 'state.json'), signal);
  if (!record) return emptyState();
  try {
    const parsed = JSON.parse(record.text) as Partial<Record<keyof DeployState, unknown>>;
    return {
      unreferencedSince: isRecord(parsed.unreferencedSince) ? parsed.unreferencedSince as Record<string, string> : {},
      pendingInvalidations: pathLists(parsed.pendingInvalidations),
    };
  } catch {
    // A damaged state only restarts the grace periods (it never deletes anything early) and forgets paths still to invalidate.
    return emptyState();
  }
}

export async function writeDeployState(client: S3Client, target: S3Target, state: DeployState, signal?: AbortSignal): Promise<void> {
  await client.send(new PutObjectCommand({
    Bucket: target.bucket,
    Key: recordKey(target, 'state.json'),
    Body: `${JSON.stringify(state, null, 2)}\n`,
    ContentType: 'application/json; charset=utf-8',
    CacheControl: 'no-store',
  }), { abortSignal: signal });
}
