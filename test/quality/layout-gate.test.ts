/**
 * Gate: the site holds up at every real screen width. One page per template
 * at eleven widths (phones 320-414, tablets 768-1180, desktops 1280-1920),
 * and every built route at 375 and 1280 px (pages of one template differ only
 * in text, which the two widths cover):
 * - the page never scrolls sideways;
 * - every visible link and button is whole (not cut off or clipped) and can
 *   be hit at its centre with the floating call button present, scrolling
 *   down from the top and up from the bottom;
 * - the largest contentful paint is never a lazy-loaded image;
 * - the header stays one row, and one height wherever the desktop
 *   navigation shows.
 * One browser; two pages (one per core), each reused and resized per width;
 * one evaluate per check.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltSite } from '../support/site-build.ts';
import { openBrowserSession, type BrowserSession } from '../support/browser.ts';
import { mapWithLimit } from './support/browser.ts';
import { findLazyLcp, findOverflow, findUnreachableControls, measureHeader, type HeaderMeasure } from './support/layout-checks.ts';
import type { SiteServer } from '../support/site-server.ts';
import { expectedStatus, gateRoutes, type GateRoutes } from './support/site-pages.ts';

const GATE_WIDTHS = [320, 360, 375, 414, 768, 820, 1024, 1180, 1280, 1440, 1920] as const;
/** Widths at which every route is checked; the others check one page per template. */
const EVERY_ROUTE_WIDTHS: readonly number[] = [375, 1280];
/** A short window, so the bottom pass puts most controls at the call button's corner. */
const HEIGHT = 800;

let session: BrowserSession;
let site: BuiltSite;
let server: SiteServer;
let browser: Browser;
/** Routes checked at once: page loads wait on the network and the disk as much as on the CPU. */
const LANES = 2;
let pages: Page[];
let routes: GateRoutes;
const headers = new Map<number, HeaderMeasure>();

beforeAll(async () => {
  session = await openBrowserSession();
  ({ site, server, browser } = session);
  routes = gateRoutes(site.dir, site.htmlFiles);
  pages = await Promise.all(Array.from({ length: LANES }, () => browser.newPage({ reducedMotion: 'reduce' })));
  for (const page of pages) page.setDefaultTimeout(15_000);
}, 120_000);

afterAll(() => session?.close());

describe('one page per template at every width, every route at 375 and 1280 px', () => {
  it('samples every template, and every route', () => {
    expect(routes.all).toHaveLength(site.htmlFiles.length);
    expect(routes.all.length, 'too few routes: did the build lose pages?').toBeGreaterThan(50);
    expect([...routes.byTemplate.keys()].sort(), 'a template with no sample page').toHaveLength(routes.perTemplate.length);
    expect(routes.perTemplate.length).toBeGreaterThan(10);
  });

  for (const width of GATE_WIDTHS) {
    const which = EVERY_ROUTE_WIDTHS.includes(width) ? 'every route' : 'one page per template';
    it(`${width} px, ${which}: no sideways scroll, no cut-off or covered control, no lazy LCP image`, async () => {
      await Promise.all(pages.map((page) => page.setViewportSize({ width, height: HEIGHT })));
      const urls = EVERY_ROUTE_WIDTHS.includes(width) ? routes.all : routes.perTemplate;
      const problems = (await mapWithLimit(urls, LANES, async (url, lane) => {
        const page = pages[lane]!;
        const response = await page.goto(server.origin + url, { waitUntil: 'load' });
        expect(response?.status(), `${url} did not load`).toBe(expectedStatus(url));
        // LCP first: it is read as the page loaded, before any check scrolls.
        const found = [...await findLazyLcp(page), ...await findOverflow(page), ...await findUnreachableControls(page)];
        if (url === '/') headers.set(width, await measureHeader(page));
        return found.map((problem) => `${url} @${width}px: ${problem}`);
      })).flat();
      expect(problems, `${problems.length} problems:\n${problems.join('\n')}`).toEqual([]);
      expect(server.requestErrors, 'the server failed requests').toEqual([]);
    }, 240_000);
  }

  it('keeps the header on one row at every width, at one height across the desktop widths', () => {
    expect(headers.size, 'the header was not measured at every width').toBe(GATE_WIDTHS.length);
    const problems = [...headers].flatMap(([width, header]) => header.offRow.map((problem) => `@${width}px: ${problem}`));
    const desktop = [...headers].filter(([, header]) => header.desktop);
    expect(desktop.length, 'no width showed the desktop navigation').toBeGreaterThan(0);
    expect(desktop.map(([width]) => width), 'the desktop navigation must show from 1280 px up').toEqual(expect.arrayContaining([1280, 1440, 1920]));
    const heights = new Set(desktop.map(([, header]) => header.height));
    if (heights.size > 1) problems.push(`the desktop header changes height: ${desktop.map(([width, header]) => `${header.height}px at ${width}`).join(', ')}`);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
