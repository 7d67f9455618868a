/**
 * The injection scanner itself: it must report each payload when it arrives
 * as markup, and stay quiet when it arrives escaped (as text).
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanForInjectedMarkup, TEXT_PAYLOADS } from './support/injection.ts';
import { createRandom } from './support/random.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const dir = makeTempDir('cleansite-scan-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const page = (head: string, body: string) => `<!DOCTYPE html><html lang="en-AU"><head><title>t</title><script src="/assets/site.1.js" defer=""></script>${head}</head><body>${body}</body></html>`;

function scan(html: string) {
  writeFileSync(path.join(dir, 'index.html'), html);
  return scanForInjectedMarkup(dir, ['index.html']);
}

describe('the injection scanner', () => {
  it('finds nothing in a page where every payload was escaped, and sees the payload text', () => {
    const text = TEXT_PAYLOADS.map(escape).join(' ');
    const jsonLd = JSON.stringify({ name: TEXT_PAYLOADS.join(' ') }).replace(/</g, '\\u003c');
    const result = scan(page(`<meta name="description" content="${text}"/><script type="application/ld+json">${jsonLd}</script>`, `<p title="${text}">${text}</p>`));
    expect(result.problems).toEqual([]);
    expect(result.pagesShowingPayload).toBe(1);
  });

  it.each([
    ['a payload that closed an attribute', `<p title=""><img src=x fuzzattr onerror=fuzz()>">x</p>`, ['<img> got a "fuzzattr" attribute', '<img> has an event-handler attribute "onerror"']],
    ['a payload that closed a single-quoted attribute', `<p title='' fuzzattr='1' onmouseover='fuzz()'>x</p>`, ['<p> got a "fuzzattr" attribute', '<p> has an event-handler attribute "onmouseover"']],
    ['a payload that closed <title>', `</title><fuzz-tag>`, ['a <fuzz-tag> element was created']],
    ['an inline script', `<script>fuzzScript()</script>`, ['an inline <script> appeared: "fuzzScript()"']],
    ['a javascript: link', `<a href=" javascript:fuzz()">x</a>`, ['<a href=" javascript:fuzz()"> runs script']],
    ['a comment opened by a payload', `<p>a<!--fuzz--></p>`, ['a payload opened an HTML comment']],
  ])('reports %s', (_label, body, expected) => {
    expect(scan(page('', body)).problems).toEqual(expected.map((problem) => `index.html: ${problem}`));
  });

  it('reports a JSON-LD block that a payload broke out of or made invalid', () => {
    const broken = scan(page(`<script type="application/ld+json">{"name":"</script><script>fuzzScript()</script>"}</script>`, ''));
    expect(broken.problems).toContain('index.html: an inline <script> appeared: "fuzzScript()"');
    const invalid = scan(page(`<script type="application/ld+json">{"name":"a" "b"}</script>`, '')).problems;
    expect(invalid).toHaveLength(1);
    expect(invalid[0]).toMatch(/^index\.html: a JSON-LD block is not valid JSON/);
    expect(scan(page(`<script type="application/ld+json">{"name":"<!--fuzz"}</script>`, '')).problems).toContain('index.html: a JSON-LD block contains a raw "<!--"');
  });
});

describe('the seeded PRNG', () => {
  it('replays the same sequence for the same seed and differs for another', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const sequence = Array.from({ length: 5 }, () => a.int(0, 1_000_000));
    expect(Array.from({ length: 5 }, () => b.int(0, 1_000_000))).toEqual(sequence);
    const other = createRandom(43);
    expect(Array.from({ length: 5 }, () => other.int(0, 1_000_000))).not.toEqual(sequence);
    // next() is uniform on [0, 1): 10,000 draws stay in range and fill each tenth of it (about 1,000 each).
    const tenths = new Array<number>(10).fill(0);
    for (let index = 0; index < 10_000; index++) {
      const value = a.next();
      expect(value >= 0 && value < 1, `draw ${index}: ${value}`).toBe(true);
      tenths[Math.floor(value * 10)]!++;
    }
    for (const count of tenths) expect(count).toBeGreaterThan(850);
    // int() reaches both ends of its range and never leaves it.
    const ints = new Set(Array.from({ length: 2_000 }, () => a.int(3, 7)));
    expect([...ints].sort()).toEqual([3, 4, 5, 6, 7]);
  });
});
