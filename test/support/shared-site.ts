/**
 * The real site built once per `npm test` run and shared, read-only, by every test file that only
 * reads it (the gates, the page-content and SEO checks, the browser tests): one build instead of
 * one per file. The run's folder comes from the integration tier's globalSetup
 * (shared-site.setup.ts); the first file to ask builds into it with the real CLI (pinned date,
 * default options), holding a lock folder, and the others wait for its `ready` record. A file that
 * changed the build fails (shared-site.after-each-file.ts, shared-site-guard.ts). A test that writes into its output, or needs other
 * options, builds its own with buildSite()/buildSiteWithCli().
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { inject } from 'vitest';
import { markSharedSiteUsed, recordSharedSite, SHARED_SITE_HASHES, SHARED_SITE_KEY, SHARED_SITE_OUT } from './shared-site-guard.ts';
import { buildSiteWithCli, readBuiltSite, type BuiltSite } from './site-build.ts';

export { SHARED_SITE_KEY };
/** Inside the run's folder (besides the output and its record, shared-site-guard.ts): the lock and a failed build's message. */
const LOCK = 'building';
const FAILED = 'failed.txt';
/** A cold image cache on a loaded 2-core machine takes minutes. */
const BUILD_DEADLINE_MS = 600_000;

/** The run's build of the real site. Never write into `dir`; `remove()` is a no-op (the run's setup removes it). */
export async function sharedSite(): Promise<BuiltSite> {
  const root = inject(SHARED_SITE_KEY);
  if (!root) throw new Error('no shared build folder: the integration project in vitest.config.ts must list test/support/shared-site.setup.ts as its globalSetup');
  const out = path.join(root, SHARED_SITE_OUT);
  if (!existsSync(path.join(root, SHARED_SITE_HASHES)) && takeLock(root)) await buildInto(root, out);
  await waitForBuild(root);
  markSharedSiteUsed(root);
  return readBuiltSite(out);
}

function takeLock(root: string): boolean {
  try {
    mkdirSync(path.join(root, LOCK));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function buildInto(root: string, out: string): Promise<void> {
  try {
    await buildSiteWithCli({ outDir: out });
    recordSharedSite(root);
  } catch (error) {
    writeFileSync(path.join(root, FAILED), (error as Error).message);
    throw error;
  }
}

async function waitForBuild(root: string): Promise<void> {
  const deadline = Date.now() + BUILD_DEADLINE_MS;
  while (!existsSync(path.join(root, SHARED_SITE_HASHES))) {
    if (existsSync(path.join(root, FAILED))) throw new Error(`the shared build of the real site failed:\n${readFileSync(path.join(root, FAILED), 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the shared build of the real site was not ready within ${BUILD_DEADLINE_MS / 1000} s (${root})`);
    await delay(200);
  }
}
