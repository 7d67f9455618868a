/**
 * One load of a page, every browser gate on it, at every width it is checked at: the layout checks
 * (layout-checks.ts), axe (axe-audit.ts), contrast on pixels (contrast-check.ts) and a clean load
 * under the site's CSP (clean-load.ts). A route is loaded once, at its first width, and the same
 * page is resized for the others: the site's script does not read the width (its widgets are
 * sized by CSS), and a resize re-picks the same image candidates a load at that width picks, so
 * what layout, axe and contrast measure is what a load at that width shows. What only a load
 * shows is judged on the load: where the page opens, that it was enhanced, the CSP header, and
 * the largest paint. A resized width where a lazy image shows on the first screen (the only way
 * a lazy image can be the largest paint there) is loaded afresh at that width to read its paint.
 * Each gate keeps its own list of problems, and each list its own test in browser-gates.test.ts.
 * The order matters: the largest paint is read as the page loaded, before anything scrolls; the
 * hit tests scroll and return to the top; axe reads the settled page; contrast, as it loads the
 * lazy images and hides text for its shots; what the page reported last.
 */
import type { Page } from 'playwright-core';
import { CONTENT_SECURITY_POLICY } from '../../../src/publish/security-headers.ts';
import { auditPage } from './axe-audit.ts';
import { beforeLoad, findLoadProblems, readOpening } from './clean-load.ts';
import { findLowContrastText } from './contrast-check.ts';
import { findLazyLcp, findOverflow, findUnreachableControls, lazyImagesOnFirstScreen, measureHeader, type HeaderMeasure } from './layout-checks.ts';
import { expectedStatus } from '../../support/urls.ts';

export type Gate = 'layout' | 'contrast' | 'axe' | 'clean';

/** What a route is checked for at one width. */
export interface WidthPlan {
  width: number;
  gates: readonly Gate[];
  measureHeader?: boolean;
}

export interface PageResult {
  url: string;
  width: number;
  /** Why the page could not be checked at this width (no 200, a timeout); the gates' lists are empty then. */
  failure?: string;
  problems: Record<Gate, string[]>;
  /** The gates that ran to the end at this width, so a test can tell "no problems" from "not checked". */
  judged: Gate[];
  /** The width was checked on a load at that width (not on the page resized to it). */
  loaded?: boolean;
  header?: HeaderMeasure;
}

/** The window's height at every width: short, so the bottom pass puts most controls at the call button's corner. */
export const GATE_HEIGHT = 800;

/**
 * Loads `origin + url` at the first width of `plans` and runs each width's gates, resizing the
 * page (or loading it afresh where a lazy image shows on the first screen); one result per width,
 * in order. Never throws: a failure is the result's `failure`, and the widths after it say why
 * they were not checked.
 */
export async function checkRoute(page: Page, origin: string, url: string, plans: readonly WidthPlan[]): Promise<PageResult[]> {
  const results: PageResult[] = plans.map((plan) => ({ url, width: plan.width, problems: { layout: [], contrast: [], axe: [], clean: [] }, judged: [] }));
  for (const [index, plan] of plans.entries()) {
    const result = results[index]!;
    const where = `${url} @${plan.width}px`;
    try {
      const size = page.viewportSize();
      if (size?.width !== plan.width || size.height !== GATE_HEIGHT) await page.setViewportSize({ width: plan.width, height: GATE_HEIGHT });
      result.loaded = index === 0 || (plan.gates.includes('layout') && (await lazyImagesOnFirstScreen(page)).length > 0);
      if (result.loaded) {
        const failure = await load(page, origin, url, result, plan.gates);
        if (failure) {
          result.failure = `${where} ${failure}`;
          for (const later of results.slice(index + 1)) later.failure = `${url} @${later.width}px was not checked: ${result.failure}`;
          return results;
        }
      }
      await runGates(page, result, plan);
    } catch (error) {
      result.failure = `${where} could not be checked: ${(error as Error).message.split('\n')[0]}`;
    }
  }
  return results;
}

/** One width as `checkRoute` checks its first: a load at the page's current width, then `gates`. */
export async function checkPage(page: Page, origin: string, url: string, gates: readonly Gate[], options: { measureHeader?: boolean } = {}): Promise<PageResult> {
  const [result] = await checkRoute(page, origin, url, [{ width: page.viewportSize()!.width, gates, measureHeader: options.measureHeader }]);
  return result!;
}

/** Loads the page at the current width; what only a load shows is judged here. Returns why it failed, if it did. */
async function load(page: Page, origin: string, url: string, result: PageResult, gates: readonly Gate[]): Promise<string | undefined> {
  const clean = gates.includes('clean');
  if (clean) await beforeLoad(page);
  const response = await page.goto(origin + url, { waitUntil: 'load' });
  if (response?.status() !== expectedStatus(url)) return `did not load: HTTP ${response?.status()}`;
  const where = `${url} @${result.width}px`;
  if (clean) {
    result.problems.clean.push(...(await readOpening(page)).map((problem) => `${where}: ${problem}`));
    if ((await response.allHeaders())['content-security-policy'] !== CONTENT_SECURITY_POLICY) result.problems.clean.push(`${where}: served without the site's Content-Security-Policy`);
  }
  // Read as the page loaded, before anything scrolls.
  if (gates.includes('layout')) result.problems.layout.push(...(await findLazyLcp(page)).map((problem) => `${where}: ${problem}`));
  return undefined;
}

/** The gates of one width on the page as it stands (loaded or resized to that width). */
async function runGates(page: Page, result: PageResult, plan: WidthPlan): Promise<void> {
  const where = `${result.url} @${plan.width}px`;
  const found = (gate: Gate, problems: string[]) => result.problems[gate].push(...problems.map((problem) => `${where}: ${problem}`));
  if (plan.gates.includes('layout')) {
    found('layout', [...await findOverflow(page), ...await findUnreachableControls(page)]);
    if (plan.measureHeader) result.header = await measureHeader(page);
    result.judged.push('layout');
  }
  if (plan.gates.includes('axe')) {
    result.problems.axe.push(...await auditPage(page, where, { contrastOnPixels: plan.gates.includes('contrast') }));
    result.judged.push('axe');
  }
  if (plan.gates.includes('contrast')) {
    // Lazy images below the fold must be in the shot: ask for all of them now.
    await page.evaluate(async () => {
      const lazy = [...document.images].filter((image) => image.loading === 'lazy');
      for (const image of lazy) image.loading = 'eager';
      await Promise.all(lazy.map((image) => image.decode().catch(() => undefined)));
    });
    found('contrast', await findLowContrastText(page));
    result.judged.push('contrast');
  }
  if (plan.gates.includes('clean')) {
    found('clean', await findLoadProblems(page));
    result.judged.push('clean');
  }
}
