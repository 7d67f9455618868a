/**
 * The S3 client a deploy talks through. Credentials come from the SDK's
 * standard chain (environment, shared profile, web identity token in CI).
 * Transient failures (throttling, 5xx, dropped connections) are retried by
 * the SDK with backoff; a request that still fails fails the deploy.
 */
import { S3Client } from '@aws-sdk/client-s3';

export interface S3ClientOptions {
  /** An S3-compatible server (MinIO, s3rver, R2...): path-style keys, checksums only where required. */
  endpoint?: string;
  region?: string;
  maxAttempts?: number;
}

export function createS3Client(options: S3ClientOptions): S3Client {
  return new S3Client({
    region: options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
    maxAttempts: options.maxAttempts ?? 5,
    retryMode: 'standard',
    ...(options.endpoint
      ? { endpoint: options.endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
}
