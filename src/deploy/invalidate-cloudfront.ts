/**
 * After a deploy, CloudFront may still hold the previous HTML for up to its
 * minimum TTL. Exactly the changed or deleted pages (and sitemap.xml /
 * robots.txt) are invalidated, at both URLs a page is reachable at; hashed
 * assets never need it (a new version has a new name). Paths whose
 * invalidation failed, or never ran, stay in the deploy state until a later
 * deploy with the same distribution invalidates them.
 */
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { CleansiteError } from '../core/errors.ts';
import type { DeployPlan } from './deploy-plan.ts';
import type { DeployState } from './deploy-records.ts';
import { throwIfInterrupted } from './deploy-writes.ts';
import { requestHandlerOptions, type NetworkTimeouts } from './s3-client.ts';
import type { S3Target } from './s3-target.ts';
import { uploadPhaseOf } from './upload-order.ts';

/** CloudFront accepts up to 3,000 paths in progress; batches stay well under it. */
export const INVALIDATION_BATCH = 1_000;

/** The URL paths to invalidate for changed keys (below the prefix), sorted and unique. */
export function invalidationPaths(keys: readonly string[], prefix: string): string[] {
  const paths = new Set<string>();
  for (const key of keys) {
    if (uploadPhaseOf(key) === 'files') continue;
    const url = `/${prefix}${key}`.split('/').map((part) => encodeURIComponent(part)).join('/');
    paths.add(url);
    if (url.endsWith('/index.html')) paths.add(url.slice(0, -'index.html'.length));
  }
  return [...paths].sort();
}

interface InvalidateOptions {
  target: S3Target;
  cloudfrontEndpoint?: string;
  timeouts?: NetworkTimeouts;
  signal?: AbortSignal;
}

export async function invalidateCloudFront(distributionId: string, paths: readonly string[], options: { endpoint?: string; region?: string; timeouts?: NetworkTimeouts; signal?: AbortSignal } = {}): Promise<string[]> {
  if (paths.length === 0) return [];
  const client = new CloudFrontClient({ region: options.region ?? 'us-east-1', maxAttempts: 5, requestHandler: requestHandlerOptions(options.timeouts), ...(options.endpoint ? { endpoint: options.endpoint } : {}) });
  const ids: string[] = [];
  try {
    for (let start = 0; start < paths.length; start += INVALIDATION_BATCH) {
      const batch = paths.slice(start, start + INVALIDATION_BATCH);
      const response = await client.send(new CreateInvalidationCommand({
        DistributionId: distributionId,
        InvalidationBatch: { CallerReference: `cleansite-${Date.now()}-${start}`, Paths: { Quantity: batch.length, Items: [...batch] } },
      }), { abortSignal: options.signal });
      ids.push(response.Invalidation?.Id ?? '');
    }
  } finally {
    client.destroy();
  }
  return ids;
}

export interface Invalidation {
  distribution: string;
  paths: string[];
}

/** This deploy's changed pages, and those an earlier deploy to the distribution changed but could not invalidate. */
export function plannedInvalidation(options: { cloudfrontDistribution?: string; target: S3Target }, plan: DeployPlan, state: DeployState): Invalidation | undefined {
  const distribution = options.cloudfrontDistribution;
  if (!distribution) return undefined;
  const changed = invalidationPaths([...plan.uploads.map((upload) => upload.file.key), ...plan.deletions.map((object) => object.key)], options.target.prefix);
  const paths = [...new Set([...state.pendingInvalidations[distribution] ?? [], ...changed])].sort();
  return paths.length > 0 ? { distribution, paths } : undefined;
}

/** The state's paths still to invalidate, with this invalidation's distribution's replaced (and left out once empty). */
export function pendingAfter(state: DeployState, invalidation: Invalidation | undefined): Record<string, string[]> {
  if (!invalidation) return state.pendingInvalidations;
  const pending = { ...state.pendingInvalidations };
  delete pending[invalidation.distribution];
  if (invalidation.paths.length > 0) pending[invalidation.distribution] = invalidation.paths;
  return pending;
}

/** Invalidates the paths, or fails saying the files are deployed and the paths are kept for the next deploy. */
export async function invalidate(options: InvalidateOptions, { distribution, paths }: Invalidation): Promise<void> {
  try {
    await invalidateCloudFront(distribution, paths, { endpoint: options.cloudfrontEndpoint, timeouts: options.timeouts, signal: options.signal });
  } catch (error) {
    throwIfInterrupted(options);
    throw new CleansiteError({
      code: 'DEPLOY_FAILED',
      message: `the files are deployed, but invalidating ${paths.length} paths in CloudFront distribution ${distribution} failed: ${(error as Error).message}`,
      hint: `check the distribution ID and the cloudfront:CreateInvalidation permission; the paths are kept in the target's deploy state, and the next deploy with --cloudfront-distribution ${distribution} invalidates them`,
      cause: error,
    });
  }
}
