/**
 * The open pages first, in parts: which page a live-reload client may name
 * (untrusted: only known pages, bounded, never a throw), how the stale pages
 * are split, and the order of the writes (the open pages, then the reload,
 * then the rest in slices, stopped by a later change).
 */
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_LENGTH, requestedPage } from '../../src/server/open-page.ts';
import { openRoutes, SLICE_MS, SLICE_PAGES, writeOpenPages, writeRestInSlices, type OpenPagesFirst } from '../../src/session/open-pages-first.ts';
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

describe('the open pages written first, then the rest in slices', () => {
  const routes = ['/', '/about/', '/locations/west-end/'].map(route);
  const first = (pages: string[], superseded = () => false): OpenPagesFirst & { log: string[] } => {
    const log: string[] = [];
    return { log, pages, superseded, written: (urls) => log.push(`reload ${urls.join(' ')}`) };
  };
  const many = (count: number) => Array.from({ length: count }, (_, n) => route(`/p${n}/`));

  it('finds the routes of the open pages, in route order; a URL no route has matches nothing', () => {
    expect(openRoutes(routes, undefined)).toEqual([]);
    expect(openRoutes(routes, first([]))).toEqual([]);
    expect(openRoutes(routes, first(['/contact/', '/about']))).toEqual([]);
    expect(openRoutes(routes, first(['/locations/west-end/', '/']))).toEqual([routes[0], routes[2]]);
  });

  it('writes the open pages, then tells them', async () => {
    const told = first(['/about/']);
    expect(await writeOpenPages([routes[1]!], told, async (written) => {
      told.log.push(`write ${written.map((page) => page.url).join(' ')}`);
    })).toEqual(['/about/']);
    expect(told.log).toEqual(['write /about/', 'reload /about/']);
  });

  /** A clock that moves only when pages are written, `msPerPage` each: the pace is the test's, not the machine's. */
  const pagesClock = (msPerPage: number) => {
    let time = 0;
    return { now: () => time, spend: (pages: number) => void (time += pages * msPerPage) };
  };

  it('writes the rest with the site files in the first slice, in slices sized by the pace of the last', async () => {
    const rest = many(SLICE_PAGES.first + SLICE_PAGES.most + 4);
    const told = first(['/about/']);
    // Pages that take a tenth of a millisecond each (the pace is read from this clock, never the machine's).
    const clock = pagesClock(0.1);
    const outcome = await writeRestInSlices(rest, told, async (slice, withSiteFiles) => {
      told.log.push(`write ${slice.length}${withSiteFiles ? ' with site files' : ''}`);
      clock.spend(slice.length);
    }, clock.now);
    // Pages that render at once: after the first slice, the largest slices.
    expect(told.log).toEqual([`write ${SLICE_PAGES.first} with site files`, `write ${SLICE_PAGES.most}`, 'write 4']);
    expect(outcome).toEqual({ rendered: rest.length, deferred: 0 });
  });

  it('writes the site files when no page is left to render', async () => {
    const log: boolean[] = [];
    expect(await writeRestInSlices([], first(['/about/']), async (slice, withSiteFiles) => void log.push(withSiteFiles && slice.length === 0))).toEqual({ rendered: 0, deferred: 0 });
    expect(log).toEqual([true]);
  });

  it('renders slow pages in small slices, so a later change waits about one slice', async () => {
    const sizes: number[] = [];
    // A page that takes a quarter of a slice's time: four pages a slice would do, the smallest slice is taken.
    const slow = pagesClock(SLICE_MS / 4);
    await writeRestInSlices(many(SLICE_PAGES.first * 3), first(['/about/']), async (slice) => {
      sizes.push(slice.length);
      slow.spend(slice.length);
    }, slow.now);
    expect(sizes).toEqual([SLICE_PAGES.first, SLICE_PAGES.first, SLICE_PAGES.first]);
    // In between, the slice is sized to take about SLICE_MS at the last slice's pace: 5 ms a page, 50 pages.
    const sized: number[] = [];
    const medium = pagesClock(SLICE_MS / 50);
    await writeRestInSlices(many(SLICE_PAGES.first + 120), first(['/about/']), async (slice) => {
      sized.push(slice.length);
      medium.spend(slice.length);
    }, medium.now);
    expect(sized).toEqual([SLICE_PAGES.first, 50, 50, 20]);
  });

  it('stops before the next slice once a later change superseded the pass, and says how many pages it left', async () => {
    let slices = 0;
    const outcome = await writeRestInSlices(many(SLICE_PAGES.first * 3), first(['/about/'], () => slices === 1), async () => {
      slices++;
    });
    expect(outcome).toEqual({ rendered: SLICE_PAGES.first, deferred: SLICE_PAGES.first * 2 });
  });

  it('does not reload the open pages again at the end, and reloads nobody while part of the pass is left', () => {
    const reload = { event: 'reload', data: { build: 3 } };
    const problems = { event: 'build-error', data: { problems: [] } };
    expect(afterOpenPages([reload], [], 0)).toEqual([reload]);
    expect(afterOpenPages([reload], ['/about/'], 0)).toEqual([{ ...reload, except: ['/about/'] }]);
    expect(afterOpenPages([reload, problems], ['/about/'], 5)).toEqual([problems]);
  });
});
