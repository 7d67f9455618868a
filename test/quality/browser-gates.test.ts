/**
 * The browser gates, on one load of each page: one page per template (the `template-*` class on
 * <body>; pages of one template differ only in text) at eleven widths from 320 to 1920 px, and
 * every built route at 375 and 1280 px. Each gate has its own test per width:
 * - layout (support/layout-checks.ts): no sideways scroll; every visible link and button whole
 *   and hittable at its centre with the call button present, scrolling down from the top and up
 *   from the bottom; the largest contentful paint never a lazy-loaded image; at `/`, the header
 *   on one row, one height across the desktop widths;
 * - accessibility (support/axe-audit.ts): zero axe-core violations of WCAG 2.0/2.1 A and AA
 *   (the states behind a click, menus, FAQ items and tabs, are in accessibility.test.ts);
 * - contrast (support/contrast-check.ts): text at 4.5:1 (3:1 large) against the rendered pixels
 *   behind its glyphs;
 * - a clean load (support/clean-load.ts): the site's CSP served and nothing violating it, no
 *   console error, failed request or broken image (lazy ones loaded too), the page opens at the
 *   top and enhanced (`<html class="js">`).
 * Accessibility, contrast and the clean load run at the two every-route widths; layout at all eleven. Every page
 * must answer 200 and the server must fail no request. The pages are served as the host serves
 * them (the site's CSP applies); the checkers' own self-checks are visual-gate-self-check.test.ts
 * and accessibility.test.ts's first test.
 * Each route is loaded once and resized through its widths (support/gate-pass.ts says why that
 * shows what a load at each width shows, and when a width is loaded afresh); the whole pass runs
 * before the first test, so `-t` on any test runs it all.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowserSession, openResizablePage, type BrowserSession } from '../support/browser.ts';
import { mapWithLimit } from './support/browser.ts';
import { watchLoads } from './support/clean-load.ts';
import { checkRoute, GATE_HEIGHT, type Gate, type PageResult, type WidthPlan } from './support/gate-pass.ts';
import type { HeaderMeasure } from './support/layout-checks.ts';
import { gateRoutes, type GateRoutes } from './support/site-pages.ts';

const GATE_WIDTHS = [320, 360, 375, 414, 768, 820, 1024, 1180, 1280, 1440, 1920] as const;
/** Widths at which every route is checked, by every gate; the others check one page per template, for layout. */
const EVERY_ROUTE_WIDTHS: readonly number[] = [375, 1280];
/** Pages checked at once, one per core: each lane reuses its page. */
const LANES = 2;

let session: BrowserSession;
let routes: GateRoutes;
/** Every route's result at each width it was checked at, by width. */
const byWidth = new Map<number, PageResult[]>();
const headers = new Map<number, HeaderMeasure>();

/** The gates a page gets at a width: every route the cheap ones, each template's sample axe and contrast too. */
function gatesFor(url: string, everyRoute: boolean): Gate[] {
  if (!everyRoute) return ['layout'];
  return routes.perTemplate.includes(url) ? ['layout', 'clean', 'axe', 'contrast'] : ['layout', 'clean'];
}

/**
 * A route's widths, in the order its page goes through them: the every-route widths first, from
 * the one the lane's page is at (so no page is resized only to be left), then, for a template's
 * sample, the other widths.
 */
function plansFor(url: string, startAt: number | undefined): WidthPlan[] {
  const first = startAt === 1280 ? [1280, 375] : [375, 1280];
  const widths = routes.perTemplate.includes(url) ? [...first, ...GATE_WIDTHS.filter((width) => !first.includes(width))] : first;
  return widths.map((width) => ({ width, gates: gatesFor(url, EVERY_ROUTE_WIDTHS.includes(width)), measureHeader: url === '/' }));
}

beforeAll(async () => {
  session = await openBrowserSession();
  routes = gateRoutes(session.site.dir, session.site.htmlFiles);
  // Each lane's page goes through every width of its routes: resized without a window (openResizablePage).
  const pages: Page[] = await Promise.all(Array.from({ length: LANES }, async () => (await openResizablePage(session.browser, { width: 375, height: GATE_HEIGHT }, { reducedMotion: 'reduce' })).page));
  for (const page of pages) {
    page.setDefaultTimeout(30_000);
    await watchLoads(page);
  }
  const results = await mapWithLimit(routes.all, LANES, (url, lane) => checkRoute(pages[lane]!, session.server.origin, url, plansFor(url, pages[lane]!.viewportSize()?.width)));
  for (const result of results.flat()) {
    byWidth.set(result.width, [...byWidth.get(result.width) ?? [], result]);
    if (result.header) headers.set(result.width, result.header);
  }
}, 900_000);

afterAll(() => session?.close());

function report(gate: string, problems: string[]): string {
  return `${problems.length} ${gate} problems:\n${problems.join('\n')}`;
}

it('samples every template, and every route', () => {
  expect(routes.all).toHaveLength(session.site.htmlFiles.length);
  expect(routes.all.length, 'too few routes: did the build lose pages?').toBeGreaterThan(50);
  expect([...routes.byTemplate.keys()].sort(), 'a template with no sample page').toHaveLength(routes.perTemplate.length);
  expect(routes.perTemplate.length).toBeGreaterThan(10);
});

for (const width of GATE_WIDTHS) {
  const everyRoute = EVERY_ROUTE_WIDTHS.includes(width);
  describe(`${width} px, ${everyRoute ? 'every route' : 'one page per template'}`, () => {
    const results = () => byWidth.get(width) ?? [];
    const problemsOf = (gate: Gate) => results().flatMap((result) => result.problems[gate]);
    /** The pages a gate ran on to the end: it must have judged every page it was meant to. */
    const judgedBy = (gate: Gate) => results().filter((result) => result.judged.includes(gate)).map((result) => result.url);

    it('loads every page it checks (HTTP 200), and the server fails no request', () => {
      const failures = results().flatMap((result) => (result.failure ? [result.failure] : []));
      expect(results().map((result) => result.url).sort(), 'not every page was checked').toEqual([...everyRoute ? routes.all : routes.perTemplate].sort());
      expect(failures, failures.join('\n')).toEqual([]);
      expect(session.server.requestErrors, 'the server failed requests').toEqual([]);
    });

    it('layout: no sideways scroll, no cut-off or covered control, no lazy LCP image', () => {
      expect(judgedBy('layout')).toHaveLength(results().length);
      expect(problemsOf('layout'), report('layout', problemsOf('layout'))).toEqual([]);
    });

    if (everyRoute) {
      it('clean load: the CSP served and kept, no console error, failed request or broken image, opened at the top and enhanced', () => {
        expect(judgedBy('clean')).toHaveLength(routes.all.length);
        expect(problemsOf('clean'), report('load', problemsOf('clean'))).toEqual([]);
      });

      it('accessibility: zero axe violations (WCAG 2.1 A and AA), one page per template', () => {
        expect(judgedBy('axe').sort()).toEqual([...routes.perTemplate].sort());
        expect(problemsOf('axe'), report('axe', problemsOf('axe'))).toEqual([]);
      });

      it('contrast: every text meets WCAG AA on the pixels behind it, one page per template', () => {
        expect(judgedBy('contrast').sort()).toEqual([...routes.perTemplate].sort());
        expect(problemsOf('contrast'), report('contrast', problemsOf('contrast'))).toEqual([]);
      });
    }
  });
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
