/**
 * The header menus in a real browser: the desktop Services dropdown (APG
 * disclosure) at 1280 px and the mobile menu at 375 and 768 px, driven with
 * the mouse and the keyboard.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowserSession, type BrowserSession, type ViewportName, type WatchedPage } from '../support/browser.ts';

const SERVICE_PAGES = [
  '/services/office-cleaning/',
  '/services/medical-facility-cleaning/',
  '/services/retail-cleaning/',
  '/services/educational-facility-cleaning/',
];

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowserSession();
});

afterAll(async () => {
  await session?.close();
});

/** Stops every link click from navigating, so what the widget does on a click can be seen on the same page. */
async function holdLinkClicks(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) event.preventDefault();
    }, { capture: true });
  });
}

async function hrefs(links: Locator): Promise<string[]> {
  return links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''));
}

describe('Services dropdown at 1280 px', () => {
  let watched: WatchedPage;
  let page: Page;
  let toggle: Locator;
  let panel: Locator;

  beforeAll(async () => {
    // The file's one page (every test loads its route): the mobile menus below resize it.
    watched = await session.sharedPage('large');
    page = watched.page;
  });

  async function load(path = '/about'): Promise<void> {
    await page.goto(session.url(path));
    toggle = page.locator('[data-dropdown] [data-dropdown-toggle]');
    panel = page.locator('[data-dropdown] .dropdown__panel');
  }

  it('starts closed, with aria-expanded and aria-controls on a real button', async () => {
    await load();
    await expect(toggle.evaluate((element) => element.tagName)).resolves.toBe('BUTTON');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
    expect(await toggle.isVisible()).toBe(true);
    expect(await panel.isVisible()).toBe(false);
    // Below the large breakpoint the mobile menu takes over; here it is hidden.
    expect(await page.locator('[data-mobile-menu-toggle]').isVisible()).toBe(false);
  });

  it('opens and closes on click, listing All Services first, the four service pages and more', async () => {
    await load();
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.isVisible()).toBe(true);
    const links = await hrefs(panel.locator('a'));
    expect(links[0]).toBe('/services/');
    expect(await panel.locator('a').first().textContent()).toBe('All Services');
    expect(links.slice(1, 5)).toEqual(SERVICE_PAGES);
    expect(links).toEqual(expect.arrayContaining(['/how-it-works/', '/resources/commercial-cleaning-guide/', '/resources/cleaning-checklist/', '/locations/brisbane-cbd/', '/locations/gold-coast/']));
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
  });

  it('closes on Escape and returns focus to the button', async () => {
    await load();
    await toggle.click();
    await panel.locator('a').nth(2).focus();
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('closes on a click outside', async () => {
    await load();
    await toggle.click();
    await page.locator('footer').first().click({ position: { x: 4, y: 4 } });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
  });

  it('closes once a link is chosen', async () => {
    await load();
    await holdLinkClicks(page);
    await toggle.click();
    await panel.locator('a', { hasText: 'All Services' }).click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
  });

  it('follows a chosen link to the top of the new page, where the menu is closed', async () => {
    await load();
    await page.mouse.wheel(0, 600);
    await toggle.click();
    await Promise.all([page.waitForURL(session.url(SERVICE_PAGES[1]!)), panel.locator(`a[href="${SERVICE_PAGES[1]}"]`).click()]);
    await load(SERVICE_PAGES[1]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.getAttribute('data-current')).toBe('');
  });

  it('works from the keyboard: Enter and Space open it, Tab walks its links, leaving it closes it', async () => {
    await load();
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/services/');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await panel.locator('a').last().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-dropdown]')))).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
  });

  it('logged no console errors and no failed requests', () => {
    expect(watched.problems).toEqual({ consoleErrors: [], failedRequests: [] });
  });
});

describe.each<ViewportName>(['small', 'medium'])('mobile menu at the %s width', (viewport) => {
  let watched: WatchedPage;
  let page: Page;
  let toggle: Locator;
  let panel: Locator;
  let subToggle: Locator;
  let submenu: Locator;

  beforeAll(async () => {
    watched = await session.sharedPage(viewport);
    page = watched.page;
  });

  async function load(path = '/about'): Promise<void> {
    await page.goto(session.url(path));
    toggle = page.locator('[data-mobile-menu-toggle]');
    panel = page.locator('#mobile-menu-panel');
    subToggle = page.locator('[data-mobile-submenu-toggle]');
    submenu = page.locator('#mobile-menu-services');
  }

  it('shows the toggle instead of the desktop dropdown, closed', async () => {
    await load();
    expect(await toggle.isVisible()).toBe(true);
    expect(await page.locator('[data-dropdown-toggle]').isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.getAttribute('aria-controls')).toBe('mobile-menu-panel');
    expect(await panel.isVisible()).toBe(false);
  });

  it('opens the same header links, with a Services submenu of exactly All Services and the four service pages', async () => {
    await load();
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.isVisible()).toBe(true);
    const desktopLinks = await hrefs(page.locator('.site-nav a.site-nav__link'));
    const mobileLinks = await hrefs(panel.locator('.mobile-menu__list > li > a'));
    expect(mobileLinks).toEqual(desktopLinks);
    expect(await subToggle.textContent()).toContain('Services');
    expect(await subToggle.getAttribute('aria-expanded')).toBe('false');
    expect(await submenu.isVisible()).toBe(false);
    await subToggle.click();
    expect(await subToggle.getAttribute('aria-expanded')).toBe('true');
    expect(await submenu.isVisible()).toBe(true);
    expect(await hrefs(submenu.locator('a'))).toEqual(['/services/', ...SERVICE_PAGES]);
    expect(await submenu.locator('a').first().textContent()).toBe('All Services');
    for (const link of await submenu.locator('a').all()) expect(await link.isVisible()).toBe(true);
    await subToggle.click();
    expect(await submenu.isVisible()).toBe(false);
  });

  it('closes the menu and its submenu once a link is chosen', async () => {
    await load();
    await holdLinkClicks(page);
    await toggle.click();
    await subToggle.click();
    await submenu.locator(`a[href="${SERVICE_PAGES[0]}"]`).click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await subToggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
    await toggle.click();
    expect(await submenu.isVisible()).toBe(false);
  });

  it('follows a chosen link to the top of the new page, with the menu closed', async () => {
    await load();
    await toggle.click();
    await subToggle.click();
    await Promise.all([page.waitForURL(session.url(SERVICE_PAGES[2]!)), submenu.locator(`a[href="${SERVICE_PAGES[2]}"]`).click()]);
    await load(SERVICE_PAGES[2]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
  });

  it('closes on Escape (returning focus to the toggle) and on a click outside', async () => {
    await load();
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await panel.isVisible()).toBe(true);
    // A click on the dimmed page below the panel (in the gutter, where no link is).
    const box = (await panel.boundingBox())!;
    await page.mouse.click(4, box.y + box.height + 20);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when keyboard focus leaves it, so nothing focused is left under the panel', async () => {
    await load();
    await toggle.click();
    const inMenu = await page.locator('[data-mobile-menu] a, [data-mobile-menu] button').filter({ visible: true }).count();
    await toggle.focus();
    for (let step = 0; step < inMenu; step++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-mobile-menu]'))).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
  });

  it('dims the page behind the open menu and stops it scrolling, until it closes', async () => {
    await load();
    const state = () => page.evaluate(() => ({
      locked: getComputedStyle(document.documentElement).overflow === 'hidden',
      // The backdrop is a spread shadow of 100vmax, computed to pixels.
      dimmed: /\b\d{3,}px\b/.test(getComputedStyle(document.getElementById('mobile-menu-panel')!).boxShadow),
    }));
    expect(await state()).toEqual({ locked: false, dimmed: false });
    await toggle.click();
    expect(await state()).toEqual({ locked: true, dimmed: true });
    // Bounded by events, not time: the wheel event reached the page and two frames were drawn after it.
    // The listener is in place before the wheel is sent (an evaluate still on its way could miss it and wait forever).
    type Armed = { __wheeled: Promise<void> };
    const wheel = async () => {
      await page.evaluate(() => {
        (window as unknown as Armed).__wheeled = new Promise<void>((resolve) => addEventListener('wheel', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true }));
      });
      await page.mouse.wheel(0, 600);
      await page.evaluate(() => (window as unknown as Armed).__wheeled);
    };
    await wheel();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.press('Escape');
    expect((await state()).locked).toBe(false);
    // The same wheel scrolls the page once the menu is closed: the check above could see a scroll.
    await wheel();
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'the wheel did not scroll the page with the menu closed', timeout: 5_000 }).toBeGreaterThan(0);
  });

  it('offers Get Your Free Quote exactly once with the menu open', async () => {
    await load();
    await toggle.click();
    expect(await page.locator('header a', { hasText: 'Get Your Free Quote' }).filter({ visible: true }).count()).toBe(1);
  });

  it('logged no console errors and no failed requests', () => {
    expect(watched.problems).toEqual({ consoleErrors: [], failedRequests: [] });
  });
});
