// What can be checked of a deploy without a host: every file of the built
// site has a known Content-Type; _headers gives hashed assets the immutable
// rule and everything else (HTML first) revalidation, with no overlapping
// rules; the documented S3 commands upload every file once with the right
// type and caching; the CloudFront function applies the trailing-slash policy.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CleansiteError } from '../../src/core/errors.ts';
import { cacheControlFor, IMMUTABLE, isHashedName, REVALIDATE } from '../../src/publish/cache-rules.ts';
import { CONTENT_TYPES, contentTypeFor, HOST_CONFIG_FILES } from '../../src/publish/content-types.ts';
import { headersForPath, parseHeadersFile, type HeaderRule } from '../../src/publish/parse-headers.ts';
import { renderS3PublishScript } from '../../src/publish/s3-publish-script.ts';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../src/publish/security-headers.ts';
import { writePublishFiles } from '../../src/publish/write-publish-files.ts';
import { buildSite, listFiles, PROJECT_ROOT, type BuiltSite } from '../support/site-build.ts';

let site: BuiltSite;
let files: string[];
let rules: HeaderRule[];

beforeAll(async () => {
  site = await buildSite();
  files = listFiles(site.dir).filter((file) => !HOST_CONFIG_FILES.includes(file));
  rules = parseHeadersFile(readFileSync(path.join(site.dir, '_headers'), 'utf8'));
});

afterAll(async () => {
  await site?.remove();
});

/** The URLs a file is requested at: a page both at its folder URL and by its file name. */
function urlsOf(file: string): string[] {
  if (file === 'index.html') return ['/', '/index.html'];
  if (file.endsWith('/index.html')) return [`/${file.slice(0, -'index.html'.length)}`, `/${file}`];
  return [`/${file}`];
}

describe('the built output', () => {
  it('has a known Content-Type for every file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => contentTypeFor(file) === undefined)).toEqual([]);
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

  it('writes a _redirects with no rules: Netlify applies the trailing-slash policy itself', () => {
    const lines = readFileSync(path.join(site.dir, '_redirects'), 'utf8').split('\n');
    expect(lines.some((line) => line.startsWith('#'))).toBe(true);
    expect(lines.filter((line) => line.trim() !== '' && !line.startsWith('#'))).toEqual([]);
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
    const dir = mkdtempSync(path.join(tmpdir(), 'cleansite-publish-'));
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

describe('the documented S3 publish commands', () => {
  interface SyncCall { source: string; filters: Array<['include' | 'exclude', string]>; contentType: string; cacheControl: string; destination: string }

  /** aws-cli filter semantics: patterns match the path relative to the source folder; `*` crosses folders; the last match wins. */
  function isSelected(relative: string, filters: SyncCall['filters']): boolean {
    let selected = true;
    for (const [kind, pattern] of filters) {
      const regex = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      if (regex.test(relative)) selected = kind === 'include';
    }
    return selected;
  }

  function runScriptWithStubAws(): SyncCall[] {
    const stub = mkdtempSync(path.join(tmpdir(), 'cleansite-aws-'));
    try {
      const log = path.join(stub, 'calls.log');
      // A shell stub (a node one costs ~0.3 s per call): arguments separated by \x1f, calls by \x1e.
      writeFileSync(path.join(stub, 'aws'), `#!/bin/sh\nfor arg in "$@"; do printf '%s\\037' "$arg"; done >> '${log}'\nprintf '\\036' >> '${log}'\n`);
      chmodSync(path.join(stub, 'aws'), 0o755);
      execFileSync('bash', ['-c', renderS3PublishScript()], {
        cwd: path.dirname(site.dir),
        env: { ...process.env, PATH: `${stub}:${process.env.PATH}`, BUCKET: 'test-bucket' },
      });
      return readFileSync(log, 'utf8').split('\x1e').filter(Boolean).map((line) => {
        const args = line.split('\x1f').slice(0, -1);
        expect(args.slice(0, 2)).toEqual(['s3', 'sync']);
        const value = (flag: string) => args[args.indexOf(flag) + 1]!;
        const filters = args.flatMap((arg, index) => arg === '--include' || arg === '--exclude' ? [[arg.slice(2), args[index + 1]!] as ['include' | 'exclude', string]] : []);
        return { source: args[2]!, destination: args[3]!, filters, contentType: value('--content-type'), cacheControl: value('--cache-control') };
      });
    } finally {
      rmSync(stub, { recursive: true, force: true });
    }
  }

  it('upload every file exactly once, with its Content-Type and Cache-Control, and never the Netlify files', () => {
    const calls = runScriptWithStubAws();
    // Two passes, one sync per known file type each.
    expect(calls).toHaveLength(2 * Object.keys(CONTENT_TYPES).length);
    const distName = path.basename(site.dir);
    const problems: string[] = [];
    for (const file of listFiles(site.dir)) {
      const uploads = calls.filter((call) => {
        const sourceDir = path.posix.relative(distName, call.source);
        const inside = sourceDir === '' || file.startsWith(`${sourceDir}/`);
        return inside && isSelected(sourceDir === '' ? file : file.slice(sourceDir.length + 1), call.filters);
      });
      if (HOST_CONFIG_FILES.includes(file)) {
        if (uploads.length > 0) problems.push(`${file}: uploaded`);
        continue;
      }
      if (uploads.length !== 1) {
        problems.push(`${file}: uploaded ${uploads.length} times`);
        continue;
      }
      const [upload] = uploads as [SyncCall];
      if (upload.contentType !== contentTypeFor(file)) problems.push(`${file}: Content-Type ${upload.contentType}`);
      if (upload.cacheControl !== cacheControlFor(file)) problems.push(`${file}: Cache-Control ${upload.cacheControl}`);
      const key = `${upload.destination.replace(/\/$/, '')}/${path.posix.relative(path.posix.relative(distName, upload.source) || '.', file)}`;
      if (key !== `s3://test-bucket/${file}`) problems.push(`${file}: uploaded to ${key}`);
    }
    expect(problems).toEqual([]);
  });

  it('are the ones the README documents, with the 404 page as the error document', () => {
    const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(renderS3PublishScript());
    expect(readme).toContain('aws s3 website "s3://$BUCKET" --index-document index.html --error-document 404.html');
    expect(readme).toContain(CONTENT_SECURITY_POLICY);
    for (const value of Object.values(SECURITY_HEADERS)) expect(readme).toContain(value);
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
  it('builds with npm, publishes dist/ and pins Node 20', () => {
    const toml = readFileSync(path.join(PROJECT_ROOT, 'netlify.toml'), 'utf8');
    expect(toml).toMatch(/^\s*command = "npm run build"$/m);
    expect(toml).toMatch(/^\s*publish = "dist"$/m);
    expect(toml).toMatch(/^\s*NODE_VERSION = "20"$/m);
  });
});
