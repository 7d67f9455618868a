/**
 * What a visitor at one screen width meets, measured in the browser: each
 * check is one page.evaluate on the page as it stands and returns one line
 * per problem (an empty list when the page is fine).
 *
 * - findOverflow: the page scrolls sideways.
 * - findUnreachableControls: a link or button is cut off (outside the
 *   viewport's width or clipped by an ancestor) or covered by something else
 *   (the sticky header, the floating call button, an open menu), checked
 *   scrolling down from the top and up from the bottom of the page.
 * - measureHeader: the header's height and whether it is one line.
 * - findLazyLcp: the largest contentful paint is an image with loading="lazy".
 * - lazyImagesOnFirstScreen: which images that loaded lazy show on the first screen at the
 *   current width; when none does, no lazy image can be the largest paint of a load at that width.
 */
import type { Page } from 'playwright-core';

export async function findOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.scrollingElement!.scrollWidth;
    return width > window.innerWidth ? [`the page is ${width}px wide in a ${window.innerWidth}px window: it scrolls sideways`] : [];
  });
}

/**
 * Every visible link, button and form control must be whole and hittable:
 * elementFromPoint at its centre, once it has been scrolled into view, is the
 * control itself or something inside it. Pass one starts at the top and
 * scrolls down (each control below the fold arrives at the bottom edge, where
 * the floating call button sits); pass two starts at the bottom and scrolls
 * up (each control arrives at the top edge, under the sticky header).
 */
export async function findUnreachableControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems = new Set<string>();
    const describe = (element: Element): string => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const label = element.getAttribute('aria-label');
      return `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? ` class="${element.className}"` : ''}> "${label ?? text}"`;
    };
    const isShown = (element: Element): boolean => {
      // Excluded by visibility: controls in a closed menu, a hidden tab panel or an
      // unselected state have no boxes (display: none) or are visibility: hidden;
      // the skip link is moved off-screen until it has focus; a fully transparent
      // control (opacity 0) is not something a visitor can see to aim at.
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || element.getClientRects().length === 0) return false;
      const rect = element.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) return false;
      if (element.closest('[inert], [aria-hidden="true"]')) return false;
      if (element.classList.contains('skip-link') || element.closest('.visually-hidden')) return false;
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (Number(getComputedStyle(node).opacity) < 0.1) return false;
      }
      return true;
    };
    const controls = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
      .filter((element) => element.id !== 'main' && isShown(element));
    const clipProblem = (element: Element): string | undefined => {
      const rect = element.getBoundingClientRect();
      if (rect.left < -1 || rect.right > window.innerWidth + 1) return `is cut off by the window edge (${Math.round(rect.left)} to ${Math.round(rect.right)} of ${window.innerWidth}px)`;
      for (let parent = element.parentElement; parent && parent !== document.documentElement; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        // A scroll container (the carousel track) lets the visitor scroll to what it hides; hidden and clip do not.
        const clips = (['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY));
        if (!clips) continue;
        const box = parent.getBoundingClientRect();
        if (rect.left < box.left - 1 || rect.right > box.right + 1 || rect.top < box.top - 1 || rect.bottom > box.bottom + 1) {
          return `is clipped by ${describe(parent)} (overflow ${style.overflowX}/${style.overflowY})`;
        }
      }
      return undefined;
    };
    const hitProblem = (element: Element, where: string): string | undefined => {
      // The centre of the part in the window: a panel taller than the window is aimed at where it shows.
      const rect = element.getClientRects()[0]!;
      const top = Math.max(rect.top, 0);
      const bottom = Math.min(rect.bottom, window.innerHeight);
      const x = rect.left + rect.width / 2;
      const y = bottom > top ? (top + bottom) / 2 : rect.top + rect.height / 2;
      if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return `could not be scrolled into view (${where})`;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === element || element.contains(hit)) return undefined;
      return `is covered by ${describe(hit.closest('a, button, header, aside, nav, section, div') ?? hit)} at its centre (${where})`;
    };
    for (const element of controls) {
      const problem = clipProblem(element);
      if (problem) problems.add(`${describe(element)} ${problem}`);
    }
    const root = document.scrollingElement!;
    const passes: Array<[string, Element[], number]> = [
      ['scrolling down from the top', controls, 0],
      ['scrolling up from the bottom', [...controls].reverse(), root.scrollHeight],
    ];
    for (const [where, order, start] of passes) {
      window.scrollTo({ top: start, behavior: 'instant' });
      for (const element of order) {
        // A fixed element (the call button) stays where it is whatever the scroll.
        element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
        const problem = hitProblem(element, where);
        if (problem) problems.add(`${describe(element)} ${problem}`);
      }
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return [...problems];
  });
}

export interface HeaderMeasure {
  height: number;
  /** The desktop navigation is shown (not the Menu button). */
  desktop: boolean;
  /** Header controls whose text runs over more than one line, or that sit off the header's one row. */
  offRow: string[];
}

export async function measureHeader(page: Page): Promise<HeaderMeasure> {
  return page.evaluate(() => {
    const header = document.querySelector('.site-header')!;
    const nav = header.querySelector('.site-nav');
    const headerBox = header.getBoundingClientRect();
    const middle = headerBox.top + headerBox.height / 2;
    const offRow: string[] = [];
    const controls = [...header.querySelectorAll('a[href], button')].filter((element) => {
      // Links inside the closed dropdown and mobile panels are not part of the bar.
      if (element.closest('.dropdown__panel, .mobile-menu__panel')) return false;
      return getComputedStyle(element).visibility === 'visible' && element.getClientRects().length > 0;
    });
    for (const element of controls) {
      const box = element.getBoundingClientRect();
      // Each run of text must sit on one line (the logo's two stacked spans are two runs; screen-reader-only text does not show).
      let lines = 1;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent!.trim() || node.parentElement!.closest('.visually-hidden')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        lines = Math.max(lines, new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top / 4))).size);
      }
      const name = (element.textContent ?? '').trim() || element.getAttribute('aria-label') || element.tagName;
      if (lines > 1) offRow.push(`"${name}" wraps onto ${lines} lines`);
      if (Math.abs(box.top + box.height / 2 - middle) > 6) offRow.push(`"${name}" is off the header's row`);
    }
    return { height: Math.round(headerBox.height), desktop: !!nav && getComputedStyle(nav).display !== 'none', offRow };
  });
}

/**
 * Reads the page's largest contentful paint so far (call right after load, before any scrolling).
 * A page with no entry within `deadlineMs` is a problem, never a pass: a busy machine gets a long
 * deadline, and a page that shows nothing is reported.
 */
export async function findLazyLcp(page: Page, deadlineMs = 15_000): Promise<string[]> {
  return page.evaluate((deadline) => new Promise<string[]>((resolve) => {
    // Noted for lazyImagesOnFirstScreen: the contrast and clean checks make lazy images eager later.
    (window as unknown as { __gateLazy: HTMLImageElement[] }).__gateLazy = [...document.images].filter((image) => image.loading === 'lazy');
    let last: (PerformanceEntry & { element?: Element | null; url?: string }) | undefined;
    const observer = new PerformanceObserver((list) => {
      const entries = list.getEntries();
      last = entries[entries.length - 1] as typeof last;
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // The entry arrives once the paint is presented: wait for it, then two more frames for a later, larger one.
    const started = performance.now();
    const settle = () => {
      if (!last && performance.now() - started < deadline) {
        setTimeout(settle, 20);
        return;
      }
      // An image in the window that is still loading may yet become the largest paint (a lazy one starts late).
      const pending = [...document.images].filter((image) => {
        const box = image.getBoundingClientRect();
        return !image.complete && box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
      });
      void Promise.all(pending.map((image) => image.decode().catch(() => undefined)))
        .then(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(finish, 50))));
    };
    const finish = () => {
      observer.disconnect();
      const element = last?.element;
      if (!last) {
        resolve([`no largest-contentful-paint entry within ${deadline} ms of load`]);
        return;
      }
      if (element instanceof HTMLImageElement && element.loading === 'lazy') {
        resolve([`the largest contentful paint is a lazy-loaded image (${element.currentSrc.split('/').pop()}, alt "${element.alt}")`]);
        return;
      }
      resolve([]);
    };
    settle();
  }), deadlineMs);
}

/**
 * The images that were lazy when the page loaded (noted by findLazyLcp) and show on the first
 * screen at the current width. The largest contentful paint is only ever something painted in
 * the window as the page opens, at the top: with none of these, no lazy image can be the largest
 * paint of a load at this width, and the page resized to it needs no load of its own to say so.
 */
export async function lazyImagesOnFirstScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lazy = (window as unknown as { __gateLazy?: HTMLImageElement[] }).__gateLazy;
    if (!lazy) throw new Error('lazyImagesOnFirstScreen: the page was not read by findLazyLcp after its load');
    window.scrollTo({ top: 0, behavior: 'instant' });
    return lazy.filter((image) => {
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
    }).map((image) => image.currentSrc.split('/').pop() ?? image.src);
  });
}
