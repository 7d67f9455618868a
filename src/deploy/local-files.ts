/**
 * The files of a build folder as a deploy sees them: every file whatever its
 * extension or case (dot folders such as .well-known/ included), each with
 * the MD5 of its bytes (what S3 reports as the ETag of a single-part upload)
 * and the headers it must be served with, from the same rules as _headers.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cacheControlFor } from '../publish/cache-rules.ts';
import { contentTypeFor, HOST_CONFIG_FILES } from '../publish/content-types.ts';

export interface LocalFile {
  /** Path relative to the build folder, forward slashes: the key below the prefix. */
  key: string;
  size: number;
  /** Hex MD5 of the bytes. */
  md5: string;
  contentType: string;
  cacheControl: string;
  /** Set for a redirect source's fallback page: S3 answers it with a 301 to here. */
  redirectLocation?: string;
}

/** cleansite's own bookkeeping files (`.cleansite-output` and the like) are never published. */
export function isPrivateFile(key: string): boolean {
  return key.split('/').some((part) => part.startsWith('.cleansite')) || HOST_CONFIG_FILES.includes(key);
}

export function listLocalFiles(dir: string): LocalFile[] {
  const files: LocalFile[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const key = path.relative(dir, absolute).split(path.sep).join('/');
    if (isPrivateFile(key)) continue;
    const bytes = readFileSync(absolute);
    files.push({
      key,
      size: bytes.length,
      md5: createHash('md5').update(bytes).digest('hex'),
      contentType: contentTypeFor(key),
      cacheControl: cacheControlFor(key),
    });
  }
  return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
