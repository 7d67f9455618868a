// Images as Chromium loads them, one page per template at a phone and a
// desktop size: the <picture> hands the browser AVIF, every image decodes,
// and the page's largest contentful paint is never a lazy-loaded image (lazy
// loading is for images below the fold; the hero is loaded eagerly).
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
  lcp: { tag: string; src: string | null; loading: string | null } | undefined;
  images: Array<{ src: string; loaded: boolean }>;
}

async function inspect(context: BrowserContext, url: string): Promise<Seen> {
  const page = await context.newPage();
  try {
    await page.goto(`${server.origin}${url}`, { waitUntil: 'load' });
    // Lazy images do not hold up `load`: wait for those in the first viewport, so the LCP entry is final.
    await page.waitForFunction(() => [...document.images]
      .filter((image) => { const box = image.getBoundingClientRect(); return box.width > 0 && box.top < innerHeight && box.bottom > 0; })
      .every((image) => image.complete), undefined, { timeout: 15_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const lcp = await page.evaluate(() => new Promise<Seen['lcp']>((resolve) => {
      new PerformanceObserver((list) => {
        const element = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
        const target = element?.element;
        resolve(target ? { tag: target.tagName, src: target.getAttribute('src'), loading: target.getAttribute('loading') } : undefined);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // A page whose largest paint is text still reports it; this only guards against a page with none.
      setTimeout(() => resolve(undefined), 2_000);
    }));
    await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => { (image as HTMLImageElement).loading = 'eager'; }));
    await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 15_000 });
    const images = await page.evaluate(() => [...document.images]
      .filter((image) => image.closest('picture') !== null)
      .map((image) => ({ src: image.currentSrc, loaded: image.naturalWidth > 0 })));
    return { lcp, images };
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
  }, 120_000);

  it('loads the AVIF variant of every picture, and every one decodes', () => {
    const problems = [...seen].flatMap(([url, { images }]) => images
      .filter((image) => !image.loaded || !/\/assets\/img\/.+\.[0-9a-f]{10}\.avif$/.test(image.src))
      .map((image) => `${url}: ${image.src} ${image.loaded ? '' : '(not decoded)'}`));
    expect([...seen.values()].some(({ images }) => images.length > 0)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('never has a lazy-loaded image as the largest contentful paint', () => {
    const lazyLcp = [...seen]
      .filter(([, { lcp }]) => lcp?.tag === 'IMG' && lcp.loading === 'lazy')
      .map(([url, { lcp }]) => `${url}: ${lcp!.src}`);
    expect(urls.length).toBeGreaterThan(10);
    expect(lazyLcp).toEqual([]);
  });
});
