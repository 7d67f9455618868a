/**
 * `cleansite deploy`: makes a bucket prefix equal to a build folder.
 * lock -> one listing -> plan -> uploads in order -> deletions -> state ->
 * CloudFront invalidation -> unlock. A failed request stops the deploy
 * before anything is deleted, naming the file; the next run finishes it,
 * because the plan only compares what is there with what should be.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectsCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CleansiteError } from '../core/errors.ts';
import { describe, toDeployError } from './deploy-errors.ts';
import { acquireDeployLock } from './deploy-lock.ts';
import { planDeploy, type DeployPlan } from './deploy-plan.ts';
import { isDeployRecord, readDeployState, writeDeployState } from './deploy-records.ts';
import { invalidateCloudFront, invalidationPaths } from './invalidate-cloudfront.ts';
import { listLocalFiles, type LocalFile } from './local-files.ts';
import { SILENT_PROGRESS, type DeployProgress } from './progress.ts';
import { attachRedirects, type RedirectSkip } from './redirect-objects.ts';
import { listRemoteObjects } from './remote-objects.ts';
import { formatS3Target, type S3Target } from './s3-target.ts';
import { PHASES } from './upload-order.ts';

export interface DeployOptions {
  dir: string;
  target: S3Target;
  dryRun?: boolean;
  /** More deletions than this are refused before anything changes. */
  maxDeletes: number;
  pruneAssetsAfterDays: number;
  force?: boolean;
  cloudfrontDistribution?: string;
  cloudfrontEndpoint?: string;
  lockWaitMs?: number;
  lockTtlMs?: number;
  /** Uploads in flight at once. */
  concurrency?: number;
  now?: Date;
  /** Aborted (Ctrl+C, a cancelled CI job): the uploads in flight finish, nothing more starts, nothing is deleted, the lock is released. */
  signal?: AbortSignal;
}

export interface DeployResult {
  target: string;
  dryRun: boolean;
  plan: DeployPlan;
  listRequests: number;
  uploadedBytes: number;
  invalidatedPaths: string[];
  redirectsSkipped: RedirectSkip[];
  durationMs: number;
}

export async function deploySite(client: S3Client, options: DeployOptions, progress: DeployProgress = SILENT_PROGRESS): Promise<DeployResult> {
  const started = performance.now();
  const local = listLocalFiles(options.dir);
  if (local.length === 0) {
    throw new CleansiteError({ code: 'USAGE', message: `${options.dir} holds no files to deploy`, hint: 'run `cleansite build` first, or pass the built folder with --dir' });
  }
  const redirectsSkipped = attachRedirects(options.dir, local);
  try {
    return await deployFiles(client, options, progress, local, redirectsSkipped, started);
  } catch (error) {
    throw error instanceof CleansiteError ? error : toDeployError(error, options.target);
  }
}

async function deployFiles(client: S3Client, options: DeployOptions, progress: DeployProgress, local: LocalFile[], redirectsSkipped: RedirectSkip[], started: number): Promise<DeployResult> {
  const lock = options.dryRun ? undefined : await acquireDeployLock(client, options.target, { ttlMs: options.lockTtlMs ?? 120_000, waitMs: options.lockWaitMs ?? 0 });
  try {
    const [{ objects, requests }, state] = await Promise.all([listRemoteObjects(client, options.target), readDeployState(client, options.target)]);
    const plan = planDeploy({
      local,
      remote: objects.filter((object) => !isDeployRecord(object.key)),
      unreferencedSince: state.unreferencedSince,
      now: options.now ?? new Date(),
      pruneAssetsAfterDays: options.pruneAssetsAfterDays,
      force: options.force,
    });
    if (plan.deletions.length > options.maxDeletes) {
      throw new CleansiteError({
        code: 'DEPLOY_FAILED',
        message: `the deploy would delete ${plan.deletions.length} objects from ${formatS3Target(options.target)} (the limit is ${options.maxDeletes}), e.g. ${plan.deletions.slice(0, 3).map((object) => object.key).join(', ')}; nothing was changed`,
        hint: `check --dir and the target prefix; if the deletions are meant, pass --max-deletes ${plan.deletions.length}`,
      });
    }
    const result = (uploadedBytes: number, invalidatedPaths: string[]): DeployResult => ({
      target: formatS3Target(options.target), dryRun: Boolean(options.dryRun), plan, listRequests: requests, uploadedBytes, invalidatedPaths, redirectsSkipped, durationMs: performance.now() - started,
    });
    if (options.dryRun) return result(0, []);

    const uploadedBytes = await uploadInOrder(client, options, plan, progress);
    throwIfInterrupted(options);
    await deleteObjects(client, options.target, plan);
    if (!sameRecord(plan.unreferencedSince, state.unreferencedSince)) await writeDeployState(client, options.target, { unreferencedSince: plan.unreferencedSince });

    let invalidated: string[] = [];
    if (options.cloudfrontDistribution) {
      invalidated = invalidationPaths([...plan.uploads.map((upload) => upload.file.key), ...plan.deletions.map((object) => object.key)], options.target.prefix);
      try {
        await invalidateCloudFront(options.cloudfrontDistribution, invalidated, { endpoint: options.cloudfrontEndpoint });
      } catch (error) {
        throw new CleansiteError({ code: 'DEPLOY_FAILED', message: `the files are deployed, but invalidating ${invalidated.length} paths in CloudFront distribution ${options.cloudfrontDistribution} failed: ${(error as Error).message}`, hint: 'check the distribution ID and the cloudfront:CreateInvalidation permission', cause: error });
      }
    }
    return result(uploadedBytes, invalidated);
  } finally {
    await lock?.release();
  }
}

/** Phase by phase; inside a phase `concurrency` uploads at a time. The first failure stops the deploy (after the uploads in flight). */
async function uploadInOrder(client: S3Client, options: DeployOptions, plan: DeployPlan, progress: DeployProgress): Promise<number> {
  progress.start(plan.uploads.length, plan.uploads.reduce((sum, upload) => sum + upload.file.size, 0));
  let bytes = 0;
  try {
    for (const phase of PHASES) {
      const queue = plan.uploads.filter((upload) => upload.phase === phase).map((upload) => upload.file);
      let failure: CleansiteError | undefined;
      const worker = async () => {
        for (let file = queue.shift(); file && !failure && !options.signal?.aborted; file = queue.shift()) {
          try {
            await uploadFile(client, options, file);
            bytes += file.size;
            progress.advance(file.size);
          } catch (error) {
            failure ??= new CleansiteError({
              code: 'DEPLOY_FAILED',
              message: `upload of ${file.key} to ${formatS3Target(options.target)} failed: ${describe(error)}; nothing was deleted`,
              location: { file: path.join(options.dir, file.key) },
              hint: 'run the deploy again: it uploads only what is still missing or different',
              cause: error,
            });
          }
        }
      };
      await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
      if (failure) throw failure;
      throwIfInterrupted(options);
    }
  } finally {
    progress.finish();
  }
  return bytes;
}

async function uploadFile(client: S3Client, options: DeployOptions, file: LocalFile): Promise<void> {
  const body = await readFile(path.join(options.dir, file.key));
  await client.send(new PutObjectCommand({
    Bucket: options.target.bucket,
    Key: options.target.prefix + file.key,
    Body: body,
    ContentType: file.contentType,
    CacheControl: file.cacheControl,
    // The server checks the bytes against it, so a corrupted upload fails instead of going live.
    ContentMD5: Buffer.from(file.md5, 'hex').toString('base64'),
    ...(file.redirectLocation ? { WebsiteRedirectLocation: file.redirectLocation } : {}),
  }));
}

async function deleteObjects(client: S3Client, target: S3Target, plan: DeployPlan): Promise<void> {
  for (let start = 0; start < plan.deletions.length; start += 1_000) {
    const batch = plan.deletions.slice(start, start + 1_000);
    let response;
    try {
      response = await client.send(new DeleteObjectsCommand({ Bucket: target.bucket, Delete: { Objects: batch.map((object) => ({ Key: target.prefix + object.key })), Quiet: true } }));
    } catch (error) {
      throw new CleansiteError({ code: 'DEPLOY_FAILED', message: `deleting ${batch.length} removed files (first ${batch[0]!.key}) from ${formatS3Target(target)} failed: ${describe(error)}`, hint: 'every new file is uploaded; run the deploy again to finish the deletions', cause: error });
    }
    const failed = response.Errors ?? [];
    if (failed.length > 0) {
      throw new CleansiteError({ code: 'DEPLOY_FAILED', message: `deleting ${failed[0]!.Key} from ${formatS3Target(target)} failed: ${failed[0]!.Message ?? failed[0]!.Code}${failed.length > 1 ? ` (and ${failed.length - 1} more)` : ''}`, hint: 'check the s3:DeleteObject permission, then run the deploy again' });
    }
  }
}

function throwIfInterrupted(options: DeployOptions): void {
  if (!options.signal?.aborted) return;
  throw new CleansiteError({
    code: 'DEPLOY_FAILED',
    message: `the deploy to ${formatS3Target(options.target)} was interrupted; the uploads in flight finished, nothing was deleted, the lock is released`,
    hint: 'run the deploy again: it uploads only what is still missing or different',
  });
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
