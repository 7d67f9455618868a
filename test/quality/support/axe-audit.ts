/** The accessibility gate's one audit: axe-core with the WCAG 2.0/2.1 A and AA rules, on a page as it stands. */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { waitForAnimations } from './browser.ts';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * One line per failing element: where (`label`: URL, width and state), which rule, and what is wrong.
 * `within`: audit only what is inside that selector.
 * `contrastOnPixels`: the same load is measured by the contrast gate on its rendered pixels
 * (contrast-check.ts, which also judges text over gradients and images, where axe gives up), so
 * axe's own colour-contrast rule, a third of its time, is not run a second time on it.
 */
export async function auditPage(page: Page, label: string, options: { contrastOnPixels?: boolean; within?: string } = {}): Promise<string[]> {
  await waitForAnimations(page);
  // Legacy mode runs axe in the page itself; the default opens an extra blank page per run to merge frame results, and these pages have no frames.
  // options() replaces what withTags() set, so the tags go in here; resultTypes skips building the (unused) passes.
  const rules: Record<string, { enabled: boolean }> = options.contrastOnPixels ? { 'color-contrast': { enabled: false } } : {};
  const builder = new AxeBuilder({ page }).options({ runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'], rules }).setLegacyMode(true);
  // `within`: only the elements inside it (a widget in the state a click put it in; the rest of the page is audited as loaded).
  if (options.within) {
    if (await page.locator(options.within).count() === 0) throw new Error(`${label}: nothing matches ${options.within} to audit`);
    builder.include(options.within);
  }
  const results = await builder.analyze();
  const runOnly = results.toolOptions.runOnly as { type?: string; values?: string[] } | undefined;
  if (runOnly?.type !== 'tag' || runOnly.values?.join() !== WCAG_TAGS.join()) throw new Error(`axe ran with other rules than the WCAG 2.1 A/AA tags: ${JSON.stringify(runOnly)}`);
  return results.violations.flatMap((violation) => violation.nodes.map((node) => {
    const summary = (node.failureSummary ?? '').split('\n').slice(1).map((line) => line.trim()).filter(Boolean).join('; ');
    return `${label}: ${violation.id} [${violation.impact}] ${violation.help} at ${node.target.join(' ')}${summary ? ` (${summary})` : ''}`;
  }));
}
