/**
 * `cleansite deploy`: makes a bucket prefix equal to a build folder.
 * lock -> one listing -> plan -> uploads in order -> deletions -> state
 * (with the paths to invalidate) -> CloudFront invalidation -> state (without
 * them) -> unlock. A failed request stops the deploy
 * before anything is deleted, naming the file; the next run finishes it,
 * because the plan only compares what is there with what should be. Every
 * write is fenced by the lock (deploy-writes.ts), and objects of other
 * deploys under the target are left alone (foreign-deploys.ts).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { CleansiteError } from '../core/errors.ts';
import { toDeployError } from './deploy-errors.ts';
import { acquireDeployLock } from './deploy-lock.ts';
import { planDeploy, type DeployPlan } from './deploy-plan.ts';
import { readDeployState, RECORDS_DIR, writeDeployState, type DeployState } from './deploy-records.ts';
import { deleteObjects, interrupted, throwIfInterrupted, uploadInOrder, type WriteContext } from './deploy-writes.ts';
import { refuseOverlap, splitForeignDeploys, type ForeignDeploy } from './foreign-deploys.ts';
import { invalidate, pendingAfter, plannedInvalidation } from './invalidate-cloudfront.ts';
import { listLocalFiles, type LocalFile } from './local-files.ts';
import { SILENT_PROGRESS, type DeployProgress } from './progress.ts';
import { attachRedirects, type RedirectSkip } from './redirect-objects.ts';
import { listRemoteObjects } from './remote-objects.ts';
import type { NetworkTimeouts } from './s3-client.ts';
import { formatS3Target, type S3Target } from './s3-target.ts';

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
  /** How often the lock is renewed (default a third of the TTL); a test sets it so that renewals, not the machine's speed, decide the outcome. */
  lockRenewMs?: number;
  /** Uploads in flight at once. */
  concurrency?: number;
  now?: Date;
  /** Aborted (Ctrl+C, a cancelled CI job): the requests in flight are abandoned, nothing more starts, nothing is deleted, the lock is released. */
  signal?: AbortSignal;
  /** For the CloudFront client (the S3 client is made by the caller with the same). */
  timeouts?: NetworkTimeouts;
}

export interface DeployResult {
  target: string;
  dryRun: boolean;
  plan: DeployPlan;
  listRequests: number;
  uploadedBytes: number;
  invalidatedPaths: string[];
  redirectsSkipped: RedirectSkip[];
  /** Other deploys under the target, left alone. */
  foreign: ForeignDeploy[];
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
    // A lost lock or a named failure says more than "interrupted"; an aborted request does not.
    if (error instanceof CleansiteError) throw error;
    if (options.signal?.aborted) throw interrupted(options.target);
    throw toDeployError(error, options.target);
  }
}

async function deployFiles(client: S3Client, options: DeployOptions, progress: DeployProgress, local: LocalFile[], redirectsSkipped: RedirectSkip[], started: number): Promise<DeployResult> {
  const { signal, target } = options;
  const lock = options.dryRun ? undefined : await acquireDeployLock(client, target, { ttlMs: options.lockTtlMs ?? 120_000, renewMs: options.lockRenewMs, waitMs: options.lockWaitMs ?? 0, signal });
  try {
    const [{ objects, requests }, state] = await Promise.all([listRemoteObjects(client, target, signal), readDeployState(client, target, signal)]);
    const { own, foreign } = splitForeignDeploys(objects);
    refuseOverlap(local, foreign, target);
    const plan = planDeploy({ local, remote: own, unreferencedSince: state.unreferencedSince, now: options.now ?? new Date(), pruneAssetsAfterDays: options.pruneAssetsAfterDays, force: options.force });
    if (plan.deletions.length > options.maxDeletes) {
      throw new CleansiteError({
        code: 'DEPLOY_FAILED',
        message: `the deploy would delete ${plan.deletions.length} objects from ${formatS3Target(target)} (the limit is ${options.maxDeletes}), e.g. ${plan.deletions.slice(0, 3).map((object) => object.key).join(', ')}; nothing was changed`,
        hint: `check --dir and the target prefix; if the deletions are meant, pass --max-deletes ${plan.deletions.length}`,
      });
    }
    const result = (uploadedBytes: number, invalidatedPaths: string[]): DeployResult => ({
      target: formatS3Target(target), dryRun: Boolean(options.dryRun), plan, listRequests: requests, uploadedBytes, invalidatedPaths, redirectsSkipped, foreign, durationMs: performance.now() - started,
    });
    if (!lock) return result(0, []);

    const context: WriteContext = { client, dir: options.dir, target, lock, concurrency: options.concurrency ?? 8, signal };
    // A first deploy marks its prefix before its first upload: cut short, its files are still another
    // deploy's to a deploy of a parent prefix (foreign-deploys.ts), never that deploy's to delete.
    if (!objects.some((object) => object.key === `${RECORDS_DIR}state.json`)) await writeStateFenced(context, state);
    const uploadedBytes = await uploadInOrder(context, plan, progress);
    await deleteObjects(context, plan);
    const invalidation = plannedInvalidation(options, plan, state);
    // Written by every deploy, changed or not: it also tells a deploy to a parent prefix that this one is here.
    await writeStateFenced(context, { unreferencedSince: plan.unreferencedSince, pendingInvalidations: pendingAfter(state, invalidation) });
    if (!invalidation) return result(uploadedBytes, []);
    await invalidate(options, invalidation);
    await writeStateFenced(context, { unreferencedSince: plan.unreferencedSince, pendingInvalidations: pendingAfter(state, { ...invalidation, paths: [] }) });
    return result(uploadedBytes, invalidation.paths);
  } finally {
    await lock?.release();
  }
}

/** The state is written only while the lock is still this deploy's, like every other write. */
async function writeStateFenced(context: WriteContext, state: DeployState): Promise<void> {
  throwIfInterrupted(context);
  await context.lock.confirm(context.signal);
  context.lock.assertHeld();
  await writeDeployState(context.client, context.target, state, context.signal);
}
