// The built site served with its own dist/_headers applied (CSP included), in
// Chromium: an unknown path gets the 404 page with the CSP and loads cleanly,
// and a page that breaks the policy is reported. Every route loading cleanly
// under the CSP is the browser gates' clean-load check (browser-gates.test.ts).
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/publish/security-headers.ts';
import { clearProblems, openBrowserSession, watchPage, type BrowserSession, type PageProblems } from '../support/browser.ts';
import type { SiteServer } from '../support/site-server.ts';

let session: BrowserSession;
let server: SiteServer;
let browser: Browser;
let page: Page;
let cdp: CDPSession;
let problems: PageProblems;
/** CSP problems as Chromium's DevTools "Issues" panel reports them. */
const cspIssues: string[] = [];

beforeAll(async () => {
  session = await openBrowserSession();
  ({ server, browser } = session);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Also caught in the page itself: the event fires even for reports the console might not show.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`));
  });
  page = await context.newPage();
  problems = watchPage(page);
  cdp = await context.newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') cspIssues.push(`${page.url()}: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
  });
  await cdp.send('Audits.enable');
});

afterAll(() => session?.close());

/** Loads a URL, then every lazy image too, and reports what went wrong. */
async function visit(url: string): Promise<{ status: number; csp: string | undefined; violations: string[]; brokenImages: string[] }> {
  clearProblems(problems);
  cspIssues.length = 0;
  const response = await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => { (image as HTMLImageElement).loading = 'eager'; }));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 15_000 });
  const brokenImages = await page.evaluate(() => [...document.images].filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src));
  await flushViolations();
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  return { status: response?.status() ?? 0, csp: (await response?.allHeaders())?.['content-security-policy'], violations: withoutBarrier([...violations, ...cspIssues]), brokenImages };
}

/** An image URL the CSP refuses: its violation, reported after every earlier one, marks that they have all arrived. */
const BARRIER = 'http://csp-barrier.invalid/flush.png';
const withoutBarrier = (lines: string[]) => lines.filter((line) => !line.includes('csp-barrier.invalid'));

/** Violations are reported asynchronously, in order: waits for a known last one instead of a fixed time. */
async function flushViolations(): Promise<void> {
  await page.evaluate((url) => { new Image().src = url; }, BARRIER);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.some((line) => line.includes('csp-barrier.invalid'))),
    { message: 'the barrier image was not reported as a CSP violation', timeout: 10_000 }).toBe(true);
  // The barrier's own console error and blocked request are not the page's.
  for (const list of [problems.consoleErrors, problems.failedRequests]) list.splice(0, list.length, ...withoutBarrier(list));
}

describe('every route under the production headers', () => {
  // Every route at 375 and 1280 px under these headers (the CSP served, zero violations, console errors,
  // failed requests or broken images): the browser gates' clean-load check, on their one load of each
  // route (test/quality/browser-gates.test.ts, test/quality/support/clean-load.ts).
  it('serves the 404 page, with the CSP, for an unknown path and it passes too', async () => {
    const result = await visit(`${server.origin}/no-such-page/`);
    expect(result.status).toBe(404);
    expect(result.csp).toBe(CONTENT_SECURITY_POLICY);
    // The 404 response itself is expected; nothing else may fail.
    expect(problems.failedRequests.filter((line) => !line.includes('/no-such-page/'))).toEqual([]);
    expect(problems.consoleErrors.filter((line) => !line.includes('404'))).toEqual([]);
    expect(result.violations).toEqual([]);
    expect(result.brokenImages).toEqual([]);
  });

  it('reports a violation when a page breaks the policy (the check can fail)', async () => {
    await page.goto(`${server.origin}/`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.title = "inline ran"';
      document.body.append(script);
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.some((text) => text.startsWith('script-src'))),
      { message: 'the inline script was not reported as a violation', timeout: 10_000 }).toBe(true);
    expect(await page.title()).not.toBe('inline ran');
  });
});
