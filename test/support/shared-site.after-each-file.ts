/**
 * vitest setupFile of the integration tier: after each test file that read the run's shared build
 * of the real site, fails that file when the build is no longer byte for byte what was built. The
 * build is read by many files at once, so a write into it would make their results depend on
 * order; the file that wrote (or one running beside it) is the one that fails, naming the files.
 */
import { afterAll } from 'vitest';
import { changedSharedFiles } from './shared-site-guard.ts';

afterAll(() => {
  const changed = changedSharedFiles();
  if (changed.length > 0) {
    throw new Error(`a test wrote into the shared build of the real site (it is read-only: copy it, or build your own with buildSite()): ${changed.slice(0, 10).join(', ')}`);
  }
});
