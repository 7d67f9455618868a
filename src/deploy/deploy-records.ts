/**
 * The two objects a deploy keeps beside the site, under `<prefix>.cleansite-deploy/`:
 * the lock (who deploys now, until when) and the state (when each
 * unreferenced hashed asset was first found unreferenced). Both are skipped
 * by the plan: never compared, never deleted.
 */
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
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
}

export function isMissing(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if ((error as Error).name === 'NoSuchBucket') return false;
  return (error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound' || status === 404;
}

/** The object's text and ETag, or undefined when it does not exist. */
export async function readRecord(client: S3Client, bucket: string, key: string): Promise<{ text: string; etag: string } | undefined> {
  try {
    const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return { text: (await response.Body?.transformToString('utf8')) ?? '', etag: response.ETag ?? '' };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export async function readDeployState(client: S3Client, target: S3Target): Promise<DeployState> {
  const record = await readRecord(client, target.bucket, recordKey(target, 'state.json'));
  if (!record) return { unreferencedSince: {} };
  try {
    const parsed = JSON.parse(record.text) as Partial<DeployState>;
    return { unreferencedSince: typeof parsed.unreferencedSince === 'object' && parsed.unreferencedSince !== null ? parsed.unreferencedSince : {} };
  } catch {
    // A damaged state only restarts the grace periods; it never deletes anything early.
    return { unreferencedSince: {} };
  }
}

export async function writeDeployState(client: S3Client, target: S3Target, state: DeployState): Promise<void> {
  await client.send(new PutObjectCommand({
    Bucket: target.bucket,
    Key: recordKey(target, 'state.json'),
    Body: `${JSON.stringify(state, null, 2)}\n`,
    ContentType: 'application/json; charset=utf-8',
    CacheControl: 'no-store',
  }));
}
