/**
 * Gate 2, accessibility: axe-core (WCAG 2.0/2.1, levels A and AA) finds zero
 * violations with each widget opened: the desktop Services dropdown and the
 * mobile menu (and its Services submenu), on the whole page (they hide or dim
 * the rest of it); an FAQ item and every services tab, within the widget (the
 * click changes nothing outside it). One page per template at 375 and 1280 px
 * is audited as loaded in browser-gates.test.ts, on the same load as the layout
 * and contrast gates; the audit itself is support/axe-audit.ts, proven here on
 * a page made to fail.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowserSession, openResizablePage, type BrowserSession } from '../support/browser.ts';
import { auditPage } from './support/axe-audit.ts';
import type { SiteServer } from '../support/site-server.ts';
import { expectedStatus } from '../support/urls.ts';

const VIEWPORTS = {
  375: { width: 375, height: 812 },
  1280: { width: 1280, height: 800 },
} as const;
type Width = keyof typeof VIEWPORTS;

let session: BrowserSession;
let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  session = await openBrowserSession();
  ({ server, browser } = session);
}, 120_000);

afterAll(() => session?.close());

let shared: Promise<Page> | undefined;

/**
 * The file's one page, resized to `width`, reused by every test (each loads what it audits, so none
 * sees another's state; a context of its own per width cost a renderer process and a cold cache).
 */
async function newPage(width: Width): Promise<Page> {
  // Resized between the widths: no window of its own to resize with it (openResizablePage).
  const page = await (shared ??= openResizablePage(browser, VIEWPORTS[width]).then(({ page: created }) => {
    // Fail fast: a missing widget should not wait for Playwright's 30 s default.
    created.setDefaultTimeout(10_000);
    return created;
  }));
  await page.setViewportSize(VIEWPORTS[width]);
  // Where a new page's mouse starts, so no test hovers what the one before it pointed at.
  await page.mouse.move(0, 0);
  return page;
}

async function visit(page: Page, url: string): Promise<void> {
  const response = await page.goto(server.origin + url, { waitUntil: 'load' });
  expect(response?.status(), `${url} did not load`).toBe(expectedStatus(url));
}

async function openPage(width: Width, url: string): Promise<Page> {
  const page = await newPage(width);
  await visit(page, url);
  return page;
}

function report(problems: string[]): string {
  return `${problems.length} axe violations:\n${problems.join('\n')}`;
}

/** Clicks the first visible toggle matching `selector` and checks the widget says it opened. */
async function clickToggle(page: Page, selector: string, what: string): Promise<void> {
  const matches = page.locator(selector).filter({ visible: true });
  expect(await matches.count(), `${page.url()}: no visible ${what} (${selector})`).toBeGreaterThan(0);
  // Pin the element: the selector may stop matching it once it opens.
  const toggle = (await matches.first().elementHandle())!;
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded'), { message: `${what} did not set aria-expanded="true"`, timeout: 2_000 }).toBe('true');
}

/** Opens the first FAQ item, whether the accordion uses <details> or disclosure buttons. */
async function openFirstFaq(page: Page): Promise<void> {
  const details = page.locator('[data-accordion] details');
  if (await details.count() > 0) {
    await details.first().locator('summary').click();
    await expect.poll(() => details.first().evaluate((element) => (element as HTMLDetailsElement).open), { message: 'the FAQ item did not open', timeout: 2_000 }).toBe(true);
    return;
  }
  await clickToggle(page, '[data-accordion] button[aria-expanded]', 'FAQ question button');
}

describe('Accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  it('reports WCAG violations, and only those, on a page made to fail', async () => {
    const page = await newPage(375);
    // A blank document first: content set into a page the site served keeps the site's CSP, which refuses the inline style below.
    await page.goto('about:blank');
    // A missing alt is WCAG 1.1.1 and grey on white is 1.4.3; content outside landmarks is only an axe best practice, so it must not count.
    const gif = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    await page.setContent(`<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><p>outside any landmark</p><header><img src="${gif}" class="outside" width="1" height="1"></header><main><img src="${gif}" width="1" height="1"><p style="color:#bbb">faint</p></main></body></html>`);
    const problems = await auditPage(page, 'fixture');
    expect(problems.map((problem) => problem.split(' ')[1]).sort()).toEqual(['color-contrast', 'image-alt', 'image-alt']);
    expect(problems.find((problem) => problem.includes('image-alt') && !problem.includes('.outside'))).toMatch(/^fixture: image-alt \[critical\] .+ at main > img/);
    // Where the contrast gate measures the same load on its pixels, axe leaves contrast to it, and only that rule.
    expect((await auditPage(page, 'fixture', { contrastOnPixels: true })).map((problem) => problem.split(' ')[1])).toEqual(['image-alt', 'image-alt']);
    // A widget's state is audited within the widget: what is inside is found, what is outside is not.
    const inMain = await auditPage(page, 'fixture', { within: 'main' });
    expect(inMain.map((problem) => problem.split(' ')[1]).sort()).toEqual(['color-contrast', 'image-alt']);
    expect(inMain.join('\n')).not.toContain('.outside');
    await expect(auditPage(page, 'fixture', { within: '[data-tabs]' })).rejects.toThrow('nothing matches [data-tabs]');
  });

  it('finds zero violations with the desktop Services dropdown open (1280 px)', async () => {
    const page = await openPage(1280, '/');
    await clickToggle(page, '[data-dropdown] button[aria-expanded]', 'Services dropdown toggle');
    const problems = await auditPage(page, '/ @1280px, Services dropdown open');
    expect(problems, report(problems)).toEqual([]);
  }, 60_000);

  it('finds zero violations with the mobile menu and its Services submenu open (375 px)', async () => {
    const page = await openPage(375, '/');
    await clickToggle(page, '[data-mobile-menu] button[aria-expanded]', 'mobile menu toggle');
    const problems = await auditPage(page, '/ @375px, mobile menu open');
    const submenu = page.locator('[data-mobile-menu] button[aria-expanded="false"]').filter({ visible: true });
    expect(await submenu.count(), 'the open mobile menu has no Services submenu toggle').toBeGreaterThan(0);
    await clickToggle(page, '[data-mobile-menu] button[aria-expanded="false"]', 'mobile Services submenu toggle');
    problems.push(...await auditPage(page, '/ @375px, mobile menu and Services submenu open'));
    expect(problems, report(problems)).toEqual([]);
  }, 60_000);

  // The second width is the same page resized, the item still open and each tab chosen again there:
  // the site's script does not read the width, so a resize shows what a load at that width shows
  // (support/gate-pass.ts), and axe is already in the document.
  it('finds zero violations with an FAQ item open on / and /faq/ at both widths', async () => {
    const problems: string[] = [];
    for (const url of ['/', '/faq/']) {
      const page = await openPage(375, url);
      await openFirstFaq(page);
      for (const width of [375, 1280] as const) {
        await page.setViewportSize(VIEWPORTS[width]);
        expect(await page.locator('[data-accordion] [aria-expanded="true"], [data-accordion] details[open]').count(), `${url} @${width}px: the first FAQ item is not open`).toBe(1);
        problems.push(...await auditPage(page, `${url} @${width}px, first FAQ item open`, { within: '[data-accordion]' }));
      }
    }
    expect(problems, report(problems)).toEqual([]);
  }, 90_000);

  it('finds zero violations with each services tab selected at both widths', async () => {
    const problems: string[] = [];
    const page = await openPage(375, '/services/');
    for (const width of [375, 1280] as const) {
      await page.setViewportSize(VIEWPORTS[width]);
      const tabs = page.locator('[data-tabs] [role="tab"]');
      const count = await tabs.count();
      expect(count, '/services/ has no [data-tabs] [role="tab"] elements').toBe(3);
      for (let index = 0; index < count; index++) {
        const tab = tabs.nth(index);
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected'), { message: `tab ${index + 1} was not selected`, timeout: 2_000 }).toBe('true');
        problems.push(...await auditPage(page, `/services/ @${width}px, tab "${(await tab.innerText()).trim()}" selected`, { within: '[data-tabs]' }));
      }
    }
    expect(problems, report(problems)).toEqual([]);
  }, 90_000);
});
