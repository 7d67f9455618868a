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

/** Polls `urlPath` until it answers 200 with `text` in the body. */
async function served(urlPath: string, text: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const response = await fetch(new URL(urlPath, watch.url));
    const body = await response.text();
    last = `${response.status} ${body.slice(0, 200)}`;
    if (response.status === 200 && body.includes(text)) return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${urlPath} never served ${JSON.stringify(text)}; last: ${last}\nwatch output:\n${watch.output.join('\n')}`);
}

describe('watch and its output folder', () => {
  it('writes the whole output again when the folder is deleted, without an edit, and keeps picking up edits', async () => {
    const out = path.join(site, 'out');
    const before = readdirSync(out, { recursive: true }).length;
    await served('/about/', '<h1>');
    const from = watch.output.length;
    rmSync(out, { recursive: true, force: true });
    await served('/about/', '<h1>');
    await watch.waitForLine(/restored or replaced/, from);
    expect(readdirSync(out, { recursive: true }).length).toBe(before);

    const about = path.join(site, 'content', 'pages', 'about.md');
    writeFileSync(about, readFileSync(about, 'utf8').replace('title: About the Fixture', 'title: About the Restored Fixture'));
    await served('/about/', 'About the Restored Fixture');
  }, 60_000);
});

describe('watch and public/.well-known/', () => {
  it('publishes a file added under .well-known/ and its later edits', async () => {
    const folder = path.join(site, 'public', '.well-known');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'security.txt'), 'Contact: mailto:first@example.com\n');
    await served('/.well-known/security.txt', 'first@example.com');
    writeFileSync(path.join(folder, 'security.txt'), 'Contact: mailto:second@example.com\n');
    await served('/.well-known/security.txt', 'second@example.com');
    // No staging folder of any pass is left beside the output.
    expect(readdirSync(site).filter((name) => name.startsWith('.cleansite-') && name.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(path.join(site, 'out', '.well-known', 'security.txt'))).toBe(true);
  }, 60_000);
});
