/**
 * A throwaway project for the safety tests: test/fixtures/basic-site (its
 * own content/, templates/, public/) copied into `<tmp>/project`, with a
 * fake home folder beside it (`<tmp>/home`, passed as HOME), so that no
 * refused --out can ever reach the real project or home folder. The CLI runs
 * with the project as its working folder, as a user runs it.
 */
import { lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runCli, spawnCli, TEST_SOURCE_DATE_EPOCH } from '../../support/cli.ts';
import { copyFixtureSite, makeTempDir } from '../../support/fixture-site.ts';

/** The pinned build date of every CLI run (test/support/cli.ts). */
export const SOURCE_DATE_EPOCH = String(TEST_SOURCE_DATE_EPOCH);

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stderr without blank lines and npm's own warnings. */
  errorLines: string[];
}

export interface RunningCli {
  pid: number;
  /** Resolves with the first match of `pattern` in stdout + stderr; rejects if the process ends or `timeoutMs` passes first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves once the CLI prints `CLEANSITE_TEST_PAUSED <step>` (CLEANSITE_TEST_PAUSE_AT). */
  paused(step: string): Promise<unknown>;
  /** Resolves when the process ends, with its exit code (null when a signal killed it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }>;
  kill(signal: NodeJS.Signals): void;
  /** False once the process has ended. */
  alive(): boolean;
}

export interface SafetySite {
  /** The temporary folder holding `project` and `home`. */
  base: string;
  project: string;
  home: string;
  /** Runs the CLI to completion in the project folder. */
  run(args: string[], env?: NodeJS.ProcessEnv): CliRun;
  /** Starts the CLI without waiting (for kill and signal tests). */
  start(args: string[], env?: NodeJS.ProcessEnv): RunningCli;
  remove(): void;
}

/** `inMemory`: in MEMORY_TMP (test/support/fixture-site.ts), for a file that builds the site dozens of times. */
export function makeSafetySite({ inMemory = false }: { inMemory?: boolean } = {}): SafetySite {
  const base = makeTempDir('cleansite-safety-', inMemory ? 'memory' : 'disk');
  const project = path.join(base, 'project');
  const home = path.join(base, 'home');
  copyFixtureSite(project);
  mkdirSync(home);
  const envFor = (env: NodeJS.ProcessEnv) => ({ HOME: home, CLEANSITE_TEST_PAUSE_AT: '', ...env });
  return {
    base,
    project,
    home,
    run(args, env = {}) {
      const result = runCli(args, project, envFor(env));
      return { status: result.status, stdout: result.stdout, stderr: result.stderr, errorLines: errorLines(result.stderr) };
    },
    start(args, env = {}) {
      const child = spawnCli(args, { cwd: project, env: envFor(env) });
      let stderr = '';
      let stdout = '';
      let ended = false;
      const listeners = new Set<() => void>();
      const changed = () => listeners.forEach((listener) => listener());
      child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString('utf8'); changed(); });
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); changed(); });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }>((resolve) => {
        child.on('close', (code, signal) => {
          ended = true;
          changed();
          resolve({ code, signal, stderr, stdout });
        });
      });
      const waitFor = (pattern: RegExp, timeoutMs = 30_000) => new Promise<RegExpExecArray>((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`timed out waiting for ${pattern}`)), timeoutMs);
        const finish = (error?: Error, match?: RegExpExecArray) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (match) resolve(match);
          else reject(new Error(`${error?.message}\nstdout:\n${stdout}\nstderr:\n${stderr}`));
        };
        const check = () => {
          const match = pattern.exec(stdout + stderr);
          if (match) finish(undefined, match);
          else if (ended) finish(new Error(`the process ended before printing ${pattern}`));
        };
        listeners.add(check);
        check();
      });
      return {
        pid: child.pid!,
        waitFor,
        paused: (step) => waitFor(new RegExp(`^CLEANSITE_TEST_PAUSED ${step}$`, 'm')),
        exited,
        kill: (signal) => child.kill(signal),
        alive: () => !ended,
      };
    },
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}

export function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
}

/**
 * Every path under `dir` with its type, size and modification time: equal
 * states mean nothing was added, removed, written or replaced.
 */
export function treeState(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      const stat = lstatSync(full);
      const kind = stat.isSymbolicLink() ? 'link' : stat.isDirectory() ? 'dir' : 'file';
      return `${path.relative(dir, full)} ${kind} ${kind === 'file' ? stat.size : ''} ${stat.mtimeMs} ${stat.ino}`;
    })
    .sort();
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
