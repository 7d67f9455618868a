// Netlify parity: the preview matches _headers paths with the same regexes as Netlify's own
// parser (@netlify/headers-parser), and under that matching no file of the output gets two
// Cache-Control values, including names Netlify's prefix matching catches (`/assets/*` also
// matches `/assets-register.pdf`).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor } from '../../src/publish/cache-rules.ts';
import { HOST_CONFIG_FILES } from '../../src/publish/content-types.ts';
import { headersForPath, parseHeadersFile, toPattern } from '../../src/publish/parse-headers.ts';
import { writePublishFiles } from '../../src/publish/write-publish-files.ts';
import { listFiles, type BuiltSite } from '../support/site-build.ts';
import { sharedSite } from '../support/shared-site.ts';
import { makeTempDir } from '../support/fixture-site.ts';
import { requestUrls } from '../support/urls.ts';

interface NetlifyRule { for: string; forRegExp: RegExp; values: Record<string, string> }

async function netlifyRules(dir: string): Promise<NetlifyRule[]> {
  const { headers, errors } = await parseAllHeaders({ headersFiles: [path.join(dir, '_headers')], configHeaders: [], minimal: false });
  expect(errors).toEqual([]);
  return headers as NetlifyRule[];
}

/** URLs a file is requested at: a page at its folder URL and by file name. */
const urlsOf = (file: string) => requestUrls(file, { encode: true });

/** Every Cache-Control value Netlify's matching gives each URL of each file, where it is not exactly the file's rule. */
function cacheControlProblems(dir: string, rules: NetlifyRule[]): string[] {
  const problems: string[] = [];
  // `.cleansite*` records (the CLI build's placeholder record for deploy) get no rule, as netlify-headers.ts writes them.
  for (const file of listFiles(dir).filter((name) => !HOST_CONFIG_FILES.includes(name) && !name.startsWith('.cleansite'))) {
    for (const url of urlsOf(file)) {
      const values = rules.filter((rule) => rule.forRegExp.test(url)).flatMap((rule) => Object.entries(rule.values).filter(([name]) => name.toLowerCase() === 'cache-control').map(([, value]) => value));
      if (values.length !== 1 || values[0] !== cacheControlFor(file)) problems.push(`${url}: ${JSON.stringify(values)}`);
    }
  }
  return problems;
}

let site: BuiltSite;
beforeAll(async () => {
  site = await sharedSite();
});
afterAll(async () => {
  await site?.remove();
});

describe('the real build under Netlify\'s own matching', () => {
  it('matches every rule the build writes with the same regex as @netlify/headers-parser', async () => {
    const rules = await netlifyRules(site.dir);
    expect(rules.length).toBeGreaterThan(10);
    for (const rule of rules) {
      const ours = toPattern(rule.for);
      expect({ path: rule.for, source: ours.source, flags: ours.flags }).toEqual({ path: rule.for, source: rule.forRegExp.source, flags: rule.forRegExp.flags });
    }
  });

  it('gives every file exactly one Cache-Control value, the one deploy sets on S3', async () => {
    expect(cacheControlProblems(site.dir, await netlifyRules(site.dir))).toEqual([]);
  });

  it('publishes .well-known/ with a Cache-Control rule of its own', () => {
    expect(readFileSync(path.join(site.dir, '.well-known/security.txt'), 'utf8')).toMatch(/^Contact: /m);
    const rules = parseHeadersFile(readFileSync(path.join(site.dir, '_headers'), 'utf8'));
    expect(headersForPath(rules, '/.well-known/security.txt')['Cache-Control']).toBe(cacheControlFor('.well-known/security.txt'));
  });
});

describe('top-level names that Netlify\'s prefix matching would mix up', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('get one rule per file, so /assets/* never reaches /assets-register.pdf and /services/* never /services-areas/', async () => {
    const dir = makeTempDir('cleansite-parity-');
    dirs.push(dir);
    const files = ['index.html', 'assets/site.0123456789.css', 'assets-register.pdf', 'services/index.html', 'services/office/index.html', 'services-areas/index.html', 'Services.pdf', 'about/index.html'];
    for (const file of files) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), file);
    }
    writePublishFiles(dir);
    const rules = await netlifyRules(dir);
    expect(cacheControlProblems(dir, rules)).toEqual([]);
    // The preview agrees with Netlify on the case that used to differ.
    const ours = parseHeadersFile(readFileSync(path.join(dir, '_headers'), 'utf8'));
    expect(headersForPath(ours, '/assets-register.pdf')['Cache-Control']).toBe(cacheControlFor('assets-register.pdf'));
    expect(headersForPath(ours, '/services-areas/')['Cache-Control']).toBe(cacheControlFor('services-areas/index.html'));
  });

  it('matches a standalone * as Netlify does: as a prefix, whatever the case', () => {
    const rules = parseHeadersFile('/assets/*\n  X-Hit: yes\n');
    expect(headersForPath(rules, '/assets-register.pdf')['X-Hit']).toBe('yes');
    expect(headersForPath(rules, '/ASSETS/site.css')['X-Hit']).toBe('yes');
  });
});
