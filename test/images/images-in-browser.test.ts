// Images as a high-density phone loads them: one page per template at 375 px and a device pixel
// ratio of 2, where the <picture> offers its larger candidates; each picture must load its AVIF
// variant and every image decode. At a ratio of 1 the same is checked on every route at 375 and
// 1280 px by the browser gates' clean load (test/quality/browser-gates.test.ts), and that the
// largest contentful paint is never a lazy-loaded image by their layout gate, at every width.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowserSession, type BrowserSession } from '../support/browser.ts';
import { gateRoutes } from '../quality/support/site-pages.ts';

const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 };
const AVIF_VARIANT = /\/assets\/img\/.+\.[0-9a-f]{10}\.avif$/;

let session: BrowserSession;
/** The first page (by URL) of each template: pages of one template differ only in text. */
let urls: string[];
let seen: Map<string, Array<{ src: string; loaded: boolean }>>;

async function picturesOn(page: Page, url: string): Promise<Array<{ src: string; loaded: boolean }>> {
  const response = await page.goto(`${session.server.origin}${url}`, { waitUntil: 'load' });
  expect(response?.status(), `${url} did not load`).toBe(200);
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => { (image as HTMLImageElement).loading = 'eager'; }));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 15_000 });
  return page.evaluate(() => [...document.images]
    .filter((image) => image.closest('picture') !== null)
    .map((image) => ({ src: image.currentSrc, loaded: image.naturalWidth > 0 })));
}

beforeAll(async () => {
  session = await openBrowserSession();
  urls = gateRoutes(session.site.dir, session.site.htmlFiles).perTemplate;
  const context = await session.browser.newContext(PHONE);
  const page = await context.newPage();
  seen = new Map();
  for (const url of urls) seen.set(url, await picturesOn(page, url));
  await context.close();
}, 120_000);

afterAll(() => session?.close());

it('on a phone at 2x, loads the AVIF variant of every picture, and every one decodes', () => {
  const problems = [...seen].flatMap(([url, images]) => images
    .filter((image) => !image.loaded || !AVIF_VARIANT.test(image.src))
    .map((image) => `${url}: ${image.src} ${image.loaded ? '' : '(not decoded)'}`));
  expect(urls.length, 'one page per template').toBeGreaterThan(10);
  expect([...seen.values()].some((images) => images.length > 0)).toBe(true);
  expect(problems).toEqual([]);
  expect(session.server.requestErrors, 'the server failed requests').toEqual([]);
});
