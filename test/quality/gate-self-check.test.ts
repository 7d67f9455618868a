/**
 * The gates themselves, proven on a small site built by hand with one of
 * each mistake: a gate that passes the real site must also be able to fail.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/fixture-site.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { findBrokenReferences, findBrokenStylesheetReferences, findOrphanPages, readLinkedSite, type LinkedSite } from './support/link-check.ts';
import { findOtherOriginRequests, measurePageWeights } from './support/page-weight.ts';

let dir: string;
let site: LinkedSite;

const page = (body: string, head = '') =>
  `<!DOCTYPE html><html lang="en-AU"><head><meta charSet="utf-8"/><title>t</title><link rel="canonical" href="https://www.example.com/"/>${head}</head><body>${body}</body></html>`;

beforeAll(() => {
  dir = makeTempDir('cleansite-gates-');
  const write = (file: string, contents: string | Uint8Array) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), contents);
  };
  write('index.html', page([
    '<a href="/a/">fine</a>', '<a href="/a/#x">fine fragment</a>', '<a href="https://www.example.com/a/">own origin</a>',
    '<a href="mailto:a@example.com">mail</a>', '<a href="tel:+61730000000">call</a>', '<a href="#top">top</a>',
    '<a href="https://social.example/x" target="_blank" rel="noopener noreferrer">safe external</a>',
    '<a href="/missing/">broken</a>', '<a href="/b">no slash</a>', '<a href="/a/#nope">missing fragment</a>', '<a href="#">placeholder</a>',
    '<a href="http://plain.example/">plain http</a>', '<a href="https://tab.example/" target="_blank">unsafe tab</a>',
    '<a href="javascript:alert(1)">script</a>',
    '<img src="/img/missing.png" alt=""/>', '<img src="/img/ok.png" srcSet="/img/ok.png 1x, /img/gone.png 2x" alt=""/>',
    '<script src="https://cdn.example.org/x.js"></script>',
  ].join(''), '<link rel="stylesheet" href="/s.css"/><meta property="og:image" content="https://www.example.com/img/og-missing.jpg"/><script src="/big.js"></script>'));
  write('a/index.html', page('<p id="x">target</p><a href="/">home</a><a href="/b/">b</a>', '<link rel="stylesheet" href="/s.css"/>'));
  write('b/index.html', page('<a href="/">home</a>', '<link rel="stylesheet" href="/s.css"/>'));
  write('orphan/index.html', page('<a href="/">home</a>', '<link rel="stylesheet" href="/s.css"/>'));
  write('404.html', page('<a href="/">home</a>', '<link rel="stylesheet" href="/s.css"/>'));
  write('s.css', 'body{background:url(/img/ok.png)} .a{background:url("/img/css-missing.png")} @font-face{src:url(https://fonts.example/f.woff2)}');
  write('img/ok.png', 'png');
  // Random bytes do not compress: 5 KB of them is over the 4 KB script budget.
  write('big.js', randomBytes(5 * 1024).toString('base64'));
  site = readLinkedSite(dir);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the quality gates catch each kind of mistake', () => {
  it('link gate: broken links, missing fragments, policy slashes, placeholders, unsafe external links and missing assets', () => {
    const problems = findBrokenReferences(site).filter((problem) => problem.file === 'index.html').map((problem) => problem.problem).sort();
    expect(problems).toEqual([
      '<a href> "#": a placeholder link to nothing',
      '<a href> "/a/#nope": /a/ has no element with id="nope"',
      '<a href> "/b": no file at /b (the trailing-slash policy wants /b/)',
      '<a href> "/missing/": no built file at /missing/',
      '<a href> "http://plain.example/": external URLs must use https:',
      '<a href> "https://tab.example/": opens in a new tab (target="_blank") without rel="noopener"',
      '<a href> "javascript:alert(1)": the javascript: scheme is not allowed',
      '<img src> "/img/missing.png": no built file at /img/missing.png',
      '<img srcset> "/img/gone.png": no built file at /img/gone.png',
      '<meta property="og:image"> "https://www.example.com/img/og-missing.jpg": no built file at /img/og-missing.jpg',
    ]);
    expect(findBrokenStylesheetReferences(site).map((problem) => problem.problem)).toEqual(['CSS url() "/img/css-missing.png": no built file at /img/css-missing.png']);
  });

  it('orphan check: a page nothing links to is reported, 404.html is exempt', () => {
    expect(findOrphanPages(site)).toEqual(['/orphan/']);
  });

  it('budget gate: weighs HTML, CSS and JS gzipped and finds requests to other origins', () => {
    const home = measurePageWeights(site).find((weight) => weight.file === 'index.html')!;
    expect(home.assets).toEqual(['s.css', 'big.js']);
    expect(home.js).toBeGreaterThan(4 * 1024);
    expect(home.total).toBe(home.html + home.css + home.js);
    expect(findOtherOriginRequests(site).map((problem) => `${problem.file}: ${problem.problem}`).sort()).toEqual([
      'index.html: <script src> "https://cdn.example.org/x.js" is fetched from https://cdn.example.org',
      's.css: CSS url() "https://fonts.example/f.woff2" is fetched from https://fonts.example',
    ]);
  });

  it("html-validate config: accepts React's spelling, still rejects real mistakes", async () => {
    const config = ((await import(pathToFileURL(path.join(PROJECT_ROOT, '.htmlvalidate.mjs')).href)) as { default: ConfigData }).default;
    const validator = new HtmlValidate(config);
    const rules = async (html: string) => (await validator.validateString(html, 'x.html')).results.flatMap((result) => result.messages.map((message) => message.ruleId));
    const react = '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>t</title><script src="/a.js" defer=""></script></head>'
      + '<body><main><img src="/a.png" srcSet="/a.png 1x" fetchPriority="high" width="1" height="1" alt="a"/><div hidden="">x</div></main></body></html>';
    expect(await rules(react)).toEqual([]);
    expect(await rules(react.replace('<div hidden="">x</div>', '<div style="color:red">x</div>'))).toEqual(['no-inline-style']);
    expect(await rules(react.replace('alt="a"', ''))).toContain('wcag/h37');
    expect(await rules(react.replace('<meta charSet="utf-8"/>', '<meta CHARSET="utf-8"/>'))).toEqual(['attr-case']);
    expect(await rules(react.replace('<meta charSet="utf-8"/>', '<meta charset="utf-8">'))).toEqual(['void-style']);
  });
});
