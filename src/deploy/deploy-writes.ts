/**
 * Every write a deploy makes to the site's objects, fenced by the lock: each
 * batch (one upload per slot of `concurrency`, one DeleteObjects request) is
 * preceded by S3 confirming the lock is still this deploy's, and each single
 * request by a local check that the lock was renewed in time. A deploy that
 * lost its lock stops before its next write; an interrupted one aborts the
 * requests in flight and starts none.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectsCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CleansiteError } from '../core/errors.ts';
import { describe } from './deploy-errors.ts';
import type { DeployLock } from './deploy-lock.ts';
import type { DeployPlan } from './deploy-plan.ts';
import type { LocalFile } from './local-files.ts';
import type { DeployProgress } from './progress.ts';
import { formatS3Target, type S3Target } from './s3-target.ts';
import { PHASES } from './upload-order.ts';

export interface WriteContext {
  client: S3Client;
  dir: string;
  target: S3Target;
  lock: DeployLock;
  concurrency: number;
  signal?: AbortSignal;
}

/** Phase by phase, in batches of `concurrency`; the first failure stops the deploy after its batch. Returns the bytes uploaded. */
export async function uploadInOrder(context: WriteContext, plan: DeployPlan, progress: DeployProgress): Promise<number> {
  progress.start(plan.uploads.length, plan.uploads.reduce((sum, upload) => sum + upload.file.size, 0));
  let bytes = 0;
  try {
    for (const phase of PHASES) {
      const files = plan.uploads.filter((upload) => upload.phase === phase).map((upload) => upload.file);
      for (let start = 0; start < files.length; start += context.concurrency) {
        const batch = files.slice(start, start + context.concurrency);
        const bodies = await Promise.all(batch.map((file) => readFile(path.join(context.dir, file.key))));
        throwIfInterrupted(context);
        await context.lock.confirm(context.signal);
        const outcomes = await Promise.allSettled(batch.map((file, index) => uploadFile(context, file, bodies[index]!)));
        outcomes.forEach((outcome, index) => {
          if (outcome.status !== 'fulfilled') return;
          bytes += batch[index]!.size;
          progress.advance(batch[index]!.size);
        });
        const failed = outcomes.findIndex((outcome) => outcome.status === 'rejected');
        if (failed >= 0) throw uploadFailure(context, batch[failed]!, (outcomes[failed] as PromiseRejectedResult).reason);
      }
    }
  } finally {
    progress.finish();
  }
  return bytes;
}

async function uploadFile(context: WriteContext, file: LocalFile, body: Buffer): Promise<void> {
  context.lock.assertHeld();
  await context.client.send(new PutObjectCommand({
    Bucket: context.target.bucket,
    Key: context.target.prefix + file.key,
    Body: body,
    ContentType: file.contentType,
    CacheControl: file.cacheControl,
    // The server checks the bytes against it, so a corrupted upload fails instead of going live.
    ContentMD5: Buffer.from(file.md5, 'hex').toString('base64'),
    ...(file.redirectLocation ? { WebsiteRedirectLocation: file.redirectLocation } : {}),
  }), { abortSignal: context.signal });
}

function uploadFailure(context: WriteContext, file: LocalFile, error: unknown): Error {
  // A lost lock or an interruption is said as such, not as this file's failure.
  if (error instanceof CleansiteError) return error;
  throwIfInterrupted(context);
  return new CleansiteError({
    code: 'DEPLOY_FAILED',
    message: `upload of ${file.key} to ${formatS3Target(context.target)} failed: ${describe(error)}; nothing was deleted`,
    location: { file: path.join(context.dir, file.key) },
    hint: 'run the deploy again: it uploads only what is still missing or different',
    cause: error,
  });
}

export async function deleteObjects(context: WriteContext, plan: DeployPlan): Promise<void> {
  const { client, target } = context;
  for (let start = 0; start < plan.deletions.length; start += 1_000) {
    const batch = plan.deletions.slice(start, start + 1_000);
    throwIfInterrupted(context);
    await context.lock.confirm(context.signal);
    context.lock.assertHeld();
    let response;
    try {
      response = await client.send(new DeleteObjectsCommand({ Bucket: target.bucket, Delete: { Objects: batch.map((object) => ({ Key: target.prefix + object.key })), Quiet: true } }), { abortSignal: context.signal });
    } catch (error) {
      throwIfInterrupted(context);
      throw new CleansiteError({ code: 'DEPLOY_FAILED', message: `deleting ${batch.length} removed files (first ${batch[0]!.key}) from ${formatS3Target(target)} failed: ${describe(error)}`, hint: 'every new file is uploaded; run the deploy again to finish the deletions', cause: error });
    }
    const failed = response.Errors ?? [];
    if (failed.length > 0) {
      throw new CleansiteError({ code: 'DEPLOY_FAILED', message: `deleting ${failed[0]!.Key} from ${formatS3Target(target)} failed: ${failed[0]!.Message ?? failed[0]!.Code}${failed.length > 1 ? ` (and ${failed.length - 1} more)` : ''}`, hint: 'check the s3:DeleteObject permission, then run the deploy again' });
    }
  }
}

export function throwIfInterrupted(context: { target: S3Target; signal?: AbortSignal }): void {
  if (context.signal?.aborted) throw interrupted(context.target);
}

export function interrupted(target: S3Target): CleansiteError {
  return new CleansiteError({
    code: 'DEPLOY_FAILED',
    message: `the deploy to ${formatS3Target(target)} was interrupted: the requests in flight were abandoned, nothing more was written or deleted, and any lock it held is released`,
    hint: 'run the deploy again: it uploads only what is still missing or different',
  });
}
