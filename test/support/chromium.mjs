/**
 * How every test, gate, script and bench starts Chromium: Debian's
 * /usr/bin/chromium (never a downloaded browser), headless, with the flags
 * written once here. Plain JavaScript so scripts node runs without a
 * TypeScript loader (screenshots, the Lighthouse audit, the image bench)
 * share it with the vitest tests, which use it through test/support/browser.ts.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Without the background-networking and component-update flags Chromium keeps
 * trying to reach hosts this network refuses (/work/shared/TOOLCHAIN.md); there
 * is no sandbox in the container and no GPU.
 */
export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-quic', '--disable-sync',
];

/** Fails (tests never skip) with how to install Chromium when it is missing. */
export function assertChromium(executablePath = CHROMIUM_PATH) {
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium is missing at ${executablePath}. Install Debian's package (apt-get install -y chromium); the browser tests never download a browser and never skip.`);
  }
}

/** Chromium through playwright-core. @returns {Promise<import('playwright-core').Browser>} */
export async function launchChromium() {
  assertChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
