/**
 * One S3 test server (support/s3-test-server.ts) per deploy test file, with
 * its client, a fresh bucket per test, and the two ways a test deploys:
 * `deploy()` through deploySite() and `cli()` through the real CLI's main()
 * in this process (it talks to the server in this process). Call at the top
 * level of the file; the server starts before the first test, its request
 * log and injected faults are cleared after each test, and the server,
 * client and the fixture builds (support/fixture-dist.ts) go after the file.
 *
 *   const s3 = useDeployHarness(['bucket-0', ...], { website: true });
 *   const bucket = s3.freshBucket();
 *   await s3.deploy(dir, `s3://${bucket}`);
 *   const run = await s3.cli('deploy', `s3://${bucket}`, '--dir', dir, '--endpoint', s3.server.endpoint);
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { main } from '../../../src/cli.ts';
import { deploySite, type DeployOptions } from '../../../src/deploy/deploy-site.ts';
import { createS3Client } from '../../../src/deploy/s3-client.ts';
import { parseS3Target } from '../../../src/deploy/s3-target.ts';
import { removeDists } from './fixture-dist.ts';
import { S3_CREDENTIALS, startS3TestServer, type S3TestServer } from './s3-test-server.ts';

export interface DeployHarness {
  /** The server (set before the first test). */
  readonly server: S3TestServer;
  /** An SDK client for it (set before the first test). */
  readonly client: S3Client;
  /** The next unused bucket of `buckets`, so tests never see each other's objects; fails when they are used up. */
  freshBucket(): string;
  /** deploySite() of `dir` to `target` with the tests' defaults (50 deletions allowed, no asset grace period). */
  deploy(dir: string, target: string, options?: Partial<DeployOptions>): ReturnType<typeof deploySite>;
  /** The real CLI's main() in this process: exit code and its stdout and stderr lines. */
  cli(...args: string[]): Promise<{ code: number; out: string; err: string }>;
}

export function useDeployHarness(buckets: readonly string[], options: { website?: boolean; extraBuckets?: readonly string[] } = {}): DeployHarness {
  let server: S3TestServer | undefined;
  let client: S3Client | undefined;
  let next = 0;
  beforeAll(async () => {
    Object.assign(process.env, S3_CREDENTIALS);
    server = await startS3TestServer([...buckets, ...(options.extraBuckets ?? [])], { website: options.website });
    client = createS3Client({ endpoint: server.endpoint });
  });
  afterAll(async () => {
    client?.destroy();
    await server?.close();
    removeDists();
  });
  afterEach(() => {
    if (!server) return;
    server.requests.length = 0;
    server.clearFailures();
    server.putDelayMs = 0;
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the S3 test server is not started yet: use it inside a test or a hook');
    return value;
  };
  return {
    get server() { return started(server); },
    get client() { return started(client); },
    freshBucket() {
      const bucket = buckets[next++];
      if (bucket === undefined) throw new Error(`all ${buckets.length} test buckets are used: add more to this file's list`);
      return bucket;
    },
    deploy: (dir, target, deployOptions = {}) => deploySite(started(client), { dir, target: parseS3Target(target), maxDeletes: 50, pruneAssetsAfterDays: 0, ...deployOptions }),
    async cli(...args) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(['node', 'cleansite', ...args], { out: (line) => out.push(line) > 0, err: (line) => err.push(line) > 0 });
      return { code, out: out.join('\n'), err: err.join('\n') };
    },
  };
}
