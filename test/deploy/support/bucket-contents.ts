/** What a bucket prefix holds, file by file and header by header, to compare with a build folder. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { cacheControlFor } from '../../../src/publish/cache-rules.ts';
import { contentTypeFor, HOST_CONFIG_FILES } from '../../../src/publish/content-types.ts';

export interface StoredFile {
  md5: string;
  contentType: string;
  cacheControl: string;
  redirect?: string;
}

/** key -> bytes hash and headers, deploy records left out. */
export async function readBucket(client: S3Client, bucket: string, prefix = ''): Promise<Record<string, StoredFile>> {
  const result: Record<string, StoredFile> = {};
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }));
    await Promise.all((page.Contents ?? []).map(async ({ Key }) => {
      const key = Key!.slice(prefix.length);
      if (key.startsWith('.cleansite-deploy/')) return;
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: Key! }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      result[key] = {
        md5: createHash('md5').update(bytes).digest('hex'),
        contentType: object.ContentType ?? '',
        cacheControl: object.CacheControl ?? '',
        ...(object.WebsiteRedirectLocation ? { redirect: object.WebsiteRedirectLocation } : {}),
      };
    }));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The same shape for a build folder, from the files and the site's header rules. */
export function readBuild(dir: string): Record<string, StoredFile> {
  const result: Record<string, StoredFile> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const key = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (HOST_CONFIG_FILES.includes(key) || key.split('/').some((part) => part.startsWith('.cleansite'))) continue;
    result[key] = { md5: createHash('md5').update(readFileSync(path.join(dir, key))).digest('hex'), contentType: contentTypeFor(key), cacheControl: cacheControlFor(key) };
  }
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The same without redirects (fixtures without _redirects). */
export function withoutRedirects(files: Record<string, StoredFile>): Record<string, StoredFile> {
  return Object.fromEntries(Object.entries(files).map(([key, { redirect: _redirect, ...rest }]) => [key, rest]));
}
