/** `s3://bucket/some/prefix` -> where in which bucket a deploy writes. */
import { CleansiteError } from '../core/errors.ts';

export interface S3Target {
  bucket: string;
  /** Key prefix, '' or ending in '/', never starting with '/'. */
  prefix: string;
}

/** S3's bucket naming rules: 3-63 of a-z 0-9 . -, starting and ending with a letter or digit. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function parseS3Target(value: string): S3Target {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(value);
  if (!match) {
    throw new CleansiteError({ code: 'USAGE', message: `expected a target such as s3://my-bucket or s3://my-bucket/site, received "${value}"` });
  }
  const bucket = match[1]!;
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    throw new CleansiteError({ code: 'USAGE', message: `"${bucket}" is not a valid S3 bucket name`, hint: 'bucket names are 3-63 lowercase letters, digits, dots and hyphens' });
  }
  const parts = (match[2] ?? '').split('/').filter(Boolean);
  if (parts.some((part) => part === '.' || part === '..')) {
    throw new CleansiteError({ code: 'USAGE', message: `the key prefix of "${value}" contains "." or ".." segments` });
  }
  return { bucket, prefix: parts.length === 0 ? '' : `${parts.join('/')}/` };
}

export function formatS3Target(target: S3Target): string {
  return `s3://${target.bucket}/${target.prefix}`;
}
