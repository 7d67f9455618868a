/**
 * Builds the real site (content/, templates/, public/ of the project root)
 * into a fresh temporary folder, never into dist/, with the build date pinned
 * by SOURCE_DATE_EPOCH, so tests that run at the same time cannot clash and
 * every run sees the same output.
 *
 *   const site = await buildSite();          // in-process, through build()
 *   const site = await buildSiteWithCli();   // the real CLI in a child process
 *   ...
 *   await site.remove();
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildSummary } from '../../src/build.ts';
import { resolveBuildDate } from '../../src/core/format.ts';
import { parseRedirectsFile } from '../../src/publish/redirect-rules.ts';
import { toOutputFile } from '../../src/core/urls.ts';
import { makeTempDir } from './fixture-site.ts';

import { runCliAsync, TEST_SOURCE_DATE_EPOCH } from './cli.ts';

export { TEST_SOURCE_DATE_EPOCH };

/** The project root (this file is test/support/site-build.ts). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface SiteBuildOptions {
  /** Folder the content/templates/public defaults are resolved against. Default: the project root. */
  rootDir?: string;
  contentDir?: string;
  templatesDir?: string;
  publicDir?: string;
  /** Output folder. Default: `dist` inside a new temporary folder. */
  outDir?: string;
  sourceDateEpoch?: number;
  jobs?: number;
  baseUrl?: string;
}

export interface BuiltSite {
  /** Absolute path of the built output folder. */
  dir: string;
  /** YYYY-MM-DD the build was stamped with. */
  buildDate: string;
  /** Every HTML page of the output, relative, forward slashes, sorted; redirect fallback pages (content/redirects.md) are not pages and are left out. */
  htmlFiles: string[];
  /** The fallback pages of redirect sources (`quote/index.html`), tested on their own (test/publish/). */
  redirectPages: string[];
  /** Deletes the temporary folder the site was built in (a no-op for a caller-chosen outDir). */
  remove(): Promise<void>;
}

export interface CliBuildResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

interface ResolvedBuild {
  rootDir: string;
  contentDir: string;
  templatesDir: string;
  publicDir: string;
  outDir: string;
  epoch: number;
  temporary: string | undefined;
}

function resolveBuild(options: SiteBuildOptions): ResolvedBuild {
  const rootDir = path.resolve(options.rootDir ?? PROJECT_ROOT);
  const temporary = options.outDir ? undefined : makeTempDir('cleansite-site-');
  return {
    rootDir,
    contentDir: path.resolve(rootDir, options.contentDir ?? 'content'),
    templatesDir: path.resolve(rootDir, options.templatesDir ?? 'templates'),
    publicDir: path.resolve(rootDir, options.publicDir ?? 'public'),
    outDir: options.outDir ? path.resolve(options.outDir) : path.join(temporary!, 'dist'),
    epoch: options.sourceDateEpoch ?? TEST_SOURCE_DATE_EPOCH,
    temporary,
  };
}

/** A build already in `outDir` (made with the pinned date), described as buildSite() describes its own; remove() leaves it alone. */
export function readBuiltSite(outDir: string): BuiltSite {
  return toBuiltSite(resolveBuild({ outDir }));
}

function toBuiltSite(resolved: ResolvedBuild): BuiltSite {
  const redirectPages = new Set(listRedirectPages(resolved.outDir));
  return {
    dir: resolved.outDir,
    buildDate: resolveBuildDate(10, { SOURCE_DATE_EPOCH: String(resolved.epoch) }),
    htmlFiles: listFiles(resolved.outDir).filter((file) => file.endsWith('.html') && !redirectPages.has(file)),
    redirectPages: [...redirectPages].sort(),
    remove: async () => {
      if (resolved.temporary) await rm(resolved.temporary, { recursive: true, force: true });
    },
  };
}

/**
 * Builds in-process through the build() API. A failed build throws an Error
 * whose message holds the CLI's own error lines, so a failing test shows why.
 */
export async function buildSite(options: SiteBuildOptions = {}): Promise<BuiltSite & { summary: BuildSummary }> {
  // The engine is imported here, not at the top: most files import this module only for
  // readBuiltSite, PROJECT_ROOT or a CLI build, and the engine's import cost each of them ~1-2 s.
  const [{ build }, { toBuildOptions }, { reportErrors }, { createMemoryLogger }] = await Promise.all([
    import('../../src/build.ts'), import('../../src/commands/build-command.ts'), import('../../src/commands/command-support.ts'), import('../../src/core/logger.ts'),
  ]);
  const resolved = resolveBuild(options);
  const buildOptions = {
    ...toBuildOptions({ content: resolved.contentDir, templates: resolved.templatesDir, public: resolved.publicDir, out: resolved.outDir, baseUrl: options.baseUrl, jobs: options.jobs }, resolved.rootDir),
    buildDate: resolveBuildDate(10, { SOURCE_DATE_EPOCH: String(resolved.epoch) }),
  };
  const logger = createMemoryLogger();
  let summary: BuildSummary;
  try {
    summary = await build(buildOptions, logger);
  } catch (error) {
    reportErrors(error, logger, true);
    if (resolved.temporary) await rm(resolved.temporary, { recursive: true, force: true });
    throw new Error(`the site did not build:\n${logger.lines.join('\n')}`, { cause: error });
  }
  return { ...toBuiltSite(resolved), summary };
}

/** Runs `cleansite build ...` in a child process (the path users take), through test/support/cli.ts; never throws for exit codes. */
export async function runCliBuild(args: string[], options: { cwd?: string; sourceDateEpoch?: number; timeoutMs?: number } = {}): Promise<CliBuildResult> {
  const epoch = options.sourceDateEpoch === undefined ? {} : { SOURCE_DATE_EPOCH: String(options.sourceDateEpoch) };
  const result = await runCliAsync(['build', ...args], options.cwd ?? PROJECT_ROOT, epoch, options.timeoutMs);
  if (result.status === null) throw new Error(`cleansite build ${args.join(' ')} did not finish in time:\n${result.stderr}`);
  return { exitCode: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Builds the site with the real CLI into a temporary folder; throws with the CLI's output when it exits non-zero. */
export async function buildSiteWithCli(options: SiteBuildOptions = {}): Promise<BuiltSite> {
  const resolved = resolveBuild(options);
  const args = ['--content', resolved.contentDir, '--templates', resolved.templatesDir, '--public', resolved.publicDir, '--out', resolved.outDir];
  if (options.jobs !== undefined) args.push('--jobs', String(options.jobs));
  if (options.baseUrl) args.push('--base-url', options.baseUrl);
  const result = await runCliBuild(args, { cwd: resolved.rootDir, sourceDateEpoch: resolved.epoch });
  if (result.exitCode !== 0) {
    if (resolved.temporary) await rm(resolved.temporary, { recursive: true, force: true });
    throw new Error(`cleansite build exited ${result.exitCode}:\n${result.stderr}${result.stdout}`);
  }
  return toBuiltSite(resolved);
}

/** Every file under a folder, relative with forward slashes, sorted. */
/** The fallback pages of the build's redirect sources (its forced rules in _redirects): files, not pages of the site. */
export function listRedirectPages(dir: string): string[] {
  const file = path.join(dir, '_redirects');
  if (!existsSync(file)) return [];
  return parseRedirectsFile(readFileSync(file, 'utf8')).filter((rule) => rule.force && rule.from.startsWith('/')).map((rule) => toOutputFile(rule.from)).sort();
}

export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
