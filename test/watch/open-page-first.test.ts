/**
 * The open page first, through the real `cleansite watch` process: pages
 * open in Chromium (and event-stream readers that name a page, as the
 * live-reload script does) are rendered, written and reloaded before the
 * other pages; a change saved meanwhile supersedes the rest, which the next
 * pass renders, so no page is left stale; a page named by a client that is
 * not a page of the site is ignored. The pages not open are made slow on
 * purpose (the edited template waits on every page that is not open), so
 * the order shows on disk and in the messages, whatever the machine's load.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileBrowser } from '../support/browser.ts';
import { useWatchProcesses, type WatchProcess } from '../support/watch-process.ts';

const OPEN = ['/about/', '/locations/west-end/'];
/** More pages not open than one slice (src/session/open-pages-first.ts: the first slice is 8 pages). */
const EXTRA_LOCATIONS = 16;
const BACKGROUND_PAGE = 'services/index.html';

let site: string;
let out: string;
let watch: WatchProcess;
let browser: { browser: Browser; close(): Promise<void> } | undefined;
/** The contexts this file opened: closed after it, so none outlives the file in the worker's browser. */
const contexts: BrowserContext[] = [];
const watching = useWatchProcesses();

const file = (relative: string) => path.join(site, relative);
const outputPage = (relative: string) => readFileSync(path.join(out, relative), 'utf8');
const htmlPages = () => readdirSync(out, { recursive: true }).map(String).filter((name) => name.endsWith('.html'));

/** The layout shows `mark`, and takes `slowMs` on every page that is not open. */
function markTemplate(mark: string, slowMs: number): void {
  const template = readFileSync(file('templates/index.tsx'), 'utf8').replace(/<main>(\{\(\(\) => \{.*?\}\)\(\)\}<p className="mark">[^<]*<\/p>)?/, '<main>');
  // Blocks the render thread for slowMs without spinning (Atomics.wait sleeps): as slow as a heavy page, at no CPU cost.
  const slow = `{(() => { if (!${JSON.stringify(OPEN)}.includes(route.url)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${slowMs}); return null; })()}`;
  writeFileSync(file('templates/index.tsx'), template.replace('<main>', `<main>${slow}<p className="mark">${mark}</p>`));
}

beforeAll(async () => {
  site = watching.site('watch-overlay');
  out = path.join(site, 'out');
  const model = readFileSync(file('content/locations/new-farm.md'), 'utf8');
  for (let n = 1; n <= EXTRA_LOCATIONS; n++) writeFileSync(file(`content/locations/suburb-${n}.md`), model.replaceAll('New Farm', `Suburb ${n}`));
  watch = await watching.start(site);
  // The worker's Chromium where files share a worker (a launch is about 1 s of CPU).
  browser = await fileBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** Opens the page in the browser and resolves once its live-reload stream is connected. */
async function openPage(urlPath: string): Promise<Page> {
  const context = await browser!.browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const connected = page.waitForResponse((response) => response.url().includes('/__cleansite/events'));
  await page.goto(new URL(urlPath, watch.url).href);
  await connected;
  return page;
}

describe('watch renders the pages open in a browser first', () => {
  // First, while no page is open: pages put first are only those of the later tests.
  it('ignores a page a client names that is not a page of the site, and keeps serving', async () => {
    const hostile = await Promise.all(['/../../etc/passwd', '/nope/', '%ZZ', `/${'a'.repeat(2_000)}/`, 'about'].map((page) => watching.events(watch, page)));
    const from = watch.output.length;
    markTemplate('Mark A', 0);
    const line = await watch.waitForLine(/^templates\/index\.tsx changed:/, from, 60_000);
    expect(line, 'no page was put first').toMatch(/^templates\/index\.tsx changed: re-rendered \d+ pages in \d+ ms\.$/);
    for (const reader of hostile) await reader.next((event) => event.event === 'reload');
    expect(watch.alive()).toBe(true);
  }, 120_000);

  it('lets a change saved meanwhile supersede the rest, and the next pass leaves no page stale', async () => {
    const about = await watching.events(watch, '/about/');
    const from = watch.output.length;
    markTemplate('Mark B', 250);
    await about.next((event) => event.event === 'reload', 60_000);
    expect(outputPage('about/index.html')).toContain('Mark B');
    // Saved while the pages not open render: the rest of that pass is left to the next.
    writeFileSync(file('content/locations/suburb-3.md'), readFileSync(file('content/locations/suburb-3.md'), 'utf8').replace('Body for Suburb 3.', 'Body for Suburb 3, edited.'));
    const superseded = await watch.waitForLine(/^templates\/index\.tsx changed:/, from, 60_000);
    expect(superseded).toMatch(/\(open page first: \/about\/ after \d+ ms; \d+ pages left to the next change\)\.$/);
    expect(htmlPages().filter((name) => outputPage(name).includes('Mark A')).length, 'pages the superseded pass left').toBeGreaterThan(0);

    await watch.waitForLine(/^content\/locations\/suburb-3\.md changed: re-rendered \d+ pages in \d+ ms\.$/, from, 60_000);
    const stale = htmlPages().filter((name) => !outputPage(name).includes('Mark B'));
    expect(stale, 'every page shows the last template').toEqual([]);
    expect(outputPage('locations/suburb-3/index.html')).toContain('Body for Suburb 3, edited.');
    about.close();
  }, 120_000);

  it('writes and reloads two open pages before the others, which reload at the end', async () => {
    const pages = await Promise.all(OPEN.map(openPage));
    const other = await watching.events(watch);
    const from = watch.output.length;
    markTemplate('Mark C', 100);
    const shown = (page: Page) => page.waitForFunction(() => document.querySelector('.mark')?.textContent === 'Mark C', undefined, { timeout: 60_000 });
    await Promise.race(pages.map(shown));
    // The moment an open page shows the edit, the pages not open are still being rendered.
    expect(outputPage(BACKGROUND_PAGE), 'a page not open is written after the open pages reload').not.toContain('Mark C');
    expect(other.events.filter((event) => event.event === 'reload'), 'a client on no page reloads only at the end').toEqual([]);
    await Promise.all(pages.map(shown));

    const line = await watch.waitForLine(/^templates\/index\.tsx changed:/, from, 60_000);
    expect(line).toMatch(/^templates\/index\.tsx changed: re-rendered \d+ pages in \d+ ms \(open pages first: \/about\/, \/locations\/west-end\/ after \d+ ms\)\.$/);
    await other.next((event) => event.event === 'reload');
    for (const name of htmlPages()) expect(outputPage(name), name).toContain('Mark C');
    await Promise.all(pages.map((page) => page.context().close()));
  }, 120_000);
});
