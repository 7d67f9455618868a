/**
 * vitest globalSetup of the integration tier: makes one temporary folder for the run's shared build
 * of the real site (test/support/shared-site.ts builds it there the first time a test file asks)
 * and removes it when the run ends. A run that asks for no shared build costs nothing. That no
 * file wrote into it is checked after each file that used it (shared-site.after-each-file.ts).
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { makeTempDir } from './fixture-site.ts';
import { SHARED_SITE_KEY } from './shared-site-guard.ts';

export default function setup(project: TestProject): () => void {
  const root = makeTempDir('cleansite-shared-site-');
  project.provide(SHARED_SITE_KEY, root);
  return () => rmSync(root, { recursive: true, force: true });
}
