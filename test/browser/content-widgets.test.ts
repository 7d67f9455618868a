/**
 * The in-page widgets in a real browser at 375, 768 and 1280 px: the FAQ
 * accordion (home and /faq), the testimonials carousel (home), the services
 * tabs (/services) and the gallery captions (/gallery), with the mouse, the
 * keyboard and, for the gallery, a touch screen.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowserSession, VIEWPORT_NAMES, VIEWPORTS, type BrowserSession, type ViewportName, type WatchedPage } from '../support/browser.ts';

const SLIDES_PER_VIEW: Record<ViewportName, number> = { small: 1, medium: 2, large: 3 };
const TAB_VALUES = ['commercial', 'renovations', 'specialtyServices'];

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowserSession();
});

afterAll(async () => {
  await session?.close();
});

let touch: Promise<WatchedPage> | undefined;
/** One touch screen (its own context: touch is fixed when a context is made) showing /gallery, resized to each width that asks. */
function touchGallery(): Promise<WatchedPage> {
  return touch ??= (async () => {
    const watched = await session.newPage('small', { hasTouch: true, isMobile: true });
    await watched.page.goto(session.url('/gallery'));
    return watched;
  })();
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** aria-expanded of every accordion question, in order. */
async function expandedStates(triggers: Locator): Promise<string[]> {
  return triggers.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-expanded') ?? 'missing'));
}

/** Indexes of the slides whose box lies wholly inside the carousel track's box (1 px tolerance for subpixel layout). */
async function fullyVisibleSlides(track: Locator): Promise<number[]> {
  return track.evaluate((element) => {
    const frame = element.getBoundingClientRect();
    return [...element.children].flatMap((slide, index) => {
      const box = slide.getBoundingClientRect();
      const inside = box.width > 0 && box.left >= frame.left - 1 && box.right <= frame.right + 1 && box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1;
      return inside ? [index] : [];
    });
  });
}

/** Index of the slide aligned with the track's start edge (-1 while none is, e.g. mid-scroll). */
async function slideAtStart(track: Locator): Promise<number> {
  return track.evaluate((element) => {
    const start = element.getBoundingClientRect().left;
    return [...element.children].findIndex((slide) => Math.abs(slide.getBoundingClientRect().left - start) <= 1);
  });
}

/** Waits (a smooth scroll takes a moment) for the carousel to come to rest with slide `index` at its start. */
async function expectSlideAtStart(track: Locator, index: number): Promise<void> {
  await expect.poll(() => slideAtStart(track), { timeout: 3_000, interval: 50 }).toBe(index);
}

describe.each(VIEWPORT_NAMES)('at the %s width', (viewport) => {
  let watched: WatchedPage;
  let page: Page;

  beforeAll(async () => {
    // The file's one page, resized: every describe below loads its route at this width.
    watched = await session.sharedPage(viewport);
    page = watched.page;
  });

  describe.each(['/', '/faq'])('FAQ accordion on %s', (path) => {
    let triggers: Locator;

    beforeAll(async () => {
      await page.goto(session.url(path));
      triggers = page.locator('[data-accordion] [data-accordion-trigger]');
    });

    it('starts with every answer closed; buttons in headings control labelled regions', async () => {
      const count = await triggers.count();
      expect(count).toBe(path === '/' ? 3 : 8);
      expect(await expandedStates(triggers)).toEqual(Array(count).fill('false'));
      // Read in one round trip; shown as Playwright's isVisible() judges it (a box, not visibility: hidden).
      const shapes = await triggers.evaluateAll((elements) => elements.map((trigger) => {
        const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
        return {
          name: (trigger as HTMLElement).innerText.trim(),
          buttonInHeading: trigger.tagName === 'BUTTON' && /^H[2-4]$/.test(trigger.parentElement!.tagName),
          panel: panel?.tagName,
          labelledByTrigger: !!trigger.id && panel?.getAttribute('aria-labelledby') === trigger.id,
          shown: !!panel && panel.getClientRects().length > 0 && getComputedStyle(panel).visibility !== 'hidden',
        };
      }));
      expect(shapes.map(({ name: _name, ...shape }) => shape)).toEqual(Array(count).fill({ buttonInHeading: true, panel: 'SECTION', labelledByTrigger: true, shown: false }));
      for (const { name } of shapes) expect(await page.getByRole('region', { name, exact: true, includeHidden: true }).count(), name).toBe(1);
    });

    it('keeps at most one answer open, and a click on the open question closes it', async () => {
      const count = await triggers.count();
      const answer = (index: number) => page.locator('[data-accordion] .accordion__panel').nth(index);
      await triggers.nth(0).click();
      expect(await expandedStates(triggers)).toEqual(['true', ...Array(count - 1).fill('false')]);
      expect(await answer(0).isVisible()).toBe(true);
      await triggers.nth(2).click();
      expect(await expandedStates(triggers)).toEqual(Array.from({ length: count }, (_, index) => String(index === 2)));
      expect(await answer(0).isVisible()).toBe(false);
      expect(await answer(2).isVisible()).toBe(true);
      expect((await answer(2).textContent())!.trim().length).toBeGreaterThan(20);
      await triggers.nth(2).click();
      expect(await expandedStates(triggers)).toEqual(Array(count).fill('false'));
      expect(await page.locator('[data-accordion] .accordion__panel:visible').count()).toBe(0);
    });

    it('works from the keyboard: Enter/Space toggle, arrows, Home and End move between questions', async () => {
      const count = await triggers.count();
      await triggers.nth(0).focus();
      await page.keyboard.press('Enter');
      expect((await expandedStates(triggers))[0]).toBe('true');
      await page.keyboard.press('ArrowDown');
      expect(await isFocused(triggers.nth(1))).toBe(true);
      await page.keyboard.press('Space');
      expect(await expandedStates(triggers)).toEqual(Array.from({ length: count }, (_, index) => String(index === 1)));
      await page.keyboard.press('Space');
      expect(await expandedStates(triggers)).toEqual(Array(count).fill('false'));
      await page.keyboard.press('End');
      expect(await isFocused(triggers.nth(count - 1))).toBe(true);
      await page.keyboard.press('ArrowDown');
      expect(await isFocused(triggers.nth(0))).toBe(true);
      await page.keyboard.press('ArrowUp');
      expect(await isFocused(triggers.nth(count - 1))).toBe(true);
      await page.keyboard.press('Home');
      expect(await isFocused(triggers.nth(0))).toBe(true);
    });
  });

  describe('testimonials carousel on the home page', () => {
    let carousel: Locator;
    let track: Locator;
    let slideCount: number;

    beforeAll(async () => {
      await page.goto(session.url('/'));
      carousel = page.locator('[data-carousel]');
      track = carousel.locator('[data-carousel-track]');
      slideCount = await track.locator('> *').count();
    });

    it('is a labelled carousel region whose slides are labelled "n of 5"', async () => {
      expect(await carousel.getAttribute('aria-roledescription')).toBe('carousel');
      const name = (await carousel.getAttribute('aria-label'))!;
      expect(name.length).toBeGreaterThan(3);
      expect(await page.getByRole('region', { name, exact: true }).getAttribute('data-carousel')).toBe('');
      expect(slideCount).toBe(5);
      const labels = await track.locator('> *').evaluateAll((slides) => slides.map((slide) => [slide.getAttribute('role'), slide.getAttribute('aria-roledescription'), slide.getAttribute('aria-label')]));
      expect(labels).toEqual(Array.from({ length: 5 }, (_, index) => ['group', 'slide', `${index + 1} of 5`]));
    });

    it(`shows ${SLIDES_PER_VIEW[viewport]} whole slide(s) at a time, aligned to the start`, async () => {
      await track.evaluate((element) => element.scrollTo({ left: 0, behavior: 'instant' }));
      expect(await fullyVisibleSlides(track)).toEqual(Array.from({ length: SLIDES_PER_VIEW[viewport] }, (_, index) => index));
      await expectSlideAtStart(track, 0);
    });

    it(viewport === 'small' ? 'has no previous/next buttons on small screens' : 'shows previous and next buttons', async () => {
      const buttons = [carousel.locator('[data-carousel-prev]'), carousel.locator('[data-carousel-next]')];
      for (const button of buttons) expect(await button.isVisible()).toBe(viewport !== 'small');
    });

    it('moves one slide with the Right and Left arrow keys and loops at both ends', async () => {
      const lastStart = slideCount - SLIDES_PER_VIEW[viewport];
      await track.evaluate((element) => element.scrollTo({ left: 0, behavior: 'instant' }));
      await track.focus();
      await page.keyboard.press('ArrowRight');
      await expectSlideAtStart(track, 1);
      await page.keyboard.press('ArrowLeft');
      await expectSlideAtStart(track, 0);
      await page.keyboard.press('ArrowLeft');
      await expectSlideAtStart(track, lastStart);
      expect(await fullyVisibleSlides(track)).toEqual(Array.from({ length: SLIDES_PER_VIEW[viewport] }, (_, index) => lastStart + index));
      await page.keyboard.press('ArrowRight');
      await expectSlideAtStart(track, 0);
      for (let step = 1; step <= lastStart; step++) {
        await page.keyboard.press('ArrowRight');
        await expectSlideAtStart(track, step);
      }
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
      // The decorative position dots follow the slides in view.
      // They update when scrolling comes to rest, which lags behind the last key press on a busy machine.
      const dotsAndSlides = async () => {
        const activeDots = await carousel.locator('[data-carousel-dots] > *').evaluateAll((dots) => dots.flatMap((dot, index) => (dot.hasAttribute('data-active') ? [index] : [])));
        return { activeDots, visible: await fullyVisibleSlides(track) };
      };
      await expect.poll(async () => { const { activeDots, visible } = await dotsAndSlides(); return activeDots.join() === visible.join(); }, { timeout: 5_000 }).toBe(true);
      const settled = await dotsAndSlides();
      expect(settled.activeDots).toEqual(settled.visible);
    });

    if (viewport !== 'small') it('moves and loops with the previous and next buttons', async () => {
      const lastStart = slideCount - SLIDES_PER_VIEW[viewport];
      await page.goto(session.url('/'));
      await carousel.locator('[data-carousel-next]').click();
      await expectSlideAtStart(track, 1);
      await carousel.locator('[data-carousel-prev]').click();
      await expectSlideAtStart(track, 0);
      await carousel.locator('[data-carousel-prev]').click();
      await expectSlideAtStart(track, lastStart);
      await carousel.locator('[data-carousel-next]').click();
      await expectSlideAtStart(track, 0);
    });

    it('scrolls smoothly only when the visitor has not asked for reduced motion', async () => {
      await track.evaluate((element) => element.scrollTo({ left: 0, behavior: 'instant' }));
      expect(await track.evaluate((element) => getComputedStyle(element).scrollBehavior)).toBe('auto');
      // The preference is a media feature: the same page answers it once emulated, no new load needed.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      try {
        expect(await track.evaluate((element) => getComputedStyle(element).scrollBehavior)).toBe('smooth');
        await track.focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await expectSlideAtStart(track, 2);
      } finally {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await track.evaluate((element) => element.scrollTo({ left: 0, behavior: 'instant' }));
      }
    });
  });

  describe('services tabs on /services', () => {
    let tabs: Locator;

    beforeAll(async () => {
      await page.goto(session.url('/services'));
      tabs = page.locator('[data-tabs] [role="tab"]');
    });

    /** Each tab's value, aria-selected, tabIndex and whether its panel shows, in one round trip. */
    async function selectedState(): Promise<Array<[string, string | null, number, boolean]>> {
      return tabs.evaluateAll((elements) => elements.map((tab) => {
        const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
        // Shown as Playwright's isVisible() judges it: a box, and not visibility: hidden.
        const shown = !!panel && panel.getClientRects().length > 0 && getComputedStyle(panel).visibility !== 'hidden';
        return [tab.getAttribute('data-tab')!, tab.getAttribute('aria-selected'), (tab as HTMLElement).tabIndex, shown] as [string, string | null, number, boolean];
      }));
    }

    function expectSelected(states: Array<[string, string | null, number, boolean]>, value: string): void {
      expect(states).toEqual(TAB_VALUES.map((tab) => [tab, String(tab === value), tab === value ? 0 : -1, tab === value]));
    }

    it('is a labelled tablist whose default tab is commercial', async () => {
      const list = page.locator('[data-tabs] [role="tablist"]');
      expect(await list.isVisible()).toBe(true);
      expect((await list.getAttribute('aria-label'))!.length).toBeGreaterThan(3);
      expect(await tabs.allTextContents()).toEqual(['Commercial', 'Renovations', 'Specialty Services']);
      expectSelected(await selectedState(), 'commercial');
      for (const tab of await tabs.all()) {
        const panel = page.locator(`#${await tab.getAttribute('aria-controls')}`);
        expect(await panel.getAttribute('role')).toBe('tabpanel');
        expect(await panel.getAttribute('aria-labelledby')).toBe(await tab.getAttribute('id'));
      }
      expect(await page.locator('[data-tabs] [role="tabpanel"]:visible .tabs__card').count()).toBe(3);
    });

    it('switches on click', async () => {
      await tabs.nth(1).click();
      expectSelected(await selectedState(), 'renovations');
      await tabs.nth(2).click();
      expectSelected(await selectedState(), 'specialtyServices');
      await tabs.nth(0).click();
      expectSelected(await selectedState(), 'commercial');
    });

    it('switches with Right, Left, Home and End (wrapping), moving focus with the selection', async () => {
      await tabs.nth(0).focus();
      const steps: Array<[string, string]> = [
        ['ArrowRight', 'renovations'], ['ArrowRight', 'specialtyServices'], ['ArrowRight', 'commercial'],
        ['ArrowLeft', 'specialtyServices'], ['ArrowLeft', 'renovations'], ['Home', 'commercial'], ['End', 'specialtyServices'],
        // Back to the default, as the page was found: the other tests of this page may run after this one.
        ['Home', 'commercial'],
      ];
      for (const [key, value] of steps) {
        await page.keyboard.press(key);
        expectSelected(await selectedState(), value);
        expect(await isFocused(page.locator(`[data-tabs] [data-tab="${value}"]`))).toBe(true);
      }
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');
    });
  });

  describe('gallery on /gallery', () => {
    let figures: Locator;

    beforeAll(async () => {
      await page.goto(session.url('/gallery'));
      figures = page.locator('main .gallery .gallery__figure');
    });

    /** The caption is seen: opaque, with a box, inside its item and not cut off. */
    const captionVisible = (figure: Locator) => figure.evaluate((element) => {
      const caption = element.querySelector<HTMLElement>('.gallery__caption')!;
      const frame = element.getBoundingClientRect();
      const box = caption.getBoundingClientRect();
      const parts = [...caption.children] as HTMLElement[];
      return getComputedStyle(caption).opacity === '1' && box.height > 0
        && box.top >= frame.top - 0.5 && box.bottom <= frame.bottom + 0.5 && box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5
        && parts.length === 2 && parts.every((part) => part.scrollWidth <= part.clientWidth + 1 && part.textContent!.trim().length > 0);
    });

    it('has twelve items, none of them a tab stop, the first row loaded eagerly', async () => {
      expect(await figures.count()).toBe(12);
      expect(await page.locator('main .gallery [tabindex]').count()).toBe(0);
      const loading = await page.locator('main .gallery img').evaluateAll((images) => images.map((image) => `${image.getAttribute('loading')}/${image.getAttribute('fetchpriority') ?? ''}`));
      expect(loading.slice(0, 3)).toEqual(['eager/high', 'eager/', 'eager/']);
      expect(new Set(loading.slice(3))).toEqual(new Set(['lazy/']));
      expect(await figures.first().locator('.gallery__category').textContent()).toMatch(/^(Commercial|Office|Specialized|Equipment)$/);
    });

    it(viewport === 'small' ? 'shows every caption under its image, with no hover' : 'reveals title and category on mouse hover, unclipped', async () => {
      await page.mouse.move(0, 0);
      if (viewport === 'small') {
        expect(await Promise.all((await figures.all()).map(captionVisible))).toEqual(Array(12).fill(true));
        return;
      }
      expect(await captionVisible(figures.nth(1))).toBe(false);
      await figures.nth(1).scrollIntoViewIfNeeded();
      await figures.nth(1).hover();
      // The caption fades in over 0.2 s.
      await expect.poll(() => captionVisible(figures.nth(1)), { timeout: 2_000 }).toBe(true);
      expect(await captionVisible(figures.nth(0))).toBe(false);
      await page.mouse.move(0, 0);
      expect(await captionVisible(figures.nth(1))).toBe(false);
    });

    it('shows every caption on a touch screen without a tap', async () => {
      const touch = await touchGallery();
      await touch.page.setViewportSize(VIEWPORTS[viewport]);
      expect(await touch.page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
      const items = touch.page.locator('main .gallery .gallery__figure');
      expect(await items.count()).toBe(12);
      expect(await Promise.all((await items.all()).map(captionVisible))).toEqual(Array(12).fill(true));
      expect(touch.problems).toEqual({ consoleErrors: [], failedRequests: [] });
    });
  });

  it('logged no console errors and no failed requests', () => {
    expect(watched.problems).toEqual({ consoleErrors: [], failedRequests: [] });
  });
});
