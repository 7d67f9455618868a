/**
 * Live reload in a real browser (Debian's Chromium via playwright-core): a
 * page served by `cleansite watch` under a strict Content-Security-Policy
 * swaps its stylesheet in place, reloads after a content edit, shows build
 * errors over the page (as text, never as markup) and clears them when the
 * file is fixed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileBrowser, watchPage, type PageProblems } from '../support/browser.ts';
import { useWatchProcesses, type WatchProcess } from '../support/watch-process.ts';

let site: string;
let watch: WatchProcess;
let chromium: Awaited<ReturnType<typeof fileBrowser>>;
let page: Page;
let problems: PageProblems;

const OVERLAY = '#cleansite-error-overlay';
const file = (relative: string) => path.join(site, relative);
const edit = (relative: string, from: string, to: string) => {
  const before = readFileSync(file(relative), 'utf8');
  expect(before).toContain(from);
  writeFileSync(file(relative), before.replace(from, to));
};

/** Resolves once the page's event stream is connected, so no message can be missed. */
// The script names its page in the query (src/server/open-page.ts).
const streamConnected = () => page.waitForResponse((response) => new URL(response.url()).pathname === '/__cleansite/events');

const watching = useWatchProcesses();

/** A failure's message: what the overlay showed and what watch printed (a problem with no file is otherwise a mystery). */
const shown = (overlay: string | null) => `overlay: ${overlay}\nwatch printed:\n${watch.output.join('\n')}`;

beforeAll(async () => {
  // The worker's Chromium (integration-shared): the file's own context, closed after it.
  chromium = await fileBrowser();
  site = watching.site('watch-overlay');
  watch = await watching.start(site);
  const context = await chromium.browser.newContext();
  page = await context.newPage();
  problems = watchPage(page);
  const connected = streamConnected();
  await page.goto(new URL('/locations/west-end/', watch.url).href);
  await connected;
});

afterAll(async () => {
  await page?.context().close();
  await chromium?.close();
});

describe('live reload in the browser', () => {
  it('swaps the stylesheet without reloading the page', async () => {
    await page.evaluate(() => Object.assign(window, { pageMarker: 'still here' }));
    writeFileSync(file('templates/styles/site.css'), `${readFileSync(file('templates/styles/site.css'), 'utf8')}\nh1 { outline: 5px solid rgb(1, 2, 3); }\n`);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('h1')!).outlineColor === 'rgb(1, 2, 3)');
    expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe('still here');
    // One stylesheet link remains, now carrying the new version.
    expect(await page.$$eval('link[rel="stylesheet"]', (links) => links.map((link) => link.getAttribute('href')))).toEqual([expect.stringMatching(/^\/assets\/site\.css\?v=[0-9a-f]{10}$/)]);
  });

  it('reloads the page after a content edit', async () => {
    const connected = streamConnected();
    edit('content/locations/west-end.md', 'Body for West End.', 'Body for West End, edited in the browser test.');
    await page.waitForFunction(() => document.querySelector('.body')?.textContent?.includes('edited in the browser test'));
    await connected;
    expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBeUndefined();
  });

  it('shows broken YAML over the page with file and line, again after a reload, and clears it when fixed', async () => {
    edit('content/locations/west-end.md', 'region: Brisbane Area', 'region: Brisbane Area: x');
    const overlay = page.locator(OVERLAY);
    await overlay.waitFor();
    expect(await overlay.getAttribute('role')).toBe('alert');
    expect(await overlay.locator('.cleansite-problem-location').allTextContents(), shown(await overlay.textContent())).toEqual([expect.stringMatching(/^content\/locations\/west-end\.md:3:\d+$/)]);
    expect(await overlay.locator('.cleansite-problem-message').textContent()).toMatch(/^invalid YAML front-matter: /);
    // The last good page is still what is shown underneath.
    expect(await page.locator('.body').textContent()).toContain('edited in the browser test');

    const connected = streamConnected();
    await page.reload();
    await connected;
    await overlay.waitFor();

    edit('content/locations/west-end.md', 'region: Brisbane Area: x', 'region: Brisbane Area');
    await overlay.waitFor({ state: 'detached' });
  });

  it('shows a template error message as text, never as markup', async () => {
    const template = readFileSync(file('templates/index.tsx'), 'utf8');
    const connected = streamConnected();
    edit('templates/index.tsx', '<p className="intro">', `<p className="intro">{(() => { throw new Error('<img src="x" onerror="window.pwned = 1">'); })()}`);
    const overlay = page.locator(OVERLAY);
    await overlay.waitFor();
    const message = await overlay.locator('.cleansite-problem-message').allTextContents();
    expect(message.some((text) => text.includes('<img src="x" onerror="window.pwned = 1">')), shown(message.join(' | '))).toBe(true);
    expect(await overlay.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

    writeFileSync(file('templates/index.tsx'), template);
    await overlay.waitFor({ state: 'detached' });
    await connected;
  });

  it('ran with no console error and no failed request under the strict CSP', () => {
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    expect(watch.alive()).toBe(true);
  });
});
