/**
 * The open pages first, in parts: which page a live-reload client may name
 * (untrusted: only known pages, bounded, never a throw), how the stale pages
 * are split, and the order of the writes (the open pages, then the reload,
 * then the rest in slices, stopped by a later change).
 */
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_LENGTH, requestedPage } from '../../src/server/open-page.ts';
import { SLICE_MS, SLICE_PAGES, splitOpenPages, writeOpenPagesFirst, type OpenPagesFirst } from '../../src/session/open-pages-first.ts';
import type { Route } from '../../src/routes/route-table.ts';
import { afterOpenPages } from '../../src/watch/open-pages.ts';

const KNOWN = new Set(['/', '/about/', '/locations/west-end/', '/café/']);
const isPage = (url: string) => KNOWN.has(url);
const events = (page: string) => `/__cleansite/events?page=${page}`;

describe('the page a live-reload client names', () => {
  it('is kept when it is the URL of a page of the site, as the script sends it', () => {
    expect(requestedPage(events(encodeURIComponent('/about/')), isPage)).toBe('/about/');
    expect(requestedPage(events(encodeURIComponent('/')), isPage)).toBe('/');
    // location.pathname arrives percent-encoded, and is encoded once more by the script.
    expect(requestedPage(events(encodeURIComponent('/caf%C3%A9/')), isPage)).toBe('/café/');
    expect(requestedPage(events(encodeURIComponent('/about/index.html')), isPage)).toBe('/about/');
  });

  it('is dropped, without a throw, when it is anything else', () => {
    const hostile = [
      undefined, '/__cleansite/events', events(''), events('about'), events(encodeURIComponent('/nope/')),
      events(encodeURIComponent('/../etc/passwd')), events('%E0%A4%A'), events(encodeURIComponent('%E0%A4%A')),
      events(encodeURIComponent('/about/\n')), events(encodeURIComponent(`/${'a'.repeat(MAX_PAGE_LENGTH)}/`)),
      `${events(encodeURIComponent('/about/'))}${'&x=1'.repeat(MAX_PAGE_LENGTH)}`, events('/about/&page=/'),
      '/__cleansite/events?page', '/__cleansite/events?=%%%&page=%ZZ',
    ];
    for (const url of hostile) expect(requestedPage(url, isPage), String(url)).toBeUndefined();
  });
});

const route = (url: string): Route => ({ path: url === '/' ? '/' : url.replace(/\/$/, ''), url, outputFile: `${url.slice(1)}index.html`, format: 'html' } as Route);

describe('the stale pages split and written open pages first', () => {
  const stale = ['/', '/about/', '/locations/west-end/'].map(route);
  const first = (pages: string[], superseded = () => false): OpenPagesFirst & { log: string[] } => {
    const log: string[] = [];
    return { log, pages, superseded, written: (urls) => log.push(`reload ${urls.join(' ')}`) };
  };

  it('puts nothing first when no page is open, no open page is stale, or every stale page is open', () => {
    expect(splitOpenPages(stale, undefined)).toBeUndefined();
    expect(splitOpenPages(stale, first([]))).toBeUndefined();
    expect(splitOpenPages(stale, first(['/contact/']))).toBeUndefined();
    expect(splitOpenPages(stale.slice(1, 2), first(['/about/']))).toBeUndefined();
    expect(splitOpenPages(stale, first(['/about/', '/']))).toEqual({ open: [stale[0], stale[1]], rest: [stale[2]] });
  });

  it('writes the open pages with the site files, tells them, then the rest in slices sized by the pace of the last', async () => {
    const many = Array.from({ length: 1 + SLICE_PAGES.first + SLICE_PAGES.most + 3 }, (_, n) => route(`/p${n}/`));
    const told = first(['/about/']);
    const split = splitOpenPages([stale[1]!, ...many], told)!;
    const outcome = await writeOpenPagesFirst(split, told, async (routes, withSiteFiles) => {
      told.log.push(`write ${routes.length}${withSiteFiles ? ' with site files' : ''}`);
    });
    // Pages that render at once: after the first slice, the largest slices.
    expect(told.log).toEqual(['write 1 with site files', 'reload /about/', `write ${SLICE_PAGES.first}`, `write ${SLICE_PAGES.most}`, 'write 4']);
    expect(outcome).toMatchObject({ first: ['/about/'], rendered: many.length + 1, deferred: 0 });
  });

  it('renders slow pages in small slices, so a later change waits about one slice', async () => {
    const many = Array.from({ length: SLICE_PAGES.first * 3 }, (_, n) => route(`/p${n}/`));
    const sizes: number[] = [];
    const told = first(['/about/']);
    await writeOpenPagesFirst(splitOpenPages([stale[1]!, ...many], told)!, told, async (routes, withSiteFiles) => {
      if (!withSiteFiles) sizes.push(routes.length);
      // A page that takes a quarter of a slice's time: four pages a slice would do, the smallest slice is taken.
      await new Promise((resolve) => setTimeout(resolve, routes.length * (SLICE_MS / 4)));
    });
    expect(sizes).toEqual([SLICE_PAGES.first, SLICE_PAGES.first, SLICE_PAGES.first]);
  });

  it('stops before the next slice once a later change superseded the pass, and says how many pages it left', async () => {
    const many = Array.from({ length: SLICE_PAGES.first * 3 }, (_, n) => route(`/p${n}/`));
    let slices = 0;
    const told = first(['/about/'], () => slices === 1);
    const outcome = await writeOpenPagesFirst(splitOpenPages([stale[1]!, ...many], told)!, told, async (routes, withSiteFiles) => {
      if (!withSiteFiles) slices++;
    });
    expect(outcome).toMatchObject({ rendered: SLICE_PAGES.first + 1, deferred: SLICE_PAGES.first * 2 });
  });

  it('does not reload the open pages again at the end, and reloads nobody while part of the pass is left', () => {
    const reload = { event: 'reload', data: { build: 3 } };
    const problems = { event: 'build-error', data: { problems: [] } };
    expect(afterOpenPages([reload], [], 0)).toEqual([reload]);
    expect(afterOpenPages([reload], ['/about/'], 0)).toEqual([{ ...reload, except: ['/about/'] }]);
    expect(afterOpenPages([reload, problems], ['/about/'], 5)).toEqual([problems]);
  });
});
