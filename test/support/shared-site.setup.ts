/**
 * vitest globalSetup of the integration projects: makes one temporary folder for the run's shared
 * build of the real site (test/support/shared-site.ts builds it there the first time a test file
 * asks) and removes it when the run ends. A run that asks for no shared build costs nothing. That
 * no file wrote into it is checked after each file that used it (shared-site.after-each-file.ts).
 * Both integration projects (vitest.config.ts) run this setup; they get the same folder, so the
 * site is built once per run, and the last of them to end removes it.
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { makeTempDir } from './fixture-site.ts';
import { SHARED_SITE_KEY } from './shared-site-guard.ts';

/** In vitest's main process, whichever copy of this module a project loaded. */
const RUN = Symbol.for('cleansite.sharedSiteRun');
type Run = { root: string; projects: number };
const registry = globalThis as typeof globalThis & { [RUN]?: Run };

export default function setup(project: TestProject): () => void {
  const run = registry[RUN] ??= { root: makeTempDir('cleansite-shared-site-'), projects: 0 };
  run.projects++;
  project.provide(SHARED_SITE_KEY, run.root);
  return () => {
    if (--run.projects > 0) return;
    delete registry[RUN];
    rmSync(run.root, { recursive: true, force: true });
  };
}
