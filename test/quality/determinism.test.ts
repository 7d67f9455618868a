/**
 * Gate 7, determinism: the same input builds to byte-identical output trees,
 * whether rendered in one thread or in workers; a different build date
 * changes nothing but the places that print the date; and the wall clock
 * never leaks into the output. The first build is the run's shared build of the real site
 * (test/support/shared-site.ts: the real CLI, default options, the pinned date), read only;
 * this file builds the three others.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderThreads } from '../../src/render/render-threads.ts';
import { sharedSite } from '../support/shared-site.ts';
import { buildSiteWithCli, TEST_SOURCE_DATE_EPOCH, type BuiltSite } from '../support/site-build.ts';
import { hashFiles } from '../support/fixture-site.ts';

/**
 * The shared build's date (2026-11-20) and 2026-11-24, midday in Brisbane: both past, so never
 * the wall clock's date; in one calendar year (a year printed alone is the same); both after every
 * guide's date and before the one scheduled guide's publishDate, so the same pages are published.
 */
const EPOCH_A = TEST_SOURCE_DATE_EPOCH;
const EPOCH_B = 1_795_485_600;

const built: BuiltSite[] = [];
let first: BuiltSite;
let second: BuiltSite;
let threaded: BuiltSite;
let otherDate: BuiltSite;

beforeAll(async () => {
  // One at a time: parallel builds on two cores would only measure contention.
  first = await sharedSite();
  second = await buildSiteWithCli({ sourceDateEpoch: EPOCH_A });
  built.push(second);
  threaded = await buildSiteWithCli({ sourceDateEpoch: EPOCH_A, jobs: 2 });
  built.push(threaded);
  otherDate = await buildSiteWithCli({ sourceDateEpoch: EPOCH_B });
  built.push(otherDate);
}, 240_000);

afterAll(async () => {
  await Promise.all(built.map((site) => site.remove()));
});


/** One line per file that is missing, extra or different, with the first differing bytes in context. */
function compareTrees(expectedDir: string, actualDir: string, normalise: (text: string, which: 'expected' | 'actual') => string = (text) => text): string[] {
  const expected = hashFiles(expectedDir);
  const actual = hashFiles(actualDir);
  const differences: string[] = [];
  for (const file of new Set([...expected.keys(), ...actual.keys()])) {
    if (!actual.has(file)) differences.push(`${file}: missing from the second build`);
    else if (!expected.has(file)) differences.push(`${file}: only in the second build`);
    else if (expected.get(file) !== actual.get(file)) {
      const a = normalise(readFileSync(path.join(expectedDir, file), 'latin1'), 'expected');
      const b = normalise(readFileSync(path.join(actualDir, file), 'latin1'), 'actual');
      if (a === b) continue;
      let at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      differences.push(`${file}: differs at byte ${at}: ${JSON.stringify(a.slice(Math.max(0, at - 40), at + 40))} vs ${JSON.stringify(b.slice(Math.max(0, at - 40), at + 40))}`);
    }
  }
  return differences;
}

/** The ways a template might print a date, in Queensland's time zone; the same formats in the same order for any date. */
function dateSpellings(epochSeconds: number): string[] {
  const date = new Date(epochSeconds * 1000);
  const timeZone = 'Australia/Brisbane';
  const spellings = [new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date)];
  for (const locale of ['en-AU', 'en-GB', 'en-US']) {
    for (const dateStyle of ['full', 'long', 'medium', 'short'] as const) spellings.push(new Intl.DateTimeFormat(locale, { timeZone, dateStyle }).format(date));
    spellings.push(new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(date));
  }
  return spellings;
}

/** Rewrites every spelling of one date as the same spelling of another (longest first: "Tuesday 4 March 2025" before "4 March 2025"). */
function respellDate(text: string, fromEpoch: number, toEpoch: number): string {
  const to = dateSpellings(toEpoch);
  const pairs = dateSpellings(fromEpoch).map((spelling, index) => [spelling, to[index]!] as const).sort((a, b) => b[0].length - a[0].length);
  let result = text;
  pairs.forEach(([from], index) => { result = result.split(from).join(`\u0000date${index}\u0000`); });
  pairs.forEach(([, spelling], index) => { result = result.split(`\u0000date${index}\u0000`).join(spelling); });
  return result;
}

describe('Determinism', () => {
  it('builds byte-identical trees from the same input and SOURCE_DATE_EPOCH', () => {
    expect(first.htmlFiles.length).toBeGreaterThan(1);
    const differences = compareTrees(first.dir, second.dir);
    expect(differences, `${differences.length} files differ between two identical builds:\n${differences.join('\n')}`).toEqual([]);
  });

  it('builds the same bytes with two render worker threads as in one thread', () => {
    // The default builds (the first, the second) render this many pages on one thread.
    expect(renderThreads(first.htmlFiles.length), 'the default build of the real site no longer renders on one thread').toBe(1);
    const differences = compareTrees(first.dir, threaded.dir);
    expect(differences, `${differences.length} files differ between one render thread (the default here) and --jobs 2:\n${differences.join('\n')}`).toEqual([]);
  });

  it('changes only the printed build date when SOURCE_DATE_EPOCH changes', () => {
    const differing = compareTrees(first.dir, otherDate.dir);
    expect(differing.length, 'the build date reaches no page (privacy and terms show it)').toBeGreaterThan(0);
    const unexplained = compareTrees(first.dir, otherDate.dir, (text, which) => (which === 'expected' ? text : respellDate(text, EPOCH_B, EPOCH_A)));
    expect(unexplained, `${unexplained.length} files differ by more than the build date:\n${unexplained.join('\n')}`).toEqual([]);
  });

  it('never prints the wall-clock date', () => {
    const today = dateSpellings(Math.floor(Date.now() / 1000)).filter((spelling) => spelling.length >= 8);
    const leaks = first.htmlFiles.flatMap((file) => {
      const html = readFileSync(path.join(first.dir, file), 'utf8');
      return today.filter((spelling) => html.includes(spelling)).map((spelling) => `${file}: contains today's date "${spelling}"`);
    });
    expect(leaks, leaks.join('\n')).toEqual([]);
  });
});
