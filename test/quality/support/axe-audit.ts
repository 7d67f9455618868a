/** The accessibility gate's one audit: axe-core with the WCAG 2.0/2.1 A and AA rules, on a page as it stands. */
import { createRequire } from 'node:module';
import type { AxeResults, ContextObject, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { waitForAnimations } from './browser.ts';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's own script, the one @axe-core/playwright injects (resolved through that package,
 * whose dependency it is, so both always run the same axe).
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE: string = createRequire(require.resolve('@axe-core/playwright'))('axe-core').source;

/**
 * Runs axe.run in the page, injecting axe first when the document does not have it yet.
 * @axe-core/playwright's AxeBuilder (legacy mode) evaluates axe's 580 KB script twice on every
 * audit; a page audited again (resized to another width, a widget opened, another tab selected)
 * is the same document, and keeps the axe it was given. What runs is the same: axe.run(context,
 * options) in the page's main frame (these pages have no frames), as AxeBuilder's legacy mode runs it.
 */
async function runAxe(page: Page, context: ContextObject | undefined, options: RunOptions): Promise<AxeResults> {
  // The arguments go as JSON: axe's option types are too deep for Playwright's serialisable-type check.
  const run = () => page.evaluate((json) => {
    const [within, runOptions] = JSON.parse(json) as [unknown, unknown];
    const axe = (window as unknown as { axe?: { run(context: unknown, options: unknown): Promise<unknown> } }).axe;
    return typeof axe?.run === 'function' ? axe.run(within ?? document, runOptions) : undefined;
  }, JSON.stringify([context ?? null, options])) as Promise<AxeResults | undefined>;
  const results = await run();
  if (results) return results;
  await page.evaluate(AXE_SOURCE);
  await page.evaluate(() => (window as unknown as { axe: { configure(spec: unknown): void } }).axe.configure({ allowedOrigins: ['<same_origin>'] }));
  const injected = await run();
  if (!injected) throw new Error(`axe-core could not be injected into ${page.url()}`);
  return injected;
}

/**
 * One line per failing element: where (`label`: URL, width and state), which rule, and what is wrong.
 * `within`: audit only what is inside that selector.
 * `contrastOnPixels`: the same load is measured by the contrast gate on its rendered pixels
 * (contrast-check.ts, which also judges text over gradients and images, where axe gives up), so
 * axe's own colour-contrast rule, a third of its time, is not run a second time on it.
 */
export async function auditPage(page: Page, label: string, options: { contrastOnPixels?: boolean; within?: string } = {}): Promise<string[]> {
  await waitForAnimations(page);
  // resultTypes skips building the (unused) passes.
  const rules: Record<string, { enabled: boolean }> = options.contrastOnPixels ? { 'color-contrast': { enabled: false } } : {};
  const runOptions: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'], rules };
  // `within`: only the elements inside it (a widget in the state a click put it in; the rest of the page is audited as loaded).
  if (options.within && await page.locator(options.within).count() === 0) throw new Error(`${label}: nothing matches ${options.within} to audit`);
  const results = await runAxe(page, options.within ? { include: [[options.within]] } : undefined, runOptions);
  const runOnly = results.toolOptions.runOnly as { type?: string; values?: string[] } | undefined;
  if (runOnly?.type !== 'tag' || runOnly.values?.join() !== WCAG_TAGS.join()) throw new Error(`axe ran with other rules than the WCAG 2.1 A/AA tags: ${JSON.stringify(runOnly)}`);
  return results.violations.flatMap((violation) => violation.nodes.map((node) => {
    const summary = (node.failureSummary ?? '').split('\n').slice(1).map((line) => line.trim()).filter(Boolean).join('; ');
    return `${label}: ${violation.id} [${violation.impact}] ${violation.help} at ${node.target.join(' ')}${summary ? ` (${summary})` : ''}`;
  }));
}
