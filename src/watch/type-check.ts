/**
 * Type errors in the templates, reported by `watch` without holding up a
 * rebuild: esbuild compiles templates without checking types, so a typo such
 * as `study.clinet` renders an empty string and says nothing. When the site
 * has a tsconfig.json and `typescript` resolves from its root, a `tsc --watch
 * --noEmit` child process checks the templates folder (and what it imports)
 * in the background, at low priority unless told otherwise (`watch --type-check`),
 * and each finished check hands its errors over as CleansiteErrors with file,
 * line and column. A site without TypeScript gets no check and no message about it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import path from 'node:path';
import { CleansiteError } from '../core/errors.ts';
import type { StreamMessage } from '../server/event-stream.ts';
import type { OverlayProblem } from '../server/live-reload-client.ts';
import { problemsMessage } from './live-messages.ts';
import { LOW_PRIORITY_NICE, MOST_NICE, type TypeCheckMode } from './type-check-mode.ts';

export interface TypeCheckOptions {
  rootDir: string;
  templatesDir: string;
  /** Where the generated tsconfig (the site's, narrowed to the templates) is written. */
  cacheDir: string;
  /** `low` when not given. */
  typeCheck?: TypeCheckMode;
}

export interface TypeCheck {
  /** The errors of the last finished check (empty before the first). */
  problems(): CleansiteError[];
  stop(): void;
}

/**
 * Runs tsc (`process.argv[1]`, its arguments after it, as its own bin script sees them) with a
 * thread that ends it once watch is gone (its parent is no longer watch's pid): `tsc --watch` never ends on its
 * own, a watch killed outright (SIGKILL, the OOM killer) cannot stop it, and its main thread is
 * busy for seconds in each check, so only another thread can notice in time.
 */
const ENDS_WITH_PARENT = `new (require('node:worker_threads').Worker)(
  'setInterval(() => { if (process.ppid !== Number(process.env.CLEANSITE_WATCH_PID)) process.kill(process.pid, "SIGKILL"); }, 250);',
  { eval: true }).unref();
require(process.argv[1]);`;

/** A finished check's report: `Found 2 errors. Watching for file changes.` */
const CHECK_DONE = /Found \d+ errors?\b.*Watching for file changes/;
const ERROR_LINE = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;

/** Starts the background check, or returns undefined when the site has no tsconfig.json or no typescript. */
export function startTypeCheck(options: TypeCheckOptions, onCheck: (problems: CleansiteError[]) => void): TypeCheck | undefined {
  const siteConfig = path.join(options.rootDir, 'tsconfig.json');
  const tsc = resolveTsc(options.rootDir);
  if (options.typeCheck === 'off' || !tsc || !existsSync(siteConfig)) return undefined;
  const project = writeTemplatesProject(options, siteConfig);
  const child = spawn(process.execPath, ['-e', ENDS_WITH_PARENT, tsc, '--watch', '--noEmit', '--pretty', 'false', '--preserveWatchOutput', '-p', project], {
    cwd: options.rootDir, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, CLEANSITE_WATCH_PID: String(process.pid) },
  });
  // A check is a background job: it must not slow the rebuild a save started.
  try {
    if (child.pid !== undefined && options.typeCheck !== 'normal') setPriority(child.pid, Math.min(MOST_NICE, getPriority() + LOW_PRIORITY_NICE));
  } catch { /* not permitted here: it runs at normal priority */ }
  let last: CleansiteError[] = [];
  let pending: CleansiteError[] = [];
  let buffer = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines.map((text) => text.replace(/\r$/, ''))) {
      const error = ERROR_LINE.exec(line);
      if (error) pending.push(typeError(options.rootDir, error));
      else if (/^\s+\S/.test(line) && pending.length > 0) pending.at(-1)!.message += ` ${line.trim()}`;
      else if (CHECK_DONE.test(line)) {
        last = pending;
        pending = [];
        onCheck(last);
      }
    }
  });
  child.on('error', () => { /* tsc could not start: no check, as without TypeScript */ });
  return { problems: () => last, stop: () => stopChild(child) };
}

/** The site's own TypeScript (its root's node_modules), never the engine's: the check is the site's `npm run typecheck`. */
function resolveTsc(rootDir: string): string | undefined {
  try {
    const manifest = createRequire(path.join(rootDir, 'package.json')).resolve('typescript/package.json');
    const tsc = path.join(path.dirname(manifest), 'bin', 'tsc');
    return existsSync(tsc) ? tsc : undefined;
  } catch {
    return undefined;
  }
}

/** The site's tsconfig with only the templates folder as its files: tests and scripts are not watch's business. */
function writeTemplatesProject(options: TypeCheckOptions, siteConfig: string): string {
  const dir = path.join(options.cacheDir, 'type-check', createHash('sha256').update(options.rootDir).digest('hex').slice(0, 16));
  mkdirSync(dir, { recursive: true });
  const project = path.join(dir, 'tsconfig.json');
  writeFileSync(project, `${JSON.stringify({ extends: siteConfig, include: [path.join(options.templatesDir, '**', '*')], exclude: [], compilerOptions: { noEmit: true } }, null, 2)}\n`);
  return project;
}

function typeError(rootDir: string, match: RegExpExecArray): CleansiteError {
  const [, file, line, column, code, message] = match;
  const relative = path.relative(rootDir, path.resolve(rootDir, file!)).split(path.sep).join('/');
  return new CleansiteError({
    code: 'TEMPLATE_COMPILE',
    message: `type error ${code}: ${message}`,
    hint: 'the page was still rebuilt from the code as written; `npm run typecheck` shows the same',
    location: { file: relative, line: Number(line), column: Number(column) },
  });
}

function stopChild(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}

/**
 * Watch's side of the check: what open pages are told. Type errors join the overlay's list of
 * problems (a reload greets the page with them), and a check that finds none clears what an
 * earlier one showed. `send` reaches every open page; `current` is watch's own greeting.
 */
export interface TypeCheckMessages {
  /** The check's errors added to what watch tells pages (a greeting, or after a rebuild). */
  withTypeErrors(messages: StreamMessage[]): StreamMessage[];
  stop(): void;
}

export function watchTemplateTypes(options: TypeCheckOptions, send: (message: StreamMessage) => void, current: () => StreamMessage[], report: (problems: CleansiteError[]) => void): TypeCheckMessages {
  let shown = 0;
  const check = startTypeCheck(options, (problems) => {
    const overlay = withTypeErrors(current()).filter((message) => message.event === 'build-error');
    if (overlay.length > 0) overlay.forEach(send);
    else if (shown > 0) send({ event: 'clear', data: {} });
    if (problems.length > 0 || shown > 0) report(problems);
    shown = problems.length;
  });
  const withTypeErrors = (messages: StreamMessage[]): StreamMessage[] => {
    const problems = check?.problems() ?? [];
    if (problems.length === 0) return messages;
    const added = problemsMessage(problems);
    const merged = messages.map((message) => message.event === 'clear' ? added
      : message.event === 'build-error' ? problemsMessage(problems, (message.data as { problems: OverlayProblem[] }).problems)
        : message);
    // A page told nothing else (greeted, or a stylesheet swapped) still sees the type errors.
    return merged.some((message) => message.event === 'build-error' || message.event === 'reload') ? merged : [...merged, added];
  };
  return { withTypeErrors, stop: () => check?.stop() };
}
