/**
 * Gate 2, accessibility: axe-core (WCAG 2.0/2.1, levels A and AA) finds zero
 * violations on every built route at 375 px and 1280 px, and with each widget
 * opened: the desktop Services dropdown, the mobile menu (and its Services
 * submenu), an FAQ item, and every services tab.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltSite } from '../support/site-build.ts';
import { openBrowserSession, type BrowserSession } from '../support/browser.ts';
import { mapWithLimit, waitForAnimations } from './support/browser.ts';
import type { SiteServer } from '../support/site-server.ts';
import { expectedStatus, toPageUrl } from './support/site-pages.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const VIEWPORTS = {
  375: { width: 375, height: 812 },
  1280: { width: 1280, height: 800 },
} as const;
type Width = keyof typeof VIEWPORTS;
/** Pages audited at once in one browser: axe is CPU-bound and the machine has two cores. */
const PARALLEL_PAGES = 3;

let session: BrowserSession;
let site: BuiltSite;
let server: SiteServer;
let browser: Browser;
const contexts = new Map<Width, BrowserContext>();

beforeAll(async () => {
  session = await openBrowserSession();
  ({ site, server, browser } = session);
  for (const width of [375, 1280] as const) contexts.set(width, await browser.newContext({ viewport: VIEWPORTS[width] }));
}, 120_000);

afterAll(() => session?.close());

async function newPage(width: Width): Promise<Page> {
  const page = await contexts.get(width)!.newPage();
  // Fail fast: a missing widget should not wait for Playwright's 30 s default.
  page.setDefaultTimeout(10_000);
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

/** One line per failing element: where, at which width and state, which rule, and what is wrong. */
async function auditPage(page: Page, label: string): Promise<string[]> {
  await waitForAnimations(page);
  // Legacy mode runs axe in the page itself; the default opens an extra blank page per run to merge frame results, and these pages have no frames.
  // options() replaces what withTags() set, so the tags go in here; resultTypes skips building the (unused) passes.
  const results = await new AxeBuilder({ page }).options({ runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] }).setLegacyMode(true).analyze();
  expect(results.toolOptions.runOnly, 'axe ran with other rules than the WCAG 2.1 A/AA tags').toEqual({ type: 'tag', values: WCAG_TAGS });
  return results.violations.flatMap((violation) => violation.nodes.map((node) => {
    const summary = (node.failureSummary ?? '').split('\n').slice(1).map((line) => line.trim()).filter(Boolean).join('; ');
    return `${label}: ${violation.id} [${violation.impact}] ${violation.help} at ${node.target.join(' ')}${summary ? ` (${summary})` : ''}`;
  }));
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
    try {
      // A missing alt is WCAG 1.1.1; content outside landmarks is only an axe best practice, so it must not count.
      await page.setContent('<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><p>outside any landmark</p><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="1" height="1"></main></body></html>');
      const problems = await auditPage(page, 'fixture');
      expect(problems.map((problem) => problem.split(' ')[1])).toEqual(['image-alt']);
      expect(problems[0]).toMatch(/^fixture: image-alt \[critical\] .+ at img/);
    } finally {
      await page.close();
    }
  });

  for (const width of [375, 1280] as const) {
    it(`finds zero violations on every route at ${width} px`, async () => {
      const urls = site.htmlFiles.map(toPageUrl);
      expect(urls.length, 'too few routes: did the build lose pages?').toBeGreaterThan(50);
      const pages = await Promise.all(Array.from({ length: PARALLEL_PAGES }, () => newPage(width)));
      try {
        const problems = (await mapWithLimit(urls, PARALLEL_PAGES, async (url, lane) => {
          await visit(pages[lane]!, url);
          return auditPage(pages[lane]!, `${url} @${width}px`);
        })).flat();
        expect(problems, report(problems)).toEqual([]);
        expect(server.requestErrors, 'the server failed requests').toEqual([]);
      } finally {
        await Promise.all(pages.map((page) => page.close()));
      }
    }, 240_000);
  }

  it('finds zero violations with the desktop Services dropdown open (1280 px)', async () => {
    const page = await openPage(1280, '/');
    try {
      await clickToggle(page, '[data-dropdown] button[aria-expanded]', 'Services dropdown toggle');
      const problems = await auditPage(page, '/ @1280px, Services dropdown open');
      expect(problems, report(problems)).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('finds zero violations with the mobile menu and its Services submenu open (375 px)', async () => {
    const page = await openPage(375, '/');
    try {
      await clickToggle(page, '[data-mobile-menu] button[aria-expanded]', 'mobile menu toggle');
      const problems = await auditPage(page, '/ @375px, mobile menu open');
      const submenu = page.locator('[data-mobile-menu] button[aria-expanded="false"]').filter({ visible: true });
      expect(await submenu.count(), 'the open mobile menu has no Services submenu toggle').toBeGreaterThan(0);
      await clickToggle(page, '[data-mobile-menu] button[aria-expanded="false"]', 'mobile Services submenu toggle');
      problems.push(...await auditPage(page, '/ @375px, mobile menu and Services submenu open'));
      expect(problems, report(problems)).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('finds zero violations with an FAQ item open on / and /faq/ at both widths', async () => {
    const problems: string[] = [];
    for (const width of [375, 1280] as const) {
      for (const url of ['/', '/faq/']) {
        const page = await openPage(width, url);
        try {
          await openFirstFaq(page);
          problems.push(...await auditPage(page, `${url} @${width}px, first FAQ item open`));
        } finally {
          await page.close();
        }
      }
    }
    expect(problems, report(problems)).toEqual([]);
  }, 90_000);

  it('finds zero violations with each services tab selected at both widths', async () => {
    const problems: string[] = [];
    for (const width of [375, 1280] as const) {
      const page = await openPage(width, '/services/');
      try {
        const tabs = page.locator('[data-tabs] [role="tab"]');
        const count = await tabs.count();
        expect(count, '/services/ has no [data-tabs] [role="tab"] elements').toBe(3);
        for (let index = 0; index < count; index++) {
          const tab = tabs.nth(index);
          await tab.click();
          await expect.poll(() => tab.getAttribute('aria-selected'), { message: `tab ${index + 1} was not selected`, timeout: 2_000 }).toBe('true');
          problems.push(...await auditPage(page, `/services/ @${width}px, tab "${(await tab.innerText()).trim()}" selected`));
        }
      } finally {
        await page.close();
      }
    }
    expect(problems, report(problems)).toEqual([]);
  }, 90_000);
});
