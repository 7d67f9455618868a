/**
 * Shared helpers for the browser tests (test/browser/*): Debian's Chromium
 * driven by playwright-core, against the real site built into a temporary
 * folder and served on 127.0.0.1 (a free port). One server per test file, on
 * the run's one shared build (test/support/shared-site.ts), and one browser per
 * worker process: per file in the `integration` project, for all the files a
 * worker of `integration-shared` runs in turn (vitest.config.ts), each file in
 * contexts of its own, closed with the session:
 *
 *   const session = await openBrowserSession();   // in beforeAll
 *   const page = await session.newPage('small');
 *   await page.goto(session.url('/faq'));
 *   ...
 *   await session.close();                        // in afterAll
 *
 * There is no skipping: when /usr/bin/chromium is missing the tests fail with
 * a message that says how to install it.
 */
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from './chromium.mjs';
import { pageUrl } from './urls.ts';
import { serveSite, type SiteServer } from './site-server.ts';
import { buildSite, type BuiltSite, type SiteBuildOptions } from './site-build.ts';
import { sharedSite } from './shared-site.ts';

export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from './chromium.mjs';

/** The three widths every widget is tested at: small, medium (48em) and large (64em and up). */
export const VIEWPORTS = {
  small: { width: 375, height: 812 },
  medium: { width: 768, height: 1024 },
  large: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

/** Everything that went wrong on a page while it was watched. */
export interface PageProblems {
  consoleErrors: string[];
  failedRequests: string[];
}

/** Records console errors, uncaught exceptions, failed requests and HTTP error responses. */
export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = { consoleErrors: [], failedRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(`${page.url()}: uncaught ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // A request still in flight when the test navigates on (e.g. the favicon) is cancelled, not failed.
    if (reason !== 'net::ERR_ABORTED') problems.failedRequests.push(`${request.url()}: ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.failedRequests.push(`${response.url()}: HTTP ${response.status()}`);
  });
  return problems;
}

export function clearProblems(problems: PageProblems): void {
  problems.consoleErrors.length = 0;
  problems.failedRequests.length = 0;
}

export interface BrowserSession {
  site: BuiltSite;
  server: SiteServer;
  browser: Browser;
  /** Absolute URL on the test server for a site path or URL (`/faq` -> http://127.0.0.1:PORT/faq/). */
  url(sitePath: string): string;
  /** A page in its own context at one of the three widths, watched for problems. */
  newPage(viewport: ViewportName, options?: BrowserContextOptions): Promise<WatchedPage>;
  /**
   * The file's one shared page, for tests that each load what they check and need no context
   * option of their own: resized to `viewport`, the mouse back at the corner a new page starts
   * with, its problems forgotten. A context costs a renderer process and a cold cache (about 1 s of
   * CPU on the 2-core machine), so tests share this one instead of a context each.
   */
  sharedPage(viewport: ViewportName): Promise<WatchedPage>;
  close(): Promise<void>;
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  problems: PageProblems;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set for the project whose worker keeps its modules from file to file (vitest.config.ts). */
    cleansiteSharesModules?: boolean;
  }
}

/**
 * A page in a context of its own, at `viewport`, that is cheap to resize: its context has no
 * window size of its own (`viewport: null`), so `page.setViewportSize` only changes what the page
 * is laid out at (the DevTools protocol's device metrics, as for any Playwright page) and leaves
 * the headless window alone. With a window size Playwright resizes the window too, on every
 * resize, which cost about a third of the resize's CPU in Chromium's browser and GPU processes
 * (docs/testing.md, Round 5); the page sees the same width, height and screen either way (60 of
 * 60 full-page shots identical, 10 templates at 6 widths). For pages resized through many widths.
 */
export async function openResizablePage(browser: Browser, viewport: { width: number; height: number }, options: Omit<BrowserContextOptions, 'viewport'> = {}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ ...options, viewport: null });
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  return { page, context };
}

/** The worker's Chromium, where its files share modules; it ends with the worker process (playwright kills what it launched when its process exits). */
let workerBrowser: Promise<Browser> | undefined;

/**
 * Chromium for one test file: the worker's own where files share the worker (a launch is about
 * 1 s of CPU; each file still gets contexts of its own, so no cookie, cache or storage crosses),
 * else a browser for this file alone. `close` is what the file's session calls at its end.
 */
export async function fileBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  if (!inject('cleansiteSharesModules')) {
    const browser = await launchChromium();
    return { browser, close: () => browser.close() };
  }
  const launch = () => launchChromium().catch((error: unknown) => {
    workerBrowser = undefined;
    throw error;
  });
  let browser = await (workerBrowser ??= launch());
  if (!browser.isConnected()) browser = await (workerBrowser = launch());
  // The file's contexts are closed by its session; the browser stays for the worker's next file.
  return { browser, close: async () => undefined };
}

/** Serves the run's shared build of the real site (or, given build options, its own build in a temporary folder) and starts or reuses Chromium (fileBrowser). */
export async function openBrowserSession(buildOptions: SiteBuildOptions = {}): Promise<BrowserSession> {
  // Launch first: a missing browser should fail before a build is spent.
  const { browser, close: closeBrowser } = await fileBrowser();
  let site: BuiltSite | undefined;
  let server: SiteServer | undefined;
  try {
    site = Object.keys(buildOptions).length === 0 ? await sharedSite() : await buildSite(buildOptions);
    server = await serveSite(site.dir);
  } catch (error) {
    await closeBrowser();
    await site?.remove();
    throw error;
  }
  const origin = server.origin;
  // Every context this file opens, through newPage or on `browser` itself: closed with the session, so none outlives its file in a shared browser.
  const before = new Set(browser.contexts());
  let shared: Promise<WatchedPage> | undefined;
  const newPage = async (viewport: ViewportName, options: BrowserContextOptions = {}): Promise<WatchedPage> => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], reducedMotion: 'reduce', ...options });
    const page = await context.newPage();
    return { page, context, problems: watchPage(page) };
  };
  // The shared page is resized from test to test: no window of its own to resize with it (openResizablePage).
  const newSharedPage = async (viewport: ViewportName): Promise<WatchedPage> => {
    const { page, context } = await openResizablePage(browser, VIEWPORTS[viewport], { reducedMotion: 'reduce' });
    return { page, context, problems: watchPage(page) };
  };
  return {
    site,
    server,
    browser,
    url: (sitePath) => new URL(toFolderUrl(sitePath), origin).href,
    newPage,
    async sharedPage(viewport) {
      const watched = await (shared ??= newSharedPage(viewport));
      await watched.page.setViewportSize(VIEWPORTS[viewport]);
      await watched.page.mouse.move(0, 0);
      clearProblems(watched.problems);
      return watched;
    },
    async close() {
      for (const context of browser.contexts().filter((opened) => !before.has(opened))) await context.close().catch(() => undefined);
      await closeBrowser();
      try {
        await server?.close();
      } finally {
        await site?.remove();
      }
    },
  };
}

/** The site's trailing-slash policy: `/faq` is served as `/faq/`; file URLs and `/` are left alone. */
function toFolderUrl(sitePath: string): string {
  if (sitePath === '/' || sitePath.endsWith('/') || /\.[a-z0-9]+$/i.test(sitePath)) return sitePath;
  return `${sitePath}/`;
}

/** Every built page as a URL path: folder routes (`/faq`) plus stand-alone pages such as `/404.html`. */
export function builtRoutes(site: BuiltSite): string[] {
  return site.htmlFiles.map((file) => (pageUrl(file) === '/' ? '/' : pageUrl(file).replace(/\/$/, '')));
}
