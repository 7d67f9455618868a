/**
 * After a deploy, CloudFront may still hold the previous HTML for up to its
 * minimum TTL. Exactly the changed or deleted pages (and sitemap.xml /
 * robots.txt) are invalidated, at both URLs a page is reachable at; hashed
 * assets never need it (a new version has a new name).
 */
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { requestHandlerOptions, type NetworkTimeouts } from './s3-client.ts';
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
