/** Debian's Chromium through playwright-core, launched the way TOOLCHAIN.md says. */
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps calling hosts this network refuses. */
export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Throws (so the tests fail, never skip) when Chromium is missing. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

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
