/** S3 failures in words: what went wrong, with what to check. */
import { CleansiteError } from '../core/errors.ts';
import { formatS3Target, type S3Target } from './s3-target.ts';

/** An S3 error outside any one file (the bucket, the credentials), said in words with what to check. */
export function toDeployError(error: unknown, target: S3Target): CleansiteError {
  const name = (error as Error).name;
  const known: Record<string, [string, string]> = {
    NoSuchBucket: ['the bucket does not exist', 'check the bucket name (and --endpoint or --region)'],
    AccessDenied: ['access denied', 'the credentials need s3:ListBucket, s3:GetObject, s3:PutObject and s3:DeleteObject on the bucket (docs/deploy.md, "Minimal IAM policy")'],
    CredentialsProviderError: ['no AWS credentials found', 'set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, or use OIDC in CI (docs/deploy.md, "CI")'],
    InvalidAccessKeyId: ['the access key is not known to the server', 'check AWS_ACCESS_KEY_ID / AWS_PROFILE and --endpoint'],
    SignatureDoesNotMatch: ['the request signature was refused', 'check AWS_SECRET_ACCESS_KEY and --region'],
  };
  const [what, hint] = known[name] ?? [describe(error), 'run again with --debug for the full error'];
  return new CleansiteError({ code: 'DEPLOY_FAILED', message: `${formatS3Target(target)}: ${what}`, hint, cause: error });
}


/** The SDK's message with the HTTP status, for one line of output. */
export function describe(error: unknown): string {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if ((error as Error).name === 'TimeoutError') return describeTimeout((error as Error).message);
  const message = error instanceof Error ? error.message || error.name : String(error);
  return status ? `${message} (HTTP ${status})` : message;
}

/** The HTTP handler's timeout, said with the option that sets it. */
function describeTimeout(message: string): string {
  const ms = Number(/(\d+) ?ms/.exec(message)?.[1]);
  const within = Number.isFinite(ms) ? ` within ${ms / 1000} s` : ' in time';
  return /connection/i.test(message) ? `no connection${within} (--connect-timeout)` : `no answer${within} (--request-timeout)`;
}
