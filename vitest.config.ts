import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Two tiers. `unit`: the engine's pure tests (no build of the whole site, no browser, no child
 * process), seconds in all: `npm run test:unit` on every save. `integration`: everything else
 * (whole-site builds, the real CLI, servers, Chromium). `npm test` runs both.
 * test/unit/test-tiers.test.ts fails when a test file is in neither project or in both, or when
 * an entry here names no file.
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

/** Which files each project runs (vitest's include and exclude globs, relative to the root). */
export const TEST_PROJECTS = {
  unit: { include: UNIT_TESTS, exclude: [] as string[] },
  integration: { include: ['test/**/*.test.ts'], exclude: UNIT_TESTS },
};

/**
 * Both tiers render in-process with React's production build, as the CLI does
 * (test/support/production-react.setup.ts). The integration tier's one build of the real site per
 * run is shared read-only by the files that only read it (test/support/shared-site.ts); the unit
 * tier builds nothing.
 */
const PROJECT_SETUP: Record<string, { globalSetup?: string[]; setupFiles?: string[]; isolate?: boolean }> = {
  // The unit files share one module graph per worker (isolate: false): about half the tier's CPU
  // was each file importing the engine again. None of them mocks, stubs, changes the environment or
  // the working folder, or keeps state in a module (checked, and shuffled runs pass: docs/testing.md).
  unit: { setupFiles: ['test/support/production-react.setup.ts'], isolate: false },
  integration: { globalSetup: ['test/support/shared-site.setup.ts'], setupFiles: ['test/support/production-react.setup.ts', 'test/support/shared-site.after-each-file.ts'] },
};

export default defineConfig({
  // Site modules import the engine's API by the package name, as a published site would.
  resolve: { alias: { cleansite: fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Browser and build tests are heavy; two files at a time suit a 2-core machine.
    maxWorkers: 2,
    reporters: ['default'],
    projects: Object.entries(TEST_PROJECTS).map(([name, files]) => ({ extends: true, test: { name, ...files, ...PROJECT_SETUP[name] } })),
  },
});
