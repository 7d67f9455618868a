import { load } from 'cheerio';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, hashTree, makeFixtureSite, removeSite, runCli } from '../support/fixture-site.ts';

describe('building the basic fixture site', () => {
  let site: string;
  let dist: string;
  let stdout: string;

  beforeAll(() => {
    site = makeFixtureSite();
    dist = path.join(site, 'dist');
    const result = buildFixture(site);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    stdout = result.stdout;
  });

  const page = (file: string) => load(readFileSync(path.join(dist, file), 'utf8'));

  it('ends with a summary of pages, bytes and time', () => {
    expect(stdout).toMatch(/^Built 7 pages \(\d+ files, [\d.]+ KB\) into .+ in \d+\.\d\d s\.\n$/);
  });

  it('writes one index.html per route in folder form, plus 404.html, robots.txt and sitemap.xml', () => {
    for (const file of ['index.html', 'about/index.html', 'services/index.html', 'services/office-cleaning/index.html',
      'locations/brisbane-cbd/index.html', 'locations/west-end/index.html', '404.html', 'robots.txt', 'sitemap.xml']) {
      expect(existsSync(path.join(dist, file)), file).toBe(true);
    }
  });

  it('starts every page with a doctype and renders the route through its template', () => {
    const html = readFileSync(path.join(dist, 'about/index.html'), 'utf8');
    expect(html.startsWith('<!DOCTYPE html><html lang="en-AU">')).toBe(true);
    const $ = page('about/index.html');
    expect($('h1').text()).toBe('About the Fixture');
    expect($('title').text()).toBe('About the Fixture | Fixture Cleaning Co');
    expect($('link[rel=canonical]').attr('href')).toBe('https://fixture.example.com/about/');
  });

  it('derives location slugs from names and titles location pages', () => {
    expect(page('locations/brisbane-cbd/index.html')('h1').text()).toBe('Commercial Cleaning in Brisbane CBD');
  });

  it('escapes raw HTML in Markdown and adds the trailing slash to internal Markdown links', () => {
    const $ = page('index.html');
    expect($('.body script')).toHaveLength(0);
    expect($('.body').text()).toContain('<script>alert(“x”)</script>');
    expect($('.body a').attr('href')).toBe('/about/');
  });

  it('lists every listed route exactly once in sitemap.xml with absolute URLs and lastmod from content', () => {
    const $ = load(readFileSync(path.join(dist, 'sitemap.xml'), 'utf8'), { xml: true });
    const locs = $('url > loc').map((_, el) => $(el).text()).get();
    expect(locs).toEqual([
      'https://fixture.example.com/',
      'https://fixture.example.com/about/',
      'https://fixture.example.com/locations/brisbane-cbd/',
      'https://fixture.example.com/locations/west-end/',
      'https://fixture.example.com/services/',
      'https://fixture.example.com/services/office-cleaning/',
    ]);
    expect($('url').first().find('lastmod').text()).toBe('2026-11-02');
    expect($('url').eq(1).find('lastmod').text()).toBe('2026-10-01');
  });

  it('points robots.txt at the sitemap', () => {
    expect(readFileSync(path.join(dist, 'robots.txt'), 'utf8')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://fixture.example.com/sitemap.xml\n',
    );
  });

  it('resolves navigation from the route table', () => {
    const $ = page('index.html');
    expect($('nav a').map((_, el) => `${$(el).text()} ${$(el).attr('href')}`).get()).toEqual(['About the Fixture /about/', 'Services /services/']);
  });

  it('ships content-hashed CSS and JS and copies public/ as is', () => {
    const $ = page('index.html');
    const css = $('link[rel=stylesheet]').attr('href')!;
    const js = $('script[src]').attr('src')!;
    expect(css).toMatch(/^\/assets\/site\.[0-9a-f]{10}\.css$/);
    expect(js).toMatch(/^\/assets\/site\.[0-9a-f]{10}\.js$/);
    expect(readFileSync(path.join(dist, css), 'utf8')).toBe('body{color:#111;margin:0}@media (min-width:48rem){body{margin:1rem}}');
    expect(existsSync(path.join(dist, 'images/pixel.png'))).toBe(true);
  });

  it('--base-url overrides the site config everywhere', () => {
    const out = path.join(site, 'dist-base');
    expect(buildFixture(site, ['--base-url', 'https://staging.example.org'], out).status).toBe(0);
    expect(load(readFileSync(path.join(out, 'about/index.html'), 'utf8'))('link[rel=canonical]').attr('href')).toBe('https://staging.example.org/about/');
    expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://staging.example.org/services/</loc>');
  });

});

// Pages shared between two render workers, counted per thread (--debug): test/perf/parallel-render.test.ts,
// on the real templates with 160 generated locations, in the builds it compares byte for byte anyway.

describe('bad content', () => {
  /** One good build of the fixture, with --quiet: each case starts from a copy of it, as the output a previous build left. */
  let good: string;
  let quiet: ReturnType<typeof buildFixture>;
  /** The throwing template's build without --debug, for the two tests that read it. */
  let throwing: ReturnType<typeof buildBroken>;
  beforeAll(() => {
    good = makeFixtureSite();
    quiet = buildFixture(good, ['--quiet']);
    expect(quiet.status, quiet.stderr).toBe(0);
    throwing = buildBroken('throwing-template');
  });
  afterAll(() => removeSite(good));

  it('--quiet prints nothing on success', () => {
    expect(quiet.stdout).toBe('');
    expect(quiet.stderr).toBe('');
    expect(readdirSync(path.join(good, 'dist')), 'the quiet build wrote the site').toContain('index.html');
  });

  /** Copies the good output into the broken site's dist/, then builds the broken site into it. */
  function buildBroken(overlay: string) {
    const broken = makeFixtureSite(overlay);
    const dist = path.join(broken, 'dist');
    cpSync(path.join(good, 'dist'), dist, { recursive: true });
    const before = hashTree(dist);
    const result = buildFixture(broken, [], dist);
    return { ...result, untouched: hashTree(dist) === before, broken };
  }

  it('malformed YAML: names the file and line, exits 1, keeps the previous output', () => {
    const result = buildBroken('malformed-yaml');
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe(
      `error: content/locations/west-end.md:4:10: invalid YAML front-matter: bad indentation of a mapping entry`,
    );
    expect(result.stderr).toContain('Build failed; the previous output was left untouched.');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.untouched).toBe(true);
  });

  it('missing field: names the file, the field and what was expected', () => {
    const result = buildBroken('missing-field');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('content/services/office-cleaning.md:2: summary: is required (expected string)');
    expect(result.untouched).toBe(true);
  });

  it('wrong type: names the field, its line and the value received', () => {
    const result = buildBroken('wrong-type');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('content/testimonials/one.md:4: rating: expected number, received string "five stars"');
    expect(result.untouched).toBe(true);
  });

  it('duplicate slug: names both files', () => {
    const result = buildBroken('duplicate-slug');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'error: content/locations/west-end-again.md: /locations/west-end is produced by two files: content/locations/west-end.md and content/locations/west-end-again.md',
    );
    expect(result.untouched).toBe(true);
  });

  it('throwing template: fails naming the route and the error, keeps the previous output', () => {
    const result = throwing;
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(': /about failed to render with template "about": testimonials is undefined');
    expect(result.untouched).toBe(true);
  });

  it('throwing template with --keep-going: writes the error screen, every other page, and still exits 1', () => {
    const site = makeFixtureSite('throwing-template');
    const result = buildFixture(site, ['--keep-going']);
    expect(result.status).toBe(1);
    const dist = path.join(site, 'dist');
    const $ = load(readFileSync(path.join(dist, 'about/index.html'), 'utf8'));
    expect($('h1').text()).toBe('Unexpected Application Error');
    expect($('main p').first().text()).toBe('/about failed to render with template "about": testimonials is undefined');
    expect(load(readFileSync(path.join(dist, 'services/index.html'), 'utf8'))('h1').text()).toBe('Services');
  });

  it('reports every problem of a run together', () => {
    const site = makeFixtureSite('missing-field', 'wrong-type');
    const result = buildFixture(site);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('summary: is required');
    expect(result.stderr).toContain('rating: expected number');
    expect(result.stderr).toContain('2 problems found.');
  });

  it('prints stack traces only with --debug', () => {
    const debug = buildFixture(throwing.broken, ['--debug']);
    expect(debug.status).toBe(1);
    expect(throwing.stderr).not.toContain('at Broken');
    expect(debug.stderr).toContain('at Broken');
  });

  it('an empty file is an error naming the file', () => {
    const site = makeFixtureSite();
    writeFileSync(path.join(site, 'content/faqs/empty.md'), '');
    const result = buildFixture(site);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error: content/faqs/empty.md:1: missing YAML front-matter: the file must start with a line of three dashes (---)');
  });
});

describe('the command line', () => {
  it('--help lists the build options and exits 0', () => {
    const result = runCli(['build', '--help']);
    expect(result.status).toBe(0);
    for (const option of ['--out <dir>', '--content <dir>', '--base-url <url>', '--keep-going', '--jobs <n>']) expect(result.stdout).toContain(option);
  });

  it('no command at all shows the usage on stderr and exits 2, as a usage error; `help` exits 0', () => {
    // Before, it exited 0: a CI step `npx cleansite $COMMAND` with the variable unset passed.
    for (const args of [[], ['--quiet']]) {
      const result = runCli(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^Usage: cleansite /m);
      expect(result.stdout, args.join(' ')).toBe('');
    }
    const help = runCli(['help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: cleansite /m);
  });

  it('--version prints the package version', () => {
    const result = runCli(['--version']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')).version);
  });

  it('usage errors exit 2', () => {
    expect(runCli(['build', '--no-such-option']).status).toBe(2);
    expect(runCli(['build', '--base-url', 'not a url']).status).toBe(2);
    expect(runCli(['frobnicate']).status).toBe(2);
  });

});
