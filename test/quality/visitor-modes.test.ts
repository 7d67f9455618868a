/**
 * Gate: the modes visitors really use, on one page of each kind (home, the
 * services overview, a location, the gallery, contact) rather than every
 * route, so it stays quick:
 * - text spacing (WCAG 1.4.12) at desktop widths: no header control overlaps another;
 * - forced colours: the selected tab, the call button's container and the
 *   carousel's position are told apart on the rendered pixels;
 * - short windows (400 % zoom, 320 x 256 and 320 x 200; a phone on its side):
 *   pinned elements take no real share of the window, nothing covers a control, the open menu included;
 * - print: /contact/ on one A4 page, a location and a guide on at most two, no navigation or
 *   buttons, no screen-sized spacing, links with their addresses, black on white, contact details first;
 * - the call button shows the number at every width, leaves the page's end
 *   uncovered, and a phone's first screen offers a call and a quote.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowserSession, openResizablePage, type BrowserSession } from '../support/browser.ts';
import { findUnreachableControls } from './support/layout-checks.ts';
import {
  boxesOf, countPdfPages, findHeaderOverlaps, findPrintedControls, inkShare, pinnedShare, shootWindow, TEXT_SPACING_STYLE,
} from './support/mode-checks.ts';

const SAMPLE = ['/', '/services/', '/locations/brisbane-cbd/', '/gallery/', '/contact/'];
const PHONE_DISPLAY = /\(07\)\s3000\s0000/;

let session: BrowserSession;
/** One page per kind of context, reused by the tests that ask for it (each test loads the route it checks). */
const pages = new Map<string, Promise<Page>>();

beforeAll(async () => {
  session = await openBrowserSession();
}, 120_000);

afterAll(() => session?.close());

/**
 * A page at `viewport`: one per kind (plain, forced colours, CSP bypassed), reused by every test that
 * asks for that kind, since each test loads the route it checks. A context costs a renderer process
 * and a cold cache; what a context fixes (bypassCSP) gets its own, and forced colours, a media
 * feature, is emulated on its own page so no other test sees it.
 */
async function open(viewport: { width: number; height: number }, options: { forcedColors?: boolean; bypassCSP?: boolean } = {}): Promise<Page> {
  const kind = options.bypassCSP ? 'bypass-csp' : options.forcedColors ? 'forced-colors' : 'plain';
  if (!pages.has(kind)) {
    pages.set(kind, (async () => {
      // Resized through many sizes: no window of its own to resize with it (openResizablePage).
      const { page } = await openResizablePage(session.browser, viewport, { reducedMotion: 'reduce', bypassCSP: options.bypassCSP });
      page.setDefaultTimeout(15_000);
      if (options.forcedColors) await page.emulateMedia({ forcedColors: 'active' });
      return page;
    })());
  }
  const page = await pages.get(kind)!;
  await page.setViewportSize(viewport);
  return page;
}

async function visit(page: Page, route: string): Promise<void> {
  const response = await page.goto(session.url(route), { waitUntil: 'load' });
  expect(response?.status(), `${route} did not load`).toBe(200);
}

/**
 * Checks `routes` at each of `viewports`: one load per route, resized through the viewports (the
 * site's script does not read the width, so a resized page lays out as a page loaded at that size).
 * Returns each viewport's problems, in the order given.
 */
async function acrossViewports(page: Page, routes: readonly string[], viewports: ReadonlyArray<{ width: number; height: number }>,
  check: (route: string) => Promise<string[]>, afterLoad: () => Promise<unknown> = async () => undefined): Promise<string[][]> {
  const problems = viewports.map((): string[] => []);
  for (const route of routes) {
    await page.setViewportSize(viewports[0]!);
    await visit(page, route);
    await afterLoad();
    for (const [index, viewport] of viewports.entries()) {
      await page.setViewportSize(viewport);
      problems[index]!.push(...(await check(route)).map((problem) => `${route}: ${problem}`));
    }
  }
  return problems;
}

describe('text spacing (WCAG 1.4.12)', () => {
  const WIDTHS = [1200, 1280, 1440, 1920, 1024, 375];
  let byWidth: string[][];

  beforeAll(async () => {
    const page = await open({ width: WIDTHS[0]!, height: 800 }, { bypassCSP: true });
    byWidth = await acrossViewports(page, SAMPLE, WIDTHS.map((width) => ({ width, height: 800 })), async () => {
      const sideways = await page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth);
      return [...await findHeaderOverlaps(page), ...sideways > 0 ? [`scrolls ${sideways}px sideways`] : []];
    }, () => page.addStyleTag({ content: TEXT_SPACING_STYLE }));
  }, 120_000);

  for (const [index, width] of WIDTHS.entries()) {
    it(`${width} px: no header control overlaps another with the spacing override`, () => {
      expect(byWidth[index], byWidth[index]!.join('\n')).toEqual([]);
    });
  }
});

describe('forced colours', () => {
  it('the selected services tab stands out from the others, whichever is selected', async () => {
    const page = await open({ width: 1280, height: 900 }, { forcedColors: true });
    await visit(page, '/services/');
    const tabs = page.getByRole('tab');
    expect(await tabs.count()).toBeGreaterThan(1);
    for (const chosen of [0, 1]) {
      await tabs.nth(chosen).click();
      await page.mouse.move(0, 0);
      await tabs.nth(chosen).evaluate((element) => (element as HTMLElement).blur());
      const shot = await shootWindow(page);
      const fills = (await boxesOf(page, '[role=tab]')).map((box) => inkShare(shot, box, 4));
      const others = fills.filter((_, index) => index !== chosen);
      expect(fills[chosen]! - Math.max(...others), `tab ${chosen + 1} selected: edge ink ${fills.map((fill) => fill.toFixed(2)).join(', ')}`).toBeGreaterThan(0.3);
    }
  }, 60_000);

  for (const width of [375, 1280]) {
    it(`${width} px: the call button keeps a visible container`, async () => {
      const page = await open({ width, height: 800 }, { forcedColors: true });
      await visit(page, '/contact/');
      const shot = await shootWindow(page);
      const [box] = await boxesOf(page, '.call-button');
      expect(box, 'no call button').toBeDefined();
      const edge = inkShare(shot, box!, 3);
      expect(edge, `only ${(edge * 100).toFixed(0)}% of the call button's edge is drawn`).toBeGreaterThan(0.5);
    }, 60_000);
  }

  it('375 px: every carousel dot shows, and the current one differs from the rest', async () => {
    const page = await open({ width: 375, height: 800 }, { forcedColors: true });
    await visit(page, '/');
    await page.locator('.carousel__dots').scrollIntoViewIfNeeded();
    const shot = await shootWindow(page);
    const dots = await page.locator('.carousel__dot').evaluateAll((elements) => elements.map((element) => element.hasAttribute('data-active')));
    const fills = (await boxesOf(page, '.carousel__dot')).map((box) => inkShare(shot, box));
    expect(dots.filter(Boolean), 'no current dot').toHaveLength(1);
    const current = fills[dots.indexOf(true)]!;
    const rest = fills.filter((_, index) => !dots[index]);
    expect(Math.min(...fills), `a dot is blank: ink ${fills.map((fill) => fill.toFixed(2)).join(', ')}`).toBeGreaterThan(0.25);
    expect(current - Math.max(...rest), `current dot not told apart: ink ${fills.map((fill) => fill.toFixed(2)).join(', ')}`).toBeGreaterThan(0.25);
  }, 60_000);
});

describe('short windows and 400 % zoom', () => {
  const VIEWPORTS = [{ width: 320, height: 256 }, { width: 320, height: 200 }, { width: 667, height: 375 }];
  let byViewport: string[][];

  beforeAll(async () => {
    const page = await open(VIEWPORTS[0]!);
    byViewport = await acrossViewports(page, SAMPLE, VIEWPORTS, async (route) => {
      await page.evaluate(() => window.scrollTo({ top: document.scrollingElement!.scrollHeight / 2, behavior: 'instant' }));
      const { share, pinned } = await pinnedShare(page);
      const problems = share > 0.1 ? [`pinned elements cover ${(share * 100).toFixed(0)}% of the window: ${pinned.join(', ')}`] : [];
      if (route === '/' || route === '/contact/') problems.push(...await findUnreachableControls(page));
      return problems;
    });
  }, 120_000);

  for (const [index, viewport] of VIEWPORTS.entries()) {
    it(`${viewport.width} x ${viewport.height}: nothing pinned over the page, every control reachable`, () => {
      expect(byViewport[index], byViewport[index]!.join('\n')).toEqual([]);
    });
  }

  it('320 x 256: the open menu is not covered and scrolls with the page', async () => {
    const page = await open({ width: 320, height: 256 });
    await visit(page, '/');
    await page.locator('.mobile-menu__toggle').click();
    const problems = await page.evaluate(() => {
      const found: string[] = [];
      for (const link of document.querySelectorAll('.mobile-menu__panel a, .mobile-menu__panel button')) {
        if (link.getClientRects().length === 0) continue;
        link.scrollIntoView({ block: 'center', behavior: 'instant' });
        const box = link.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (hit !== link && !link.contains(hit)) found.push(`"${link.textContent?.trim()}" is covered by <${hit?.tagName.toLowerCase()} class="${hit?.className}">`);
      }
      const panel = document.querySelector('.mobile-menu__panel')!;
      if (panel.scrollHeight > panel.clientHeight + 1) found.push(`the menu scrolls inside a ${panel.clientHeight}px box`);
      return found;
    });
    expect(problems, problems.join('\n')).toEqual([]);
  }, 60_000);
});

describe('print', () => {
  const PRINTED = [['/contact/', 1], ['/locations/brisbane-cbd/', 2], ['/guides/checking-your-cleaners-work/', 2]] as const;
  for (const [route, most] of PRINTED) {
    it(`${route} prints on at most ${most} A4 page${most === 1 ? '' : 's'}, without navigation or buttons`, async () => {
      const page = await open({ width: 1024, height: 800 });
      await visit(page, route);
      // The page is shared with the other plain-page tests: print is emulated for this test only.
      await page.emulateMedia({ media: 'print' });
      try {
        const printed = countPdfPages(await page.pdf({ format: 'A4' }));
        expect(printed, `${route} prints on ${printed} pages`).toBeGreaterThan(0);
        expect(printed, `${route} prints on ${printed} pages`).toBeLessThanOrEqual(most);
        expect(await findPrintedControls(page)).toEqual([]);
        const print = await page.evaluate(() => {
          // E-mail links read as their address already.
          const external = [...document.querySelectorAll('main a[href^="http"]')];
          const contact = document.querySelector('.print-contact');
          // Screen spacing (a section's 80 px) left in print is blank paper; 12pt is 16 px.
          const loose = [...document.querySelectorAll('main *')].filter((element) => {
            const style = getComputedStyle(element);
            return element.getClientRects().length > 0 && Math.max(parseFloat(style.paddingTop), parseFloat(style.paddingBottom)) > 16;
          });
          return {
            loose: loose.map((element) => `${element.tagName.toLowerCase()}.${element.className} ${getComputedStyle(element).paddingBlock}`),
            unaddressed: external.filter((link) => !getComputedStyle(link, '::after').content.includes(link.getAttribute('href')!)).map((link) => link.textContent),
            colours: [getComputedStyle(document.body).color, getComputedStyle(document.querySelector('main p')!).color, getComputedStyle(document.body).backgroundColor],
            contact: contact && contact.getClientRects().length > 0 ? { text: contact.textContent ?? '', top: contact.getBoundingClientRect().top } : undefined,
          };
        });
        expect(print.unaddressed, 'printed links without their address').toEqual([]);
        expect(print.loose, 'blocks that keep their screen spacing in print').toEqual([]);
        expect(print.colours).toEqual(['rgb(0, 0, 0)', 'rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
        expect(print.contact?.text, 'the printed page does not start with the phone number').toMatch(PHONE_DISPLAY);
        expect(print.contact!.top).toBeLessThan(150);
      } finally {
        await page.emulateMedia({ media: null });
      }
    }, 60_000);
  }
});

describe('print of the home page', () => {
  it('prints every testimonial whole with its rating in words, and every FAQ answer, without the carousel\'s buttons (paper does not scroll or open)', async () => {
    const page = await open({ width: 1024, height: 800 });
    await visit(page, '/');
    await page.emulateMedia({ media: 'print' });
    try {
      // The FAQ's questions are its triggers: printed as their text, with their answers (below).
      expect((await findPrintedControls(page)).filter((control) => !control.includes('class="accordion__trigger"'))).toEqual([]);
      const clipped = await page.evaluate(() => [...document.querySelectorAll('.carousel__slide')].flatMap((slide, index) => {
        const track = slide.closest('.carousel__track')!.getBoundingClientRect();
        const box = slide.getBoundingClientRect();
        const whole = box.width > 0 && box.left >= track.left - 1 && box.right <= track.right + 1 && box.bottom <= track.bottom + 1;
        return whole ? [] : [`testimonial ${index + 1} is cut off or hidden (its box ${Math.round(box.left)}-${Math.round(box.right)} px, the row's ${Math.round(track.left)}-${Math.round(track.right)} px)`];
      }));
      expect(clipped).toEqual([]);
      expect(await page.locator('.carousel__slide').count()).toBeGreaterThan(3);
      const unprinted = await page.locator('.accordion__panel').evaluateAll((panels) => panels.filter((panel) => panel.getClientRects().length === 0 || panel.getBoundingClientRect().height < 10).map((panel) => panel.id));
      expect(unprinted, 'FAQ answers left out of the print').toEqual([]);
      expect(await page.locator('.accordion__panel').count()).toBeGreaterThan(0);
      // The stars are not printed (svg): the rating is, in the words a screen reader reads.
      const ratings = await page.locator('.stars').evaluateAll((stars) => stars.map((star) => ({
        label: star.getAttribute('aria-label'), printed: getComputedStyle(star, '::after').content, height: star.getBoundingClientRect().height,
      })));
      expect(ratings.length).toBeGreaterThan(3);
      expect(ratings.filter((rating) => rating.printed !== JSON.stringify(rating.label) || rating.height < 8 || !/^Rated \d\.\d out of 5$/.test(rating.label ?? ''))).toEqual([]);
    } finally {
      await page.emulateMedia({ media: null });
    }
  }, 60_000);
});

describe('the call button', () => {
  const WIDTHS = [320, 375, 768, 1024, 1440];
  let byWidth: Array<{ text: string; numberWidth: number; under: string[] }>;

  beforeAll(async () => {
    const page = await open({ width: WIDTHS[0]!, height: 800 });
    await visit(page, '/locations/brisbane-cbd/');
    byWidth = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const text = await page.locator('.call-button').innerText();
      byWidth.push({ text, ...await page.evaluate(() => {
        window.scrollTo({ top: document.scrollingElement!.scrollHeight, behavior: 'instant' });
        const bar = document.querySelector('.call-button')!.getBoundingClientRect();
        const numberBox = document.querySelector('.call-button__number')!.getBoundingClientRect();
        const under = [...document.querySelectorAll('footer a, footer p, footer li, footer h2')].filter((element) => {
          const box = element.getBoundingClientRect();
          return box.right > bar.left && box.left < bar.right && box.bottom > bar.top && box.top < bar.bottom;
        });
        return { numberWidth: numberBox.width, under: under.map((element) => (element.textContent ?? '').trim().slice(0, 40)) };
      }) });
    }
  }, 60_000);

  for (const [index, width] of WIDTHS.entries()) {
    it(`${width} px: shows the number, and leaves the end of the page uncovered`, () => {
      const { text, numberWidth, under } = byWidth[index]!;
      expect(text).toMatch(PHONE_DISPLAY);
      expect(numberWidth, 'the number is not shown').toBeGreaterThan(60);
      expect(under, 'at the end of the page the call button covers the footer').toEqual([]);
    });
  }

  it('375 x 667: the first screen offers a call and a quote, both whole and clickable', async () => {
    const page = await open({ width: 375, height: 667 });
    for (const route of ['/', '/services/', '/locations/brisbane-cbd/']) {
      await visit(page, route);
      const found = await page.evaluate(() => {
        const usable = (selector: string) => [...document.querySelectorAll<HTMLAnchorElement>(selector)].some((link) => {
          const box = link.getBoundingClientRect();
          if (box.width === 0 || box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth) return false;
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit === link || link.contains(hit);
        });
        return { call: usable('a[href^="tel:"]'), quote: usable('a[href="/contact/"]') };
      });
      expect(found, route).toEqual({ call: true, quote: true });
    }
  }, 60_000);
});
