/**
 * `cleansite watch` under the output and file faults of issue 20 (item 7):
 * its output folder deleted under it (a clean script, `rm -rf`), and files
 * added and edited under public/.well-known/, which is published. The real
 * CLI runs on a throwaway copy of the fixture site; each case polls the
 * served URL with a deadline.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useWatchProcesses, type WatchProcess } from '../support/watch-process.ts';

const watching = useWatchProcesses();
let site: string;
let watch: WatchProcess;

beforeAll(async () => {
  site = watching.site('watch-overlay');
  watch = await watching.start(site);
}, 120_000);

describe('watch and its output folder', () => {
  it('writes the whole output again when the folder is deleted, without an edit, and keeps picking up edits', async () => {
    const out = path.join(site, 'out');
    const before = readdirSync(out, { recursive: true }).length;
    await watch.servedPage('/about/', '<h1>');
    const from = watch.output.length;
    rmSync(out, { recursive: true, force: true });
    await watch.servedPage('/about/', '<h1>');
    await watch.waitForLine(/restored or replaced/, from);
    expect(readdirSync(out, { recursive: true }).length).toBe(before);

    const about = path.join(site, 'content', 'pages', 'about.md');
    writeFileSync(about, readFileSync(about, 'utf8').replace('title: About the Fixture', 'title: About the Restored Fixture'));
    await watch.servedPage('/about/', 'About the Restored Fixture');
  }, 60_000);
});

describe('watch and public/.well-known/', () => {
  it('publishes a file added under .well-known/ and its later edits', async () => {
    const folder = path.join(site, 'public', '.well-known');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'security.txt'), 'Contact: mailto:first@example.com\n');
    await watch.servedPage('/.well-known/security.txt', 'first@example.com');
    writeFileSync(path.join(folder, 'security.txt'), 'Contact: mailto:second@example.com\n');
    await watch.servedPage('/.well-known/security.txt', 'second@example.com');
    // No staging folder of any pass is left beside the output.
    expect(readdirSync(site).filter((name) => name.startsWith('.cleansite-') && name.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(path.join(site, 'out', '.well-known', 'security.txt'))).toBe(true);
  }, 60_000);
});
