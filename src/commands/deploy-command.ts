/** `cleansite deploy s3://bucket[/prefix]`: publishes a build folder (src/deploy/deploy-site.ts) and reports it. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CleansiteError } from '../core/errors.ts';
import { formatBytes } from '../core/format.ts';
import type { Logger } from '../core/logger.ts';
import { deploySite, type DeployResult } from '../deploy/deploy-site.ts';
import { createTerminalProgress, SILENT_PROGRESS } from '../deploy/progress.ts';
import { whyNotDeployable } from '../deploy/deployable-build.ts';
import { createS3Client, type NetworkTimeouts } from '../deploy/s3-client.ts';
import { parseS3Target } from '../deploy/s3-target.ts';
import { EXIT_BUILD_FAILED, EXIT_OK, EXIT_USAGE, reportErrors } from './command-support.ts';
import { refusePlaceholderDeploy } from './placeholder-check.ts';

export interface DeployCommandOptions {
  dir: string;
  endpoint?: string;
  region?: string;
  dryRun?: boolean;
  maxDeletes: number;
  pruneAssetsOlderThan: number;
  cloudfrontDistribution?: string;
  force?: boolean;
  lockWait: number;
  lockTtl: number;
  /** Seconds to make a connection. */
  connectTimeout: number;
  /** Seconds for a request to be answered (and for a response to go idle). */
  requestTimeout: number;
  json?: boolean;
  allowPlaceholders?: boolean;
}

/** Where the command writes besides the logger: a terminal for progress, stdout for --json. */
export interface DeployOutput {
  progress?: (text: string) => void;
  json: (text: string) => void;
}

export async function runDeploy(targetArgument: string, options: DeployCommandOptions, logger: Logger, output: DeployOutput, debug: boolean): Promise<number> {
  try {
    const target = parseS3Target(targetArgument);
    const dir = path.resolve(options.dir);
    const shown = path.relative(process.cwd(), dir) || '.';
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      throw new CleansiteError({ code: 'USAGE', message: `nothing to deploy: ${shown}/ does not exist`, hint: 'run `cleansite build` first, or pass the built folder with --dir' });
    }
    // The bucket is made equal to this folder, deletions included: only a finished build may be published.
    const refusal = whyNotDeployable(dir);
    if (refusal) throw new CleansiteError({ code: 'USAGE', message: `refusing --dir ${shown}: ${refusal}`, hint: 'run `cleansite build` and deploy its output (default dist/)' });
    refusePlaceholderDeploy(dir, options.allowPlaceholders, logger);
    if (options.lockTtl < 1) throw new CleansiteError({ code: 'USAGE', message: '--lock-ttl must be at least 1 second' });
    const timeouts: NetworkTimeouts = { connectTimeoutMs: options.connectTimeout * 1000, requestTimeoutMs: options.requestTimeout * 1000 };
    const client = createS3Client({ endpoint: options.endpoint, region: options.region, timeouts });
    // Ctrl+C or a cancelled CI job: abort the requests in flight, delete nothing, release the lock.
    // Listening once: a second signal ends the process the default way.
    const interrupt = new AbortController();
    const stop = () => interrupt.abort();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      const result = await deploySite(client, {
        dir,
        target,
        dryRun: options.dryRun,
        maxDeletes: options.maxDeletes,
        pruneAssetsAfterDays: options.pruneAssetsOlderThan,
        force: options.force,
        cloudfrontDistribution: options.cloudfrontDistribution,
        lockWaitMs: options.lockWait * 1000,
        lockTtlMs: options.lockTtl * 1000,
        signal: interrupt.signal,
        timeouts,
      }, output.progress && !options.json ? createTerminalProgress(output.progress) : SILENT_PROGRESS);
      if (options.json) output.json(JSON.stringify(toJson(result), null, 2));
      else report(result, shown, logger);
    } finally {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      client.destroy();
    }
    return EXIT_OK;
  } catch (error) {
    if (options.json) output.json(JSON.stringify({ ok: false, error: (error as Error).message }, null, 2));
    reportErrors(error, logger, debug);
    return error instanceof CleansiteError && error.code === 'USAGE' ? EXIT_USAGE : EXIT_BUILD_FAILED;
  }
}

function report(result: DeployResult, shown: string, logger: Logger): void {
  const { plan } = result;
  for (const skip of result.redirectsSkipped) logger.warn(`redirect ${skip.from} is not set on S3: ${skip.reason}`);
  if (result.dryRun) {
    for (const upload of plan.uploads) logger.info(`${upload.reason === 'new' ? 'upload' : 'update'}  ${upload.file.key} (${formatBytes(upload.file.size)})${upload.file.redirectLocation ? ` -> redirect ${upload.file.redirectLocation}` : ''}`);
    for (const object of plan.deletions) logger.info(`delete  ${object.key} (${formatBytes(object.size)})`);
    for (const kept of plan.keptAssets) logger.info(`keep    ${kept.key} (unreferenced since ${kept.since.slice(0, 10)})`);
  }
  const count = (n: number, what: string) => `${n} ${what}`;
  const uploads = plan.uploads.filter((upload) => upload.reason === 'new').length;
  const updates = plan.uploads.length - uploads;
  const bytes = plan.uploads.reduce((sum, upload) => sum + upload.file.size, 0);
  for (const other of result.foreign) logger.warn(`left alone: ${result.target}${other.prefix} (${other.keys.length} objects) is another deploy's target`);
  if (result.dryRun) for (const other of result.foreign) for (const key of other.keys) logger.info(`foreign ${key} (another deploy's, left alone)`);
  const parts = [count(uploads, 'new'), count(updates, 'changed'), count(plan.deletions.length, 'deleted'), count(plan.unchanged, 'unchanged')];
  if (plan.keptAssets.length > 0) parts.push(`${plan.keptAssets.length} unreferenced hashed assets kept`);
  if (result.invalidatedPaths.length > 0) parts.push(`${result.invalidatedPaths.length} CloudFront paths invalidated`);
  logger.info(`${result.dryRun ? 'Dry run, nothing changed: would deploy' : 'Deployed'} ${shown}/ to ${result.target}: ${parts.join(', ')} (${formatBytes(bytes)} to upload) in ${(result.durationMs / 1000).toFixed(2)} s.`);
}

function toJson(result: DeployResult) {
  return {
    ok: true,
    target: result.target,
    dryRun: result.dryRun,
    uploads: result.plan.uploads.map((upload) => ({ key: upload.file.key, reason: upload.reason, phase: upload.phase, bytes: upload.file.size, contentType: upload.file.contentType, cacheControl: upload.file.cacheControl, ...(upload.file.redirectLocation ? { redirect: upload.file.redirectLocation } : {}) })),
    deletions: result.plan.deletions.map((object) => ({ key: object.key, bytes: object.size })),
    keptAssets: result.plan.keptAssets,
    unchanged: result.plan.unchanged,
    uploadedBytes: result.uploadedBytes,
    listRequests: result.listRequests,
    invalidatedPaths: result.invalidatedPaths,
    redirectsSkipped: result.redirectsSkipped,
    foreign: result.foreign,
    durationMs: Math.round(result.durationMs),
  };
}
