/** Every object under the deploy prefix, from one paginated listing (1,000 keys a page). */
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { S3Target } from './s3-target.ts';

export interface RemoteObject {
  /** Key below the prefix. */
  key: string;
  size: number;
  /** The ETag without quotes: the MD5 of the bytes for a single-part upload without KMS encryption. */
  etag: string;
  lastModified: Date;
}

export async function listRemoteObjects(client: S3Client, target: S3Target, signal?: AbortSignal): Promise<{ objects: RemoteObject[]; requests: number }> {
  const objects: RemoteObject[] = [];
  let token: string | undefined;
  let requests = 0;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: target.bucket, Prefix: target.prefix || undefined, ContinuationToken: token }), { abortSignal: signal });
    requests++;
    for (const item of page.Contents ?? []) {
      if (item.Key === undefined) continue;
      objects.push({
        key: item.Key.slice(target.prefix.length),
        size: item.Size ?? 0,
        etag: (item.ETag ?? '').replaceAll('"', ''),
        lastModified: item.LastModified ?? new Date(0),
      });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return { objects, requests };
}
