/**
 * A build's process ends when the build returns (bin/cleansite.mjs, `processMayEnd` in
 * src/cli.ts), as a Go program ends when its main returns: a timer that site code leaves running
 * (here one in site.config.ts, which the build imports on its main thread) no longer keeps it
 * alive, and the process skips Node's teardown of its heaps (docs/performance.md, History,
 * `cold-7`). What it printed still arrives whole: the `--json` summary on a pipe.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { copyRealSite, type RealSiteCopy } from '../support/real-site.ts';

describe('a build whose site code leaves a timer running', () => {
  let site: RealSiteCopy | undefined;
  afterAll(() => site?.remove());

  it('ends its process once the site is written, with its JSON summary printed whole', () => {
    site = copyRealSite({
      folders: ['templates'],
      prefix: 'cleansite-build-ends-',
      with: { 'templates/site.config.ts': (text) => `${text}\n// Left running: before, the build's process never ended.\nsetInterval(() => {}, 60_000);\n` },
    });
    const out = path.join(site.root, 'dist');
    // Killed after 90 s (status null) if it does not end by itself.
    const run = runCli(['build', '--json', '--templates', site.templatesDir, '--out', out], undefined, {}, 90_000);
    expect(run.status, `status ${run.status}; stderr: ${run.stderr}`).toBe(0);
    expect(existsSync(path.join(out, 'index.html'))).toBe(true);
    const summary = JSON.parse(run.stdout) as { ok?: boolean; pages?: number };
    expect(summary.pages).toBeGreaterThan(80);
  }, 120_000);
});
