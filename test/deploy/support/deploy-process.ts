/**
 * `cleansite deploy` as a real process (signals, kill -STOP/-CONT), its
 * output collected, and `waitFor`: polls a condition with a deadline and a
 * message saying what never happened, instead of a fixed sleep.
 */
import type { ChildProcess } from 'node:child_process';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { spawnCli } from '../../support/cli.ts';
import { S3_CREDENTIALS } from './s3-test-server.ts';

export interface DeployProcess {
  child: ChildProcess;
  /** The exit code once it has exited. */
  exitCode(): number | null | undefined;
  stderr(): string;
  /** Resolves with the exit code; rejects when the process has not exited within `timeoutMs`. */
  exited(timeoutMs: number): Promise<number | null>;
}

export function spawnDeploy(args: string[]): DeployProcess {
  const child = spawnCli(['deploy', ...args], { env: S3_CREDENTIALS });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  child.stdout!.resume();
  let code: number | null | undefined;
  const exit = new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(code = exitCode)));
  return {
    child,
    exitCode: () => code,
    stderr: () => stderr,
    exited: (timeoutMs) => Promise.race([
      exit,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`deploy did not exit within ${timeoutMs} ms; stderr so far:\n${stderr}`)), timeoutMs).unref()),
    ]),
  };
}

/** `watched`: a process whose early exit fails the wait at once, with its output. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string, watched?: DeployProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (watched?.exitCode() !== undefined) throw new Error(`the deploy exited (${watched!.exitCode()}) before ${what}; stderr:\n${watched!.stderr()}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${watched ? `; stderr so far:\n${watched.stderr()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Writes a lock record as another deploy would have left it: live for `expiresInMs` (negative: already expired). */
export async function writeLock(client: S3Client, bucket: string, prefix: string, owner: string, expiresInMs: number): Promise<string> {
  const body = JSON.stringify({ owner, host: 'ci-runner-7', pid: 4242, started: new Date(Date.now() - 60_000).toISOString(), expires: new Date(Date.now() + expiresInMs).toISOString(), generation: 3 });
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}.cleansite-deploy/lock.json`, Body: body, ContentType: 'application/json; charset=utf-8' }));
  return body;
}
