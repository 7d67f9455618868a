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

/** How long the clean check waits for the page's images to load or fail. */
const IMAGES_DEADLINE_MS = 10_000;

/**
 * At the end of a width's checks: the images (every lazy one asked for) and what the page reported
 * since the load or since the last call (a width reached by resizing the loaded page reports only
 * what the resize brought: the larger candidates it fetched, anything logged after).
 */
export async function findLoadProblems(page: Page): Promise<string[]> {
  // Awaited in the page (load and error events), not polled: polling draws frames, which costs the browser CPU.
  const { broken, notAvif, unsettled } = await page.evaluate(async ([avif, deadlineMs]) => {
    // Every wait here has a deadline: a frame that is never drawn or an image that never settles
    // is reported (as an image still loading), never a test that hangs until its own timeout.
    const deadline = new Promise<'late'>((resolve) => setTimeout(resolve, deadlineMs, 'late'));
    // A resize re-picks srcset candidates when the viewport changes: let that happen first.
    await Promise.race([new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))), deadline]);
    document.querySelectorAll('img[loading="lazy"]').forEach((image) => { (image as HTMLImageElement).loading = 'eager'; });
    const settled = (image: HTMLImageElement) => image.complete || new Promise((resolve) => {
      image.addEventListener('load', resolve, { once: true });
      image.addEventListener('error', resolve, { once: true });
    });
    const late = await Promise.race([Promise.all([...document.images].map(settled)).then(() => false), deadline.then(() => true)]);
    return {
      unsettled: late ? [...document.images].filter((image) => !image.complete).map((image) => image.currentSrc || image.src) : [],
      broken: [...document.images].filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src),
      // A <picture> offers AVIF first (src/images/picture.ts); Chromium must take it, not the fallback.
      notAvif: [...document.images].filter((image) => image.closest('picture') && !new RegExp(avif).test(image.currentSrc)).map((image) => image.currentSrc || image.src),
    };
  }, [AVIF_VARIANT.source, IMAGES_DEADLINE_MS] as const);
  const violations = await flushViolations(page);
  const problems = watched(page);
  const found = [
    ...unsettled.map((src) => `image still loading ${IMAGES_DEADLINE_MS / 1000} s after the check began: ${src}`),
    ...broken.filter((src) => !unsettled.includes(src)).map((src) => `broken image ${src}`),
    ...notAvif.map((src) => `a <picture> image not loaded as its AVIF variant: ${src}`),
    ...withoutBarrier(violations).map((text) => `CSP ${text}`),
    ...withoutBarrier(problems.consoleErrors).map((text) => `console: ${text}`),
    ...withoutBarrier(problems.failedRequests).map((text) => `request: ${text}`),
  ];
  clearProblems(problems);
  return found;
}

let barriers = 0;

/**
 * The CSP violations reported so far, emptying the page's list. They arrive asynchronously, in
 * order: an image the CSP refuses is asked for, and its violation, awaited in the page with a
 * deadline, marks that every earlier one has arrived (never a fixed wait).
 */
async function flushViolations(page: Page): Promise<string[]> {
  const barrier = `${BARRIER}?${++barriers}`;
  const violations = await page.evaluate(([url, deadline]) => new Promise<string[] | undefined>((resolve) => {
    const seen = (window as unknown as { __cspViolations: string[] }).__cspViolations;
    const finish = (reported: boolean) => {
      clearTimeout(timer);
      document.removeEventListener('securitypolicyviolation', onViolation);
      resolve(reported ? seen.splice(0) : undefined);
    };
    // Registered after watchLoads' listener, so that one has recorded the barrier by the time this runs.
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.includes('csp-barrier.invalid')) finish(true);
    };
    const timer = setTimeout(() => finish(false), deadline);
    document.addEventListener('securitypolicyviolation', onViolation);
    new Image().src = url;
  }), [barrier, 10_000] as const);
  if (!violations) throw new Error('the barrier image was not reported as a CSP violation within 10 s: is the CSP served?');
  return violations;
}

function watched(page: Page): PageProblems {
  const problems = pages.get(page);
  if (!problems) throw new Error('watchLoads(page) was not called for this page');
  return problems;
}
