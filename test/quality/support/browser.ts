/** Browser helpers the visual gates share; Chromium itself is started by test/support/browser.ts. */
import type { Page } from 'playwright-core';

/**
 * Waits until no finite CSS transition or animation is running, so a widget
 * is checked in its settled state (an endless decorative animation is ignored).
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations()
    .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 });
}

/**
 * Runs `work` on every item with at most `limit` running at once; results
 * keep the input order. `runner` (0 to limit - 1) says which lane an item
 * runs in, so each lane can reuse its own browser page.
 */
export async function mapWithLimit<T, R>(items: readonly T[], limit: number, work: (item: T, runner: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async (_, runner) => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, runner);
    }
  });
  await Promise.all(runners);
  return results;
}
