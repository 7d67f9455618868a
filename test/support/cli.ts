/**
 * The one way tests run the real CLI (`node bin/cleansite.mjs ...`) in a child process: every
 * run gets the same pinned build date and NO_COLOR, so its output compares as plain text and no
 * two runners disagree on the date. Scripts run by plain node (preview-process.mjs) cannot
 * import TypeScript and repeat the date there.
 *
 *   runCli(['build', ...], cwd)        // waits (blocks this thread)
 *   await runCliAsync(['deploy', ...]) // for a CLI that talks to servers in this process
 *   spawnCli(['watch', ...], { cwd })  // a running process (watch, kill tests)
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cliPath = path.join(repoRoot, 'bin', 'cleansite.mjs');

/** 2026-11-20 12:00 in Brisbane: the build date every test build is stamped with, in-process or by the CLI. */
export const TEST_SOURCE_DATE_EPOCH = 1_795_140_000;

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** What every CLI child process runs with: the pinned date and no colour codes, then `env` on top. */
export function cliEnv(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // The fixture sites' business details are stand-ins on purpose: the placeholder warning is test/quality/placeholder-gate.test.ts's subject only.
  // A stage's progress line in a log depends on the machine's load (a line from 2 s): tests that compare stderr
  // must not see one on a busy machine, so no stage is slow enough unless a test sets its own threshold.
  // Vitest sets NODE_ENV=test in its own process; a user's shell does not, and with NODE_ENV set the
  // CLI keeps it, so React's development build would render (several times slower, far more memory).
  const { NODE_ENV: _testRunner, ...inherited } = process.env;
  return { ...inherited, SOURCE_DATE_EPOCH: String(TEST_SOURCE_DATE_EPOCH), NO_COLOR: '1', CLEANSITE_ALLOW_PLACEHOLDERS: '1', CLEANSITE_SLOW_STAGE_MS: '3600000', ...env };
}

export function runCli(args: string[], cwd = repoRoot, env: NodeJS.ProcessEnv = {}, timeoutMs = 120_000): CliResult {
  const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8', env: cliEnv(env), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function spawnCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [cliPath, ...args], { cwd: options.cwd ?? repoRoot, env: cliEnv(options.env) });
}

/** runCli without blocking; a run still going after `timeoutMs` is killed (status null). */
export function runCliAsync(args: string[], cwd = repoRoot, env: NodeJS.ProcessEnv = {}, timeoutMs = 120_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, { cwd, env });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', () => clearTimeout(timer));
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The labels a run traced into `file` (CLEANSITE_TRACE=file: `trace: <label> <epoch ms>` lines, src/core/trace.ts), in order. */
export function traceLabels(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => line.replace(/^trace: /, '').replace(/ [\d.]+$/, ''));
}
