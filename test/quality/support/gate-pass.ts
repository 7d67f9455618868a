/**
 * One load of a page, every browser gate on it: the layout checks (layout-checks.ts), axe
 * (axe-audit.ts), contrast on pixels (contrast-check.ts) and a clean load under the site's CSP
 * (clean-load.ts), so a route at a width is loaded once
 * however many gates look at it. Each gate keeps its own list of problems, and each list its own
 * test in browser-gates.test.ts. The order matters: the largest paint is read as the page loaded,
 * before anything scrolls; the hit tests scroll and return to the top; axe reads the settled page;
 * contrast, as it loads the lazy images and hides text for its shots; what the page reported last.
 */
import type { Page } from 'playwright-core';
import { CONTENT_SECURITY_POLICY } from '../../../src/publish/security-headers.ts';
import { auditPage } from './axe-audit.ts';
import { beforeLoad, findLoadProblems, readOpening } from './clean-load.ts';
import { findLowContrastText } from './contrast-check.ts';
import { findLazyLcp, findOverflow, findUnreachableControls, measureHeader, type HeaderMeasure } from './layout-checks.ts';
import { expectedStatus } from './site-pages.ts';

export type Gate = 'layout' | 'contrast' | 'axe' | 'clean';

export interface PageResult {
  url: string;
  /** Why the page could not be checked (no 200, a timeout); the gates' lists are empty then. */
  failure?: string;
  problems: Record<Gate, string[]>;
  /** The gates that ran to the end on this load, so a test can tell "no problems" from "not checked". */
  judged: Gate[];
  header?: HeaderMeasure;
}

/** Loads `origin + url` in `page` (already at its width) and runs `gates` on it; never throws. */
export async function checkPage(page: Page, origin: string, url: string, gates: readonly Gate[], options: { measureHeader?: boolean } = {}): Promise<PageResult> {
  const result: PageResult = { url, problems: { layout: [], contrast: [], axe: [], clean: [] }, judged: [] };
  const where = `${url} @${page.viewportSize()!.width}px`;
  const found = (gate: Gate, problems: string[]) => result.problems[gate].push(...problems.map((problem) => `${where}: ${problem}`));
  try {
    if (gates.includes('clean')) await beforeLoad(page);
    const response = await page.goto(origin + url, { waitUntil: 'load' });
    if (response?.status() !== expectedStatus(url)) return { ...result, failure: `${where} did not load: HTTP ${response?.status()}` };
    if (gates.includes('clean')) {
      found('clean', await readOpening(page));
      if ((await response.allHeaders())['content-security-policy'] !== CONTENT_SECURITY_POLICY) found('clean', ['served without the site\'s Content-Security-Policy']);
    }
    if (gates.includes('layout')) {
      found('layout', [...await findLazyLcp(page), ...await findOverflow(page), ...await findUnreachableControls(page)]);
      if (options.measureHeader) result.header = await measureHeader(page);
      result.judged.push('layout');
    }
    if (gates.includes('axe')) {
      result.problems.axe.push(...await auditPage(page, where, { contrastOnPixels: gates.includes('contrast') }));
      result.judged.push('axe');
    }
    if (gates.includes('contrast')) {
      // Lazy images below the fold must be in the shot: ask for all of them now.
      await page.evaluate(async () => {
        const lazy = [...document.images].filter((image) => image.loading === 'lazy');
        for (const image of lazy) image.loading = 'eager';
        await Promise.all(lazy.map((image) => image.decode().catch(() => undefined)));
      });
      found('contrast', await findLowContrastText(page));
      result.judged.push('contrast');
    }
    if (gates.includes('clean')) {
      found('clean', await findLoadProblems(page));
      result.judged.push('clean');
    }
    return result;
  } catch (error) {
    return { ...result, failure: `${where} could not be checked: ${(error as Error).message.split('\n')[0]}` };
  }
}
