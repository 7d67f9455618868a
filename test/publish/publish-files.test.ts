// What can be checked of a deploy without a host: every file of the built
// site has a known Content-Type; _headers gives hashed assets the immutable
// rule and everything else (HTML first) revalidation, with no overlapping
// rules; the documented S3 commands upload every file once with the right
// type and caching; the CloudFront function applies the trailing-slash policy.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CleansiteError } from '../../src/core/errors.ts';
import { cacheControlFor, IMMUTABLE, isHashedName, REVALIDATE } from '../../src/publish/cache-rules.ts';
import { hasKnownContentType, HOST_CONFIG_FILES } from '../../src/publish/content-types.ts';
import { headersForPath, parseHeadersFile, type HeaderRule } from '../../src/publish/parse-headers.ts';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../src/publish/security-headers.ts';
import { writePublishFiles } from '../../src/publish/write-publish-files.ts';
import { listFiles, PROJECT_ROOT, type BuiltSite } from '../support/site-build.ts';
import { sharedSite } from '../support/shared-site.ts';
import { makeTempDir } from '../support/fixture-site.ts';
import { requestUrls } from '../support/urls.ts';

let site: BuiltSite;
let files: string[];
let rules: HeaderRule[];

beforeAll(async () => {
  site = await sharedSite();
  // The CLI's build records its placeholders in `.cleansite-placeholders.json` for `deploy`, which never uploads a `.cleansite*` file (src/deploy/local-files.ts).
  files = listFiles(site.dir).filter((file) => !HOST_CONFIG_FILES.includes(file) && !file.startsWith('.cleansite'));
  rules = parseHeadersFile(readFileSync(path.join(site.dir, '_headers'), 'utf8'));
});

afterAll(async () => {
  await site?.remove();
});

/** The URLs a file is requested at: a page both at its folder URL and by its file name. */
const urlsOf = (file: string) => requestUrls(file);

describe('the built output', () => {
  it('has a known Content-Type for every file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => !hasKnownContentType(file))).toEqual([]);
  });

  it('holds only content-hashed files under assets/, each named after its own bytes', () => {
    const assets = files.filter((file) => file.startsWith('assets/'));
    expect(assets.some((file) => file.endsWith('.css'))).toBe(true);
    expect(assets.some((file) => file.endsWith('.avif'))).toBe(true);
    for (const file of assets) {
      expect(isHashedName(file), file).toBe(true);
      const hash = createHash('sha256').update(readFileSync(path.join(site.dir, file))).digest('hex').slice(0, 10);
      expect(file.split('.').at(-2), file).toBe(hash);
    }
  });

  it('writes a _redirects with the rules of content/redirects.md only: no trailing-slash rules (Netlify applies that policy itself)', () => {
    const lines = readFileSync(path.join(site.dir, '_redirects'), 'utf8').split('\n');
    expect(lines.some((line) => line.startsWith('#'))).toBe(true);
    const rules = lines.filter((line) => line.trim() !== '' && !line.startsWith('#')).map((line) => line.split(/\s+/));
    expect(rules.map(([from]) => from)).toContain('/quote');
    for (const [from, to] of rules) expect(`${from}/`, 'a slash rule would loop on Netlify').not.toBe(to);
  });
});

describe('redirect sources', () => {
  it('get a fallback page (meta refresh plus canonical link, noindex) and are listed by neither sitemap', () => {
    const page = readFileSync(path.join(site.dir, 'quote', 'index.html'), 'utf8');
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/contact/"/>');
    expect(page).toContain('<link rel="canonical" href="https://www.example.com/contact/"/>');
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    const sitemapXml = readFileSync(path.join(site.dir, 'sitemap.xml'), 'utf8');
    const humanSitemap = readFileSync(path.join(site.dir, 'sitemap', 'index.html'), 'utf8');
    for (const source of ['/quote', '/get-a-quote', '/projects', '/testimonials']) {
      expect(sitemapXml).not.toContain(`${source}/<`);
      expect(humanSitemap).not.toContain(`href="${source}/"`);
    }
    expect(sitemapXml).toContain('/contact/<');
  });

  it('have fallback pages that pass html-validate with the project\'s configuration', async () => {
    expect(site.redirectPages).toEqual(['get-a-quote/index.html', 'projects/index.html', 'quote/index.html', 'testimonials/index.html']);
    const config = ((await import(pathToFileURL(path.join(PROJECT_ROOT, '.htmlvalidate.mjs')).href)) as { default: ConfigData }).default;
    const validator = new HtmlValidate(config);
    for (const file of site.redirectPages) {
      const report = await validator.validateString(readFileSync(path.join(site.dir, file), 'utf8'), file);
      expect(report.results.flatMap((result) => result.messages.map((message) => `${file}: ${message.ruleId} ${message.message}`))).toEqual([]);
    }
  });
});

describe('dist/_headers', () => {
  it('gives every hashed asset exactly the immutable rule, and every other file exactly revalidation', () => {
    const wrong: string[] = [];
    for (const file of files) {
      for (const url of urlsOf(file)) {
        const cacheControl = headersForPath(rules, url)['Cache-Control'];
        const expected = file.startsWith('assets/') && isHashedName(file) ? IMMUTABLE : REVALIDATE;
        if (cacheControl !== expected || cacheControl !== cacheControlFor(file)) wrong.push(`${url}: ${cacheControl}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(files.filter((file) => file.endsWith('.html')).map((file) => headersForPath(rules, urlsOf(file)[0]!)['Cache-Control'])).not.toContain(IMMUTABLE);
  });

  it('sends every security header, once, on every file and on unknown paths', () => {
    for (const url of [...files.flatMap(urlsOf), '/no-such-page/']) {
      const headers = headersForPath(rules, url);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], `${name} on ${url}`).toBe(value);
    }
    expect(SECURITY_HEADERS['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });
});

describe('reading _headers the way Netlify does', () => {
  const sample = parseHeadersFile('# comment\n/*\n  X-One: a\n/assets/*\n  Cache-Control: long\n/*\n  cache-control: short\n/blog/:slug\n  X-Post: yes\n');

  it('applies every matching rule and joins a repeated header (why the generated rules never overlap)', () => {
    expect(headersForPath(sample, '/assets/site.css')).toEqual({ 'X-One': 'a', 'Cache-Control': 'long, short' });
    expect(headersForPath(sample, '/about/')).toEqual({ 'X-One': 'a', 'cache-control': 'short' });
  });

  it('matches `:placeholder` against one segment, with or without a trailing slash', () => {
    expect(headersForPath(sample, '/blog/first')['X-Post']).toBe('yes');
    expect(headersForPath(sample, '/blog/first/')['X-Post']).toBe('yes');
    expect(headersForPath(sample, '/blog/first/more')['X-Post']).toBeUndefined();
  });

  it('rejects a header line with no path above it', () => {
    expect(() => parseHeadersFile('  X-One: a\n')).toThrow(/line 1/);
  });
});

describe('writing the publish files', () => {
  it('refuses an un-hashed file under assets/, which browsers would cache for a year', () => {
    const dir = makeTempDir('cleansite-publish-');
    try {
      mkdirSync(path.join(dir, 'assets'), { recursive: true });
      writeFileSync(path.join(dir, 'assets', 'site.0123456789.css'), 'a{}');
      writeFileSync(path.join(dir, 'assets', 'logo.png'), 'png');
      const failure = (() => { try { writePublishFiles(dir); } catch (error) { return error; } return undefined; })();
      expect(failure).toBeInstanceOf(CleansiteError);
      expect((failure as CleansiteError).code).toBe('OUTPUT_FAILED');
      expect((failure as CleansiteError).message).toContain('assets/logo.png');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the CloudFront function for the trailing-slash policy', () => {
  type Request = { uri: string; querystring: Record<string, { value: string; multiValue?: Array<{ value: string }> }> };
  const source = readFileSync(path.join(PROJECT_ROOT, 'src/publish/cloudfront-folder-index.js'), 'utf8');
  const handler = vm.runInNewContext(`${source}\nhandler`) as (event: { request: Request }) => Request | { statusCode: number; headers: Record<string, { value: string }> };
  const call = (uri: string, querystring: Request['querystring'] = {}) => JSON.parse(JSON.stringify(handler({ request: { uri, querystring } })));

  it('serves folder URLs from their index.html', () => {
    expect(call('/').uri).toBe('/index.html');
    expect(call('/about/').uri).toBe('/about/index.html');
    expect(call('/locations/noosa/').uri).toBe('/locations/noosa/index.html');
  });

  it('redirects a URL without the slash, keeping the query', () => {
    expect(call('/about')).toMatchObject({ statusCode: 301, headers: { location: { value: '/about/' } } });
    expect(call('/services/office-cleaning', { ref: { value: 'ad' }, tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] } }).headers.location.value)
      .toBe('/services/office-cleaning/?ref=ad&tag=a&tag=b');
  });

  it('leaves file URLs alone', () => {
    for (const uri of ['/assets/site.0123456789.css', '/sitemap.xml', '/404.html', '/images/og.jpg']) expect(call(uri).uri).toBe(uri);
  });
});

describe('netlify.toml', () => {
  it('builds with npm, publishes dist/ and pins an active LTS Node (22 or 24) that .nvmrc agrees with', () => {
    const toml = readFileSync(path.join(PROJECT_ROOT, 'netlify.toml'), 'utf8');
    expect(toml).toMatch(/^\s*command = "npm run build"$/m);
    expect(toml).toMatch(/^\s*publish = "dist"$/m);
    const pinned = /^\s*NODE_VERSION = "(\d+)"$/m.exec(toml)?.[1];
    expect(['22', '24']).toContain(pinned);
    expect(readFileSync(path.join(PROJECT_ROOT, '.nvmrc'), 'utf8').trim()).toBe(pinned);
  });
});
