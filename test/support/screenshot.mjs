#!/usr/bin/env node
/**
 * Full-page screenshots of a built site, for reviewing the design by eye.
 *
 *   node test/support/screenshot.mjs <built-folder> [/route ...] [--widths 375,768,1280] [--out /tmp/shots] [--no-js] [--viewport]
 *
 * Serves the folder on 127.0.0.1 (a free port) with `cleansite preview`
 * (the server the tests use too), drives Debian's Chromium through playwright-core and
 * writes <out>/<route-name>-<width>.png. Without routes it takes one page of
 * each template type.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { startPreviewProcess } from './preview-process.mjs';

/** One route per template type. */
const DEFAULT_ROUTES = ['/', '/about/', '/services/', '/services/office-cleaning/', '/how-it-works/',
  '/resources/commercial-cleaning-guide/', '/resources/cleaning-checklist/', '/gallery/', '/contact/', '/faq/',
  '/cleaning-guide/', '/reviews/', '/privacy/', '/insurance/', '/sitemap/', '/locations/brisbane-cbd/', '/no-such-page/'];

function parseArguments(argv) {
  const options = { dir: undefined, routes: [], widths: [375, 768, 1280], out: '/tmp/shots', javaScript: true, fullPage: true };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--widths') options.widths = argv[++index].split(',').map(Number);
    else if (argument === '--out') options.out = argv[++index];
    else if (argument === '--no-js') options.javaScript = false;
    else if (argument === '--viewport') options.fullPage = false;
    else if (!options.dir) options.dir = argument;
    else options.routes.push(argument);
  }
  if (!options.dir || !existsSync(options.dir)) {
    throw new Error('usage: node test/support/screenshot.mjs <built-folder> [/route ...] [--widths 375,768,1280] [--out /tmp/shots] [--no-js] [--viewport]');
  }
  if (options.routes.length === 0) options.routes = DEFAULT_ROUTES;
  return options;
}

/** Lazy images below the fold load only when scrolled to: scroll through once, then back to the top. */
async function scrollThrough(page, javaScript) {
  if (!javaScript) {
    // page.evaluate needs JavaScript; the mouse wheel scrolls without it.
    for (let step = 0; step < 40; step++) await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    await page.mouse.wheel(0, -100_000);
    return;
  }
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
}

function fileNameFor(route, width) {
  const name = route.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
  return `${name}-${width}.png`;
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  mkdirSync(options.out, { recursive: true });
  const browser = await launchChromium();
  const server = await startPreviewProcess(options.dir).catch(async (error) => {
    await browser.close();
    throw error;
  });
  try {
    for (const width of options.widths) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: options.javaScript });
      const page = await context.newPage();
      for (const route of options.routes) {
        await page.goto(server.origin + route, { waitUntil: 'load' });
        await scrollThrough(page, options.javaScript);
        await page.waitForLoadState('networkidle');
        const overflow = options.javaScript
          ? await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
          : 0;
        const file = path.join(options.out, fileNameFor(route, width));
        await page.screenshot({ path: file, fullPage: options.fullPage });
        console.log(`${file}${overflow > 0 ? `  (horizontal overflow: ${overflow}px)` : ''}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 1;
});
