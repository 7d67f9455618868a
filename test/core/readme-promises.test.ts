/**
 * What README.md promises about the CLI, each through the real CLI on the basic fixture:
 * - `--quiet` prints errors only, also when the build fails;
 * - `href()` on a path with no route fails the build, naming the page's source;
 * - `watch` writes to `.cache/watch` when no --out is given, never to dist/;
 * - `watch` and `preview` warn when --host is not a loopback name.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPreviewProcess } from '../support/preview-process.mjs';
import { buildFixture, hashTree, makeFixtureSite, removeSite } from '../support/fixture-site.ts';
import { useWatchProcesses } from '../support/watch-process.ts';

/**
 * A host the CLI does not know as loopback (localhost, 127.x.x.x, ::1) that still binds to
 * loopback only, so the test server is never reachable from the network.
 */
const UNKNOWN_HOST = '::ffff:127.0.0.1';
const HOST_WARNING = /^warning: listening on ::ffff:127\.0\.0\.1: other machines on the network can reach this (development )?server$/;

const sites: string[] = [];
const site = (...overlays: string[]) => {
  const dir = makeFixtureSite(...overlays);
  sites.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of sites.splice(0)) removeSite(dir);
});

describe('build --quiet', () => {
  it('prints nothing for a good build', () => {
    const result = buildFixture(site(), ['--quiet']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('');
  });

  it('prints the errors, and only the errors, for a failing build', () => {
    const result = buildFixture(site('malformed-yaml'), ['--quiet']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toMatch(/^error: content\/locations\/west-end\.md:4:10: invalid YAML front-matter/);
    expect(result.stderr).not.toMatch(/^Built /m);
  });
});

describe('href() in a template', () => {
  it('fails the build for a path with no route, naming the page and the path, and keeps the previous output', () => {
    const dir = site();
    const dist = path.join(dir, 'dist');
    expect(buildFixture(dir).status).toBe(0);
    const before = hashTree(dist);
    const template = path.join(dir, 'templates', 'generic.tsx');
    writeFileSync(template, readFileSync(template, 'utf8').replace("props.href('/')", "props.href(route.path === '/about' ? '/no-such-page' : '/')"));
    const result = buildFixture(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error: content/pages/about.md: /about links to /no-such-page, which is not a page of this site');
    expect(hashTree(dist), 'the failed build changed the previous output').toBe(before);
  });
});

const watching = useWatchProcesses();

describe('watch', () => {
  it('writes to .cache/watch under the working folder when no --out is given, and never to dist/', async () => {
    const dir = watching.site();
    const watch = await watching.start(dir, [], { out: false });
    expect(watch.output.join('\n')).toMatch(/Built \d+ pages into \.cache\/watch\/ /);
    expect(existsSync(path.join(dir, '.cache', 'watch', 'index.html'))).toBe(true);
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
    const response = await fetch(watch.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<h1>');
  }, 60_000);

  it(`warns when --host is not a loopback name (${UNKNOWN_HOST}), and not for 127.0.0.1`, async () => {
    const dir = watching.site();
    const exposed = await watching.start(dir, ['--host', UNKNOWN_HOST]);
    expect(await exposed.waitForLine(/^warning: listening on/)).toMatch(HOST_WARNING);
    const local = await watching.start(dir, ['--host', '127.0.0.1'], { out: path.join(dir, 'out-local') });
    // The warning would be written as the server starts, before it answers this request.
    expect((await fetch(local.url)).status).toBe(200);
    expect(local.output.filter((line) => line.startsWith('warning: listening'))).toEqual([]);
  }, 60_000);
});

describe('preview', () => {
  it(`warns when --host is not a loopback name (${UNKNOWN_HOST}), and not for 127.0.0.1`, async () => {
    const dir = site();
    expect(buildFixture(dir).status).toBe(0);
    const exposed = await startPreviewProcess(path.join(dir, 'dist'), { args: ['--host', UNKNOWN_HOST] });
    try {
      await expect.poll(() => exposed.output.find((line) => line.startsWith('warning: listening')), { message: 'no --host warning', timeout: 15_000 }).toMatch(HOST_WARNING);
    } finally {
      await exposed.close();
    }
    const local = await startPreviewProcess(path.join(dir, 'dist'), { args: ['--host', '127.0.0.1'] });
    try {
      expect((await fetch(local.url)).status).toBe(200);
      expect(local.output.filter((line) => line.startsWith('warning: listening'))).toEqual([]);
    } finally {
      await local.close();
    }
  }, 60_000);
});
