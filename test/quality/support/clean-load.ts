/**
 * The page loads cleanly, as the host serves it (its CSP included): no console error or uncaught
 * exception, no failed request or HTTP error, no CSP violation, no broken image (lazy ones loaded
 * too), every <picture> image loaded as its AVIF variant, the page opens at the top (the one before
 * it was left scrolled down, so a restored position would show) and the script enhanced it
 * (`<html class="js">`, every widget `data-enhanced`). Part of the browser gates' one pass
 * (gate-pass.ts); each lane's page is watched once, then each load is checked.
 */
import type { Page } from 'playwright-core';
import { clearProblems, watchPage, type PageProblems } from '../../support/browser.ts';

/** An image URL the CSP refuses: its violation, reported after every earlier one, marks that they have all arrived. */
const BARRIER = 'http://csp-barrier.invalid/flush.png';
const withoutBarrier = (lines: string[]) => lines.filter((line) => !line.includes('csp-barrier.invalid'));
const pages = new WeakMap<Page, PageProblems>();
/** The image stage's AVIF output: a hashed file under /assets/img/. */
const AVIF_VARIANT = /\/assets\/img\/.+\.[0-9a-f]{10}\.avif$/;

/** Starts watching a lane's page: call once, before its first load. */
export async function watchLoads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`));
  });
  pages.set(page, watchPage(page));
}

/** Before a load: forget what the last page did, and leave it scrolled down. */
export async function beforeLoad(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)).catch(() => undefined);
  clearProblems(watched(page));
}

/** The site's widgets (templates/widgets/); each marks itself `data-enhanced` once its script has started. */
export const WIDGETS = '[data-dropdown], [data-mobile-menu], [data-accordion], [data-carousel], [data-tabs]';

/** Right after the load, before anything scrolls: where the page opened and whether it and each of its widgets were enhanced. */
export async function readOpening(page: Page): Promise<string[]> {
  const { scrollY, enhanced, unenhanced } = await page.evaluate((widgets) => ({
    scrollY: window.scrollY,
    enhanced: document.documentElement.classList.contains('js'),
    unenhanced: [...document.querySelectorAll(widgets)].filter((widget) => !widget.hasAttribute('data-enhanced')).map((widget) => widget.outerHTML.slice(0, 60)),
  }), WIDGETS);
  return [
    ...scrollY === 0 ? [] : [`opened scrolled down (${scrollY}px), not at the top`],
    ...enhanced ? [] : ['was not enhanced: <html> has no "js" class'],
    ...unenhanced.map((widget) => `a widget was not enhanced (no data-enhanced): ${widget}`),
  ];
}

/** At the end of the checks: the images (every lazy one asked for) and what the page reported. */
export async function findLoadProblems(page: Page): Promise<string[]> {
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => { (image as HTMLImageElement).loading = 'eager'; }));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 15_000 });
  const { broken, notAvif } = await page.evaluate((avif) => ({
    broken: [...document.images].filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src),
    // A <picture> offers AVIF first (src/images/picture.ts); Chromium must take it, not the fallback.
    notAvif: [...document.images].filter((image) => image.closest('picture') && !new RegExp(avif).test(image.currentSrc)).map((image) => image.currentSrc || image.src),
  }), AVIF_VARIANT.source);
  // Violations are reported asynchronously, in order: wait for a known last one instead of a fixed time.
  await page.evaluate((url) => { new Image().src = url; }, BARRIER);
  const violations = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  await page.waitForFunction(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.some((line) => line.includes('csp-barrier.invalid')), undefined, { timeout: 10_000 })
    .catch(() => { throw new Error('the barrier image was not reported as a CSP violation: is the CSP served?'); });
  const problems = watched(page);
  return [
    ...broken.map((src) => `broken image ${src}`),
    ...notAvif.map((src) => `a <picture> image not loaded as its AVIF variant: ${src}`),
    ...withoutBarrier(await violations()).map((text) => `CSP ${text}`),
    ...withoutBarrier(problems.consoleErrors).map((text) => `console: ${text}`),
    ...withoutBarrier(problems.failedRequests).map((text) => `request: ${text}`),
  ];
}

function watched(page: Page): PageProblems {
  const problems = pages.get(page);
  if (!problems) throw new Error('watchLoads(page) was not called for this page');
  return problems;
}
