// Images as Chromium loads them, one page per template at a phone and a
// desktop size: the <picture> hands the browser AVIF and every image decodes.
// That the largest contentful paint is never a lazy-loaded image is the layout
// gate's check (test/quality/browser-gates.test.ts, at every width).
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowserSession, type BrowserSession } from '../support/browser.ts';
import type { BuiltSite } from '../support/site-build.ts';
import { readPages } from '../quality/support/site-pages.ts';
import type { SiteServer } from '../support/site-server.ts';

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
] as const;

let session: BrowserSession;
let site: BuiltSite;
let server: SiteServer;
let browser: Browser;
/** The first page (by URL) of each template: location pages differ only in text. */
let urls: string[];

beforeAll(async () => {
  session = await openBrowserSession();
  ({ site, server, browser } = session);
  const byTemplate = new Map<string, string>();
  for (const page of readPages(site.dir, site.htmlFiles.filter((file) => file.endsWith('index.html')))) {
    const template = /template-[\w-]+/.exec(page.$('body').attr('class') ?? '')?.[0] ?? page.url;
    if (!byTemplate.has(template)) byTemplate.set(template, page.url);
  }
  urls = [...byTemplate.values()];
});

afterAll(() => session?.close());

interface Seen {
  images: Array<{ src: string; loaded: boolean }>;
}

async function inspect(context: BrowserContext, url: string): Promise<Seen> {
  const page = await context.newPage();
  try {
    const response = await page.goto(`${server.origin}${url}`, { waitUntil: 'load' });
    expect(response?.status(), `${url} did not load`).toBe(200);
    await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => { (image as HTMLImageElement).loading = 'eager'; }));
    await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 15_000 });
    const images = await page.evaluate(() => [...document.images]
      .filter((image) => image.closest('picture') !== null)
      .map((image) => ({ src: image.currentSrc, loaded: image.naturalWidth > 0 })));
    return { images };
  } finally {
    await page.close();
  }
}

describe.each(VIEWPORTS)('on a $name', ({ viewport, deviceScaleFactor }) => {
  let seen: Map<string, Seen>;

  beforeAll(async () => {
    const context = await browser.newContext({ viewport, deviceScaleFactor });
    seen = new Map();
    for (const url of urls) seen.set(url, await inspect(context, url));
    await context.close();
    expect(server.requestErrors, 'the server failed requests').toEqual([]);
  }, 120_000);

  it('loads the AVIF variant of every picture, and every one decodes', () => {
    const problems = [...seen].flatMap(([url, { images }]) => images
      .filter((image) => !image.loaded || !/\/assets\/img\/.+\.[0-9a-f]{10}\.avif$/.test(image.src))
      .map((image) => `${url}: ${image.src} ${image.loaded ? '' : '(not decoded)'}`));
    expect(urls.length, 'one page per template').toBeGreaterThan(10);
    expect([...seen.values()].some(({ images }) => images.length > 0)).toBe(true);
    expect(problems).toEqual([]);
  });
});
