/**
 * A private copy of the committed content (so tests may edit it) built
 * in-process with build(), with the real templates and public files, in
 * memory with a build cache of its own (copyRealSite's inMemory: the
 * project's image variants copied in, so they are reused).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type BuildSummary } from '../../../src/build.ts';
import { reportErrors } from '../../../src/commands/command-support.ts';
import { resolveBuildDate } from '../../../src/core/format.ts';
import { createMemoryLogger } from '../../../src/core/logger.ts';
import { fixturesDir, repoRoot } from '../../support/fixture-site.ts';
import { copyRealSite } from '../../support/real-site.ts';
import { listFiles, PROJECT_ROOT, TEST_SOURCE_DATE_EPOCH } from '../../support/site-build.ts';

export interface PerfSite {
  root: string;
  contentDir: string;
  /** Its own build cache, in memory beside the copy (the project's image variants copied in). */
  cacheDir: string;
  /** Builds into `out` (a folder name under the site's root); `cache: false` is a from-scratch reference build. */
  build(out: string, options?: Partial<BuildOptions>): Promise<BuildSummary>;
  edit(relative: string, change: (text: string) => string): void;
  remove(): void;
}

export function createPerfSite(): PerfSite {
  // In memory, with a cache of its own: a dozen builds of the whole site written, linked and compared.
  const copy = copyRealSite({ folders: ['content'], prefix: 'cleansite-perf-', inMemory: true });
  const { root, contentDir, cacheDir } = copy;
  return {
    root,
    contentDir,
    cacheDir,
    async build(out, options = {}) {
      const logger = createMemoryLogger();
      try {
        return await build({
          rootDir: PROJECT_ROOT,
          contentDir,
          templatesDir: path.join(PROJECT_ROOT, 'templates'),
          publicDir: path.join(PROJECT_ROOT, 'public'),
          outDir: path.join(root, out),
          cacheDir,
          keepGoing: false,
          buildDate: resolveBuildDate(10, { SOURCE_DATE_EPOCH: String(TEST_SOURCE_DATE_EPOCH) }),
          ...options,
        }, logger);
      } catch (error) {
        reportErrors(error, logger, true);
        throw new Error(`build into ${out} failed:\n${logger.lines.join('\n')}`, { cause: error });
      }
    },
    edit: (relative, change) => copy.edit(`content/${relative}`, change),
    remove: copy.remove,
  };
}

/**
 * An in-process build with the fixture site's public files, the project's cache and a fixed
 * date: the tests that bring their own content or templates give those and the output folder.
 */
export function buildInProcess(options: Pick<BuildOptions, 'contentDir' | 'templatesDir' | 'outDir'> & Partial<BuildOptions>): Promise<BuildSummary> {
  return build({
    rootDir: repoRoot,
    publicDir: path.join(fixturesDir, 'basic-site', 'public'),
    cacheDir: path.join(repoRoot, '.cache'),
    keepGoing: false,
    buildDate: '2026-11-20',
    ...options,
  }, createMemoryLogger());
}

/**
 * Files that differ between two output folders (missing on either side included), besides the
 * placeholder record: it names the content file it read, another copy of the content here.
 */
export function differingFiles(a: string, b: string): string[] {
  const site = (file: string) => file !== '.cleansite-placeholders.json';
  const left = listFiles(a).filter(site);
  const right = listFiles(b).filter(site);
  const all = [...new Set([...left, ...right])].sort();
  return all.filter((file) => {
    try {
      return !readFileSync(path.join(a, file)).equals(readFileSync(path.join(b, file)));
    } catch {
      return true;
    }
  });
}

export function inodeOf(file: string): number {
  return statSync(file).ino;
}
