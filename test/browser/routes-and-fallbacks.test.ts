/**
 * Site-wide browser checks (that every route loads cleanly under the site's own strict
 * Content-Security-Policy, at the top, with every widget enhanced, is the browser gates' clean-load
 * check, test/quality/browser-gates.test.ts): following a link lands at the top; the one client
 * script is external and deferred; a widget that fails leaves the others working; and without
 * JavaScript every FAQ answer, tab panel, testimonial and menu link can still be read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowserSession, VIEWPORT_NAMES, VIEWPORTS, type BrowserSession, type ViewportName } from '../support/browser.ts';

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowserSession();
});

afterAll(async () => {
  await session?.close();
});

describe('every built route', () => {
  // That every route loads at the top, enhanced, with no console error, failed request or CSP violation,
  // at 375 and 1280 px: the browser gates' clean-load check, on their one load (test/quality/browser-gates.test.ts).
  it('lands at the top after following a link from far down a page', async () => {
    const { page, problems } = await session.sharedPage('small');
    await page.goto(session.url('/faq'));
    const footerLink = page.locator('footer a[href="/gallery/"]').first();
    await footerLink.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await Promise.all([page.waitForURL(session.url('/gallery')), footerLink.click()]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.goForward();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
  });

  // No inline script, handler or style attribute: test/site/routes-and-links.test.ts. The JS weight: test/quality/weight-budget.test.ts.
  it('load one external, deferred, hashed script, with no breakpoint values written into it', () => {
    const scripts = new Set<string>();
    for (const file of session.site.htmlFiles) {
      const external = cheerio.load(readFileSync(path.join(session.site.dir, file), 'utf8'))('script[src]');
      expect(external.length, file).toBe(1);
      expect(external.attr('defer'), file).toBeDefined();
      scripts.add(external.attr('src')!);
    }
    expect([...scripts]).toHaveLength(1);
    expect([...scripts][0]).toMatch(/^\/assets\/site\.[0-9a-f]{8,}\.js$/);
    const jsFiles = readdirSync(session.site.dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    expect(jsFiles).toHaveLength(1);
    // Breakpoints live in CSS only (templates/styles/breakpoints.css).
    expect(readFileSync(path.join(session.site.dir, jsFiles[0]!), 'utf8')).not.toMatch(/\b(48|64)em\b|\b(768|1024)px\b/);
  });
});

describe('enhancing the widgets', () => {
  it.each(VIEWPORT_NAMES)('shifts no layout on the widget pages (%s)', async (viewport) => {
    // The file's one page for the three widths, each route loaded at the width (a shift is the load's).
    const { page } = await session.sharedPage(viewport);
    const shifts: string[] = [];
    for (const route of ['/', '/faq', '/services', '/gallery']) {
      await page.goto(session.url(route), { waitUntil: 'load' });
      const entries = await page.evaluate(() => new Promise<Array<{ value: number; inWidget: boolean; nodes: string }>>((resolve) => {
        const widget = '[data-dropdown], [data-mobile-menu], [data-accordion], [data-carousel], [data-tabs], .gallery';
        type Shift = PerformanceEntry & { value: number; sources?: Array<{ node?: Node | null }> };
        const seen: Shift[] = [];
        // Layout shifts are reported only to observers; `buffered` replays those since navigation.
        new PerformanceObserver((list) => seen.push(...list.getEntries() as Shift[])).observe({ type: 'layout-shift', buffered: true });
        // Shifts are reported as frames are drawn: two frames after the load (the script ran before it) have reported the enhancement's.
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(seen.map((entry) => {
          const nodes = (entry.sources ?? []).map((source) => source.node).filter((node): node is Element => node instanceof Element);
          return { value: entry.value, inWidget: nodes.some((node) => node.closest(widget) !== null), nodes: nodes.map((node) => node.className || node.nodeName).join(', ') };
        })))));
      }));
      for (const entry of entries) {
        if (entry.inWidget || entry.value >= 0.01) shifts.push(`${route}: ${entry.value.toFixed(4)} (${entry.nodes})`);
      }
    }
    expect(shifts).toEqual([]);
  });
});

describe('a widget that fails to start', () => {
  it('leaves the other widgets working and its own content readable', async () => {
    // The file's one page (a context of its own would cost a renderer process and a cold cache):
    // the breakage is armed only on a load whose URL asks for it, so no other test's load sees it.
    const { page, problems } = await session.sharedPage('large');
    // Make the accordion's enhancer throw: its hook lookup fails.
    await page.addInitScript(() => {
      if (!location.search.includes('break-accordion')) return;
      const original = Document.prototype.querySelectorAll;
      Document.prototype.querySelectorAll = function (this: Document, selector: string) {
        if (selector === '[data-accordion]') throw new Error('broken on purpose');
        return original.call(this, selector);
      } as typeof original;
    });
    await page.goto(`${session.url('/')}?break-accordion`);
    expect(problems.consoleErrors).toHaveLength(1);
    expect(problems.consoleErrors[0]).toContain('accordion');
    // Its answers open by themselves once the accordion has had 3 s to start (widgets.css).
    await expect.poll(() => page.locator('[data-accordion] .accordion__panel:visible').count(), { timeout: 6_000 }).toBe(3);
    const toggle = page.locator('[data-dropdown-toggle]');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('[data-carousel]').getAttribute('data-enhanced')).toBe('');
    expect(await page.locator('[data-carousel-next]').isVisible()).toBe(true);
  });
});

describe('without JavaScript', () => {
  let noScript: Page;

  beforeAll(async () => {
    noScript = (await session.newPage('small', { javaScriptEnabled: false })).page;
  });

  /** The route show() loaded last, while no other test has used the page since (undefined after atWidth). */
  let shown: string | undefined;

  /** The one page without JavaScript (a context's setting, so its own context), at the width a test asks for; the test loads its route. */
  async function atWidth(viewport: ViewportName): Promise<Page> {
    shown = undefined;
    await noScript.setViewportSize(VIEWPORTS[viewport]);
    return noScript;
  }

  /**
   * The page without JavaScript showing `route` at `viewport`, for the tests that only read it (and scroll it):
   * loaded once, then resized for the next width that asks. With no script, nothing on the page depends on
   * the width it was loaded at; CSS lays it out again at each width as a load there would. A test that
   * hovers or focuses loads its own (atWidth).
   */
  async function show(viewport: ViewportName, route: string): Promise<Page> {
    await noScript.setViewportSize(VIEWPORTS[viewport]);
    if (shown === route) await noScript.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
    else {
      await noScript.goto(session.url(route));
      shown = route;
    }
    return noScript;
  }

  it.each(VIEWPORT_NAMES)('shows every FAQ answer on / and /faq (%s)', async (viewport) => {
    const routes = [['/', 3], ['/faq', 8]] as const;
    // The route the page shows now first: it is resized, not loaded again.
    for (const [route, count] of shown === '/faq' ? [...routes].reverse() : routes) {
      const page = await show(viewport, route);
      const answers = page.locator('[data-accordion] .accordion__panel');
      expect(await answers.count()).toBe(count);
      for (const answer of await answers.all()) {
        expect(await answer.isVisible()).toBe(true);
        expect((await answer.innerText()).trim().length).toBeGreaterThan(20);
      }
    }
  });

  it.each(VIEWPORT_NAMES)('stacks all three service tab panels under their headings (%s)', async (viewport) => {
    const page = await show(viewport, '/services');
    expect(await page.locator('[data-tabs-list]').isVisible()).toBe(false);
    const panels = page.locator('[data-tabs] .tabs__panel');
    expect(await panels.count()).toBe(3);
    const headings: string[] = [];
    for (const panel of await panels.all()) {
      expect(await panel.isVisible()).toBe(true);
      headings.push(await panel.locator('.tabs__heading').innerText());
      expect(await panel.locator('.tabs__card').count()).toBe(3);
    }
    expect(headings).toEqual(['Commercial', 'Renovations', 'Specialty Services']);
  });

  it.each(VIEWPORT_NAMES)('lets every testimonial be scrolled into view and read (%s)', async (viewport) => {
    const page = await show(viewport, '/');
    const track = page.locator('[data-carousel-track]');
    expect(await track.evaluate((element) => getComputedStyle(element).overflowX)).toBe('auto');
    expect(await page.locator('[data-carousel-prev], [data-carousel-next]').evaluateAll((buttons) => buttons.filter((button) => (button as HTMLElement).offsetParent !== null).length)).toBe(0);
    const slides = track.locator('> *');
    expect(await slides.count()).toBe(5);
    for (const slide of await slides.all()) {
      await slide.scrollIntoViewIfNeeded();
      expect(await slide.isVisible()).toBe(true);
      const inside = await slide.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const frame = element.parentElement!.getBoundingClientRect();
        return box.left >= frame.left - 1 && box.right <= frame.right + 1;
      });
      expect(inside).toBe(true);
      expect((await slide.locator('blockquote').innerText()).trim().length).toBeGreaterThan(40);
    }
  });

  it.each(['small', 'medium'] as const)('shows the mobile menu links open (%s)', async (viewport) => {
    const page = await show(viewport, '/about');
    expect(await page.locator('[data-mobile-menu-toggle]').isVisible()).toBe(false);
    // From the medium width the header bar itself shows Get Your Free Quote, so the menu leaves its copy out.
    const links = page.locator(viewport === 'medium' ? '#mobile-menu-panel a:not(.button--accent)' : '#mobile-menu-panel a');
    expect(await links.count()).toBeGreaterThan(8);
    if (viewport === 'medium') expect(await page.locator('header a', { hasText: 'Get Your Free Quote' }).filter({ visible: true }).count()).toBe(1);
    const width = page.viewportSize()!.width;
    for (const link of await links.all()) {
      expect(await link.isVisible()).toBe(true);
      const box = (await link.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= width, `${await link.innerText()} lies outside the viewport`).toBe(true);
    }
  });

  it('opens the desktop Services menu on hover and on keyboard focus (large)', async () => {
    const page = await atWidth('large');
    await page.goto(session.url('/about'));
    const panel = page.locator('[data-dropdown] .dropdown__panel');
    expect(await panel.isVisible()).toBe(false);
    await page.locator('[data-dropdown-toggle]').hover();
    expect(await panel.isVisible()).toBe(true);
    await page.mouse.move(0, 400);
    expect(await panel.isVisible()).toBe(false);
    await page.locator('[data-dropdown-toggle]').focus();
    await page.keyboard.press('Tab');
    expect(await panel.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/services/');
  });

  it('reveals gallery captions on hover (large) and shows them under the images (small)', async () => {
    const page = await atWidth('large');
    await page.goto(session.url('/gallery'));
    const figures = page.locator('.gallery__figure');
    const shown = (index: number) => figures.nth(index).locator('.gallery__caption').evaluate((element) => getComputedStyle(element).opacity === '1');
    expect(await shown(0)).toBe(false);
    await figures.nth(0).hover();
    // The caption fades in over 0.2 s.
    await expect.poll(() => shown(0), { timeout: 2_000 }).toBe(true);
    const small = await atWidth('small');
    await small.goto(session.url('/gallery'));
    expect(await small.locator('.gallery__caption').evaluateAll((captions) => captions.every((caption) => getComputedStyle(caption).opacity === '1'))).toBe(true);
  });
});
