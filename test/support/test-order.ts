/**
 * The order `npm test` starts its files in (vitest.config.ts `sequence.sequencer`). Two workers
 * take files from one queue, so a long file started last is a tail the other worker spends idle:
 * the long files go first, longest first, whatever their project; then the short ones, one project
 * after another, so a worker that shares modules between files (`isolate: false`) keeps its process
 * from one file to the next (vitest ends it when the next file in the queue is another project's).
 *
 * How long a file takes: vitest's own record of the last run (node_modules/.vite/vitest) when it
 * has one, else the estimate below, so a fresh clone (CI) orders its long files as a machine that
 * ran the suite before does. vitest's default puts files it has no record of in order of size,
 * which started the browser gates (a short file whose work is one long beforeAll) near the end.
 */
import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/**
 * Seconds each long file took in a whole run (2026-11-26, `main`, load 2-6; the browser gates
 * from vitest's record, which counts their beforeAll; bounded-memory 2026-11-27, with its third
 * build). A file not listed counts as short.
 */
export const LONG_FILE_SECONDS: Record<string, number> = {
  'test/quality/browser-gates.test.ts': 80,
  'test/engine/add-a-collection.test.ts': 48,
  'test/engine/watch-equals-build.test.ts': 36,
  'test/perf/bounded-memory.test.ts': 27,
  'test/deploy/deploy-faults.test.ts': 26,
  'test/fuzz/content-fuzz.test.ts': 23,
  'test/browser/content-widgets.test.ts': 17,
  'test/browser/routes-and-fallbacks.test.ts': 17,
  'test/safety/crash-proof-swap.test.ts': 15,
  'test/quality/accessibility.test.ts': 12,
  'test/watch/open-page-first.test.ts': 12,
  'test/server/request-fuzz.test.ts': 11,
  'test/browser/navigation-menus.test.ts': 10,
  'test/quality/visitor-modes.test.ts': 10,
  'test/perf/parallel-render.test.ts': 10,
  'test/safety/output-ownership.test.ts': 9,
  'test/deploy/deploy-s3.test.ts': 9,
  'test/core/build-fixtures.test.ts': 7,
  'test/watch/watch-runaway-template.test.ts': 7,
  'test/quality/html-validity.test.ts': 7,
};

/** A file expected to take this long or longer starts before every shorter one. */
const LONG_MS = 5_000;
/** The order of the short files' projects: the one-process-per-file integration files, the shared ones, the unit tier last (the shortest). */
const PROJECT_ORDER = ['integration', 'integration-shared', 'unit'];

/**
 * Types only from vitest/node: test/unit/test-tiers.test.ts imports vitest.config.ts, and so this
 * file, in the unit tier, where vitest's node side is a second of imports for nothing.
 */
export default class LongFilesFirst implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  /** `--shard i/n`: vitest's own split, by a hash of each file's path. */
  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const keyed = files.map((file) => ({ file, hash: createHash('sha1').update(this.pathOf(file)).digest('hex') })).sort((a, b) => a.hash.localeCompare(b.hash));
    const size = Math.ceil(keyed.length / count);
    return keyed.slice(size * (index - 1), size * index).map(({ file }) => file);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = new Map(files.map((file) => [file, this.expectedMs(file)]));
    const byTime = (a: TestSpecification, b: TestSpecification) => (expected.get(b) ?? 0) - (expected.get(a) ?? 0);
    const projectRank = (file: TestSpecification) => {
      const rank = PROJECT_ORDER.indexOf(file.project.name);
      return rank === -1 ? PROJECT_ORDER.length : rank;
    };
    const long = files.filter((file) => (expected.get(file) ?? 0) >= LONG_MS).sort(byTime);
    const short = files.filter((file) => (expected.get(file) ?? 0) < LONG_MS)
      .sort((a, b) => projectRank(a) - projectRank(b) || byTime(a, b) || a.moduleId.localeCompare(b.moduleId));
    return [...long, ...short];
  }

  /** The file's last duration on this machine, or the committed estimate, in ms. */
  private expectedMs(file: TestSpecification): number | undefined {
    const path = this.pathOf(file);
    const recorded = this.ctx.cache.getFileTestResults(`${file.project.name}:${path}`);
    if (recorded && !recorded.failed) return recorded.duration;
    const estimate = LONG_FILE_SECONDS[path];
    return estimate === undefined ? undefined : estimate * 1000;
  }

  private pathOf(file: TestSpecification): string {
    return relative(this.ctx.config.root, file.moduleId).split('\\').join('/');
  }
}

