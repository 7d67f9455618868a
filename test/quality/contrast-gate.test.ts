/**
 * Gate: text contrast measured on the rendered pixels behind the text
 * (gradients and images count), 4.5:1 for normal and 3:1 for large text, on
 * every built route at 375 px and 1280 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltSite } from '../support/site-build.ts';
import { openBrowserSession, type BrowserSession } from '../support/browser.ts';
import { mapWithLimit } from './support/browser.ts';
import { findLowContrastText } from './support/contrast-check.ts';
import type { SiteServer } from '../support/site-server.ts';
import { expectedStatus, gateRoutes } from './support/site-pages.ts';

let session: BrowserSession;
let site: BuiltSite;
let server: SiteServer;
let browser: Browser;
/** Routes measured at once: one page per core, each reused. */
const LANES = 2;
let pages: Page[];

beforeAll(async () => {
  session = await openBrowserSession();
  ({ site, server, browser } = session);
  // The check hides text with injected stylesheets, which the site's CSP (sent by the product's server)
  // refuses; the CSP itself is held to account in test/publish/headers-in-browser.test.ts.
  pages = await Promise.all(Array.from({ length: LANES }, () => browser.newPage({ reducedMotion: 'reduce', bypassCSP: true })));
  for (const page of pages) page.setDefaultTimeout(30_000);
}, 120_000);

afterAll(() => session?.close());

describe('text contrast on rendered pixels', () => {
  for (const width of [375, 1280]) {
    it(`every text meets WCAG AA on what is behind it, every route at ${width} px`, async () => {
      await Promise.all(pages.map((page) => page.setViewportSize({ width, height: 800 })));
      const urls = gateRoutes(site.dir, site.htmlFiles).all;
      expect(urls.length, 'too few routes: did the build lose pages?').toBeGreaterThan(50);
      let measured = 0;
      const problems = (await mapWithLimit(urls, LANES, async (url, lane) => {
        const page = pages[lane]!;
        const response = await page.goto(server.origin + url, { waitUntil: 'load' });
        expect(response?.status(), `${url} did not load`).toBe(expectedStatus(url));
        measured++;
        // Lazy images below the fold must be in the shot: ask for all of them now.
        await page.evaluate(async () => {
          const lazy = [...document.images].filter((image) => image.loading === 'lazy');
          for (const image of lazy) image.loading = 'eager';
          await Promise.all(lazy.map((image) => image.decode().catch(() => undefined)));
        });
        return (await findLowContrastText(page)).map((problem) => `${url} @${width}px: ${problem}`);
      })).flat();
      expect(measured).toBe(urls.length);
      expect(problems, `${problems.length} texts below WCAG AA:\n${problems.join('\n')}`).toEqual([]);
      expect(server.requestErrors, 'the server failed requests').toEqual([]);
    }, 300_000);
  }
});
