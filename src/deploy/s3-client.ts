/**
 * The S3 client a deploy talks through. Credentials come from the SDK's
 * standard chain (environment, shared profile, web identity token in CI).
 * Transient failures (throttling, 5xx, dropped connections, timeouts) are
 * retried by the SDK with backoff; a request that still fails fails the deploy.
 *
 * Every request is bounded: a connection not made within `connectTimeoutMs`,
 * or a request not answered (or a socket idle) for `requestTimeoutMs`, fails
 * as a TimeoutError, which the SDK retries like any transient failure. Without
 * these one never-answered request hangs a deploy forever.
 */
import { S3Client } from '@aws-sdk/client-s3';

export interface NetworkTimeouts {
  connectTimeoutMs: number;
  requestTimeoutMs: number;
}

export const DEFAULT_TIMEOUTS: NetworkTimeouts = { connectTimeoutMs: 10_000, requestTimeoutMs: 60_000 };

export interface S3ClientOptions {
  /** An S3-compatible server (MinIO, s3rver, R2...): path-style keys, checksums only where required. */
  endpoint?: string;
  region?: string;
  maxAttempts?: number;
  timeouts?: NetworkTimeouts;
}

/** The SDK's Node handler options (a plain object: the SDK builds its NodeHttpHandler from it). */
export function requestHandlerOptions(timeouts: NetworkTimeouts = DEFAULT_TIMEOUTS) {
  return {
    connectionTimeout: timeouts.connectTimeoutMs,
    // Whole request until the response headers; throwing (not just warning) makes it a retried TimeoutError.
    requestTimeout: timeouts.requestTimeoutMs,
    throwOnRequestTimeout: true,
    // After the headers: a body that stops arriving (a stalled or cut-off read).
    socketTimeout: timeouts.requestTimeoutMs,
  };
}

export function createS3Client(options: S3ClientOptions): S3Client {
  return new S3Client({
    region: options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
    maxAttempts: options.maxAttempts ?? 5,
    retryMode: 'standard',
    requestHandler: requestHandlerOptions(options.timeouts),
    ...(options.endpoint
      ? { endpoint: options.endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
}
