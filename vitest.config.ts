import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongFilesFirst from './test/support/test-order.ts';

/**
 * Two tiers. `unit`: the engine's pure tests (no build of the whole site, no browser, no child
 * process), seconds in all: `npm run test:unit` on every save. `integration`: everything else
 * (whole-site builds, the real CLI, servers, Chromium), in two projects: `integration`, a process
 * per file, and `integration-shared`, the files listed in SHARED_INTEGRATION_TESTS, whose worker
 * keeps its modules (and its Chromium) from one file to the next. `npm test` runs all three.
 * test/unit/test-tiers.test.ts fails when a test file is in no project or in two, when an entry
 * here names no file, or when a shared file mocks, stubs or changes the environment or the working folder.
 */
export const UNIT_TESTS = [
  'test/unit/**/*.test.ts',
  'test/core/content-units.test.ts',
  'test/core/parse-sources.test.ts',
  'test/core/nearby-locations.test.ts',
  'test/core/remove-stale.test.ts',
  'test/deploy/deploy-plan.test.ts',
  'test/fuzz/injection-scan.test.ts',
  'test/perf/shared-chunks.test.ts',
  'test/perf/template-imports.test.ts',
  'test/quality/gate-self-check.test.ts',
  'test/safety/output-guard.test.ts',
  'test/server/byte-range.test.ts',
  'test/server/static-server.test.ts',
  'test/watch/rerender-planning.test.ts',
  'test/watch/worker-site-patch.test.ts',
];

/**
 * Integration files that share one module graph per worker (`isolate: false`): they read the run's
 * shared build or build their own into a temporary folder, serve it, drive Chromium; none mocks,
 * stubs, changes `process.env` or the working folder, or starts a watch or deploy in-process.
 * Each of them used to start a process of its own and import playwright-core, cheerio, sharp and
 * the engine again (about 0.7 s of CPU a file), and launch its own Chromium (about 1 s).
 */
export const SHARED_INTEGRATION_TESTS = [
  'test/browser/*.test.ts',
  'test/images/image-stage.test.ts',
  'test/images/images-in-browser.test.ts',
  'test/images/picture-markup.test.ts',
  'test/images/used-images.test.ts',
  'test/quality/accessibility.test.ts',
  'test/quality/browser-gates.test.ts',
  'test/quality/determinism.test.ts',
  'test/quality/html-validity.test.ts',
  'test/quality/links.test.ts',
  'test/quality/seo-lengths.test.ts',
  'test/quality/visitor-modes.test.ts',
  'test/quality/visual-gate-self-check.test.ts',
  'test/quality/weight-budget.test.ts',
  'test/site/*.test.ts',
  'test/publish/deploy-docs.test.ts',
  'test/publish/headers-in-browser.test.ts',
  'test/publish/netlify-parity.test.ts',
  'test/publish/publish-files.test.ts',
  'test/publish/scheduled-publish-docs.test.ts',
  'test/server/request-errors.test.ts',
  'test/server/send-file.test.ts',
  'test/core/build-fixtures.test.ts',
  'test/core/content-cache-file.test.ts',
  'test/core/data-files-build.test.ts',
  'test/core/new-command.test.ts',
  'test/core/readme-promises.test.ts',
  'test/engine/add-a-collection.test.ts',
  'test/engine/generated-routes.test.ts',
  'test/engine/markdown-fields.test.ts',
  'test/engine/site-declared-model.test.ts',
  'test/engine/site-modules-load.test.ts',
  'test/fuzz/cli-bad-input.test.ts',
  'test/fuzz/content-fuzz.test.ts',
  'test/perf/bounded-memory.test.ts',
  'test/perf/build-progress-cli.test.ts',
  'test/perf/cold-start.test.ts',
  'test/perf/page-cache.test.ts',
  'test/perf/parallel-render.test.ts',
  'test/perf/recorded-props.test.ts',
  'test/perf/worker-routing.test.ts',
  'test/perf/worker-heap.test.ts',
  'test/publish/cloudfront-deploy.test.ts',
  'test/safety/base-url.test.ts',
  'test/safety/cache-faults.test.ts',
  'test/safety/cli-messages.test.ts',
  'test/safety/content-links.test.ts',
  'test/safety/content-slugs.test.ts',
  'test/safety/content-symlinks.test.ts',
  'test/safety/content-text-checks.test.ts',
  'test/safety/content-watch-checks.test.ts',
  'test/safety/content-yaml-bounds.test.ts',
  'test/safety/crash-proof-swap.test.ts',
  'test/safety/output-faults.test.ts',
  'test/safety/output-ownership.test.ts',
  'test/safety/runaway-templates.test.ts',
  'test/server/preview-command.test.ts',
  'test/server/request-fuzz.test.ts',
  'test/watch/folder-recovery.test.ts',
  'test/watch/live-reload-browser.test.ts',
  'test/watch/open-page-first.test.ts',
  'test/watch/type-check-child.test.ts',
  'test/watch/watch-command.test.ts',
  'test/watch/watch-output-faults.test.ts',
  'test/watch/watch-restart.test.ts',
  'test/watch/watch-runaway-template.test.ts',
  'test/watch/watch-startup.test.ts',
];

/** Which files each project runs (vitest's include and exclude globs, relative to the root). */
export const TEST_PROJECTS = {
  unit: { include: UNIT_TESTS, exclude: [] as string[] },
  integration: { include: ['test/**/*.test.ts'], exclude: [...UNIT_TESTS, ...SHARED_INTEGRATION_TESTS] },
  'integration-shared': { include: SHARED_INTEGRATION_TESTS, exclude: UNIT_TESTS },
};

/**
 * Both tiers render in-process with React's production build, as the CLI does
 * (test/support/production-react.setup.ts). The integration tier's one build of the real site per
 * run is shared read-only by the files that only read it (test/support/shared-site.ts); the unit
 * tier builds nothing.
 */
const INTEGRATION_SETUP = { globalSetup: ['test/support/shared-site.setup.ts'], setupFiles: ['test/support/production-react.setup.ts', 'test/support/temp-folders.after-each-file.ts', 'test/support/shared-site.after-each-file.ts'] };
const PROJECT_SETUP: Record<string, { globalSetup?: string[]; setupFiles?: string[]; isolate?: boolean; provide?: Record<string, unknown> }> = {
  // The unit files share one module graph per worker (isolate: false): about half the tier's CPU
  // was each file importing the engine again. None of them mocks, stubs, changes the environment or
  // the working folder, or keeps state in a module (checked, and shuffled runs pass: docs/testing.md).
  unit: { setupFiles: ['test/support/production-react.setup.ts', 'test/support/temp-folders.after-each-file.ts'], isolate: false },
  integration: INTEGRATION_SETUP,
  // The same rules hold for these (test/unit/test-tiers.test.ts scans them); the browser session
  // keeps one Chromium per worker when told it shares modules (test/support/browser.ts).
  'integration-shared': { ...INTEGRATION_SETUP, isolate: false, provide: { cleansiteSharesModules: true } },
};

/**
 * Every process the suite starts inherits this process's environment: vitest's workers, and through
 * them the CLI, watch, preview and `tsc` children (~300 Node processes in `npm test`). Where the
 * machine sets NODE_EXTRA_CA_CERTS (this one points it at the system's CA bundle), Node parses that
 * bundle as each process starts, whether or not it ever opens a TLS connection: ~80 ms of CPU per
 * process here, a third of a no-op CLI build (docs/testing.md, Round 7). No test speaks TLS (S3 and
 * CloudFront are local http endpoints, every server is on 127.0.0.1), so the suite's processes start
 * without it. The setting is read when this file loads, before any worker is started.
 */
delete process.env.NODE_EXTRA_CA_CERTS;

/** `--sequence.shuffle` or `--sequence.shuffle.files` on the command line. */
const SHUFFLED = process.argv.some((arg) => /^--sequence\.shuffle(\.files)?(=true)?$/.test(arg));

export default defineConfig({
  // Site modules import the engine's API by the package name, as a published site would.
  resolve: { alias: { cleansite: fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Browser and build tests are heavy; two files at a time suit a 2-core machine.
    maxWorkers: 2,
    reporters: ['default'],
    // The long files first, whatever their project (test/support/test-order.ts); vitest's own
    // order when asked to shuffle (a sequencer given here would turn its file shuffle off).
    sequence: { sequencer: SHUFFLED ? undefined : LongFilesFirst },
    projects: Object.entries(TEST_PROJECTS).map(([name, files]) => ({ extends: true, test: { name, ...files, ...PROJECT_SETUP[name] } })),
  },
});
