/**
 * Gate 4, weight budget: every page costs at most 25 KB gzipped of HTML + CSS
 * + JS (images excluded), at most 4 KB gzipped of it JavaScript, and fetches
 * nothing from another origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltSite } from '../support/site-build.ts';
import { sharedSite } from '../support/shared-site.ts';
import { formatProblems, readLinkedSite, type LinkedSite } from './support/link-check.ts';
import { findOtherOriginRequests, measurePageWeights, type PageWeight } from './support/page-weight.ts';

const TOTAL_BUDGET = 25 * 1024;
const JS_BUDGET = 4 * 1024;

let built: BuiltSite;
let site: LinkedSite;
let weights: PageWeight[];

beforeAll(async () => {
  built = await sharedSite();
  site = readLinkedSite(built.dir);
  weights = measurePageWeights(site);
}, 120_000);

afterAll(async () => {
  await built?.remove();
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const describeWeight = (weight: PageWeight) =>
  `${weight.file}: ${kb(weight.total)} total = HTML ${kb(weight.html)} + CSS ${kb(weight.css)} + JS ${kb(weight.js)} (${weight.assets.join(', ') || 'no assets'})`;

describe('Weight budget (gzipped, images excluded)', () => {
  it('weighs every page with its stylesheet and script', () => {
    expect(weights.length).toBe(built.htmlFiles.length);
    for (const weight of weights) expect(weight.css, `${weight.file} loads no stylesheet`).toBeGreaterThan(0);
  });

  it(`keeps every page at or under ${kb(TOTAL_BUDGET)} of HTML + CSS + JS`, () => {
    const over = weights.filter((weight) => weight.total > TOTAL_BUDGET);
    expect(over.map(describeWeight), `${over.length} pages over the ${kb(TOTAL_BUDGET)} budget`).toEqual([]);
  });

  it(`keeps every page at or under ${kb(JS_BUDGET)} of JavaScript`, () => {
    const over = weights.filter((weight) => weight.js > JS_BUDGET);
    expect(over.map(describeWeight), `${over.length} pages over the ${kb(JS_BUDGET)} JavaScript budget`).toEqual([]);
  });

  it('requests nothing from any other origin (resources and CSS url())', () => {
    const problems = findOtherOriginRequests(site);
    expect(problems.length, formatProblems(problems, 'requests to other origins')).toBe(0);
  });
});
