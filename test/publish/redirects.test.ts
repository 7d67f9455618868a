// content/redirects.md is checked against the route table, written for Netlify in a form
// Netlify's own parser reads back unchanged, merged with a site's public/_redirects (or
// refused), and answered by the preview server.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFixtureSite, makeTempDir } from '../support/fixture-site.ts';
import { defaultCacheDir } from '../../src/commands/command-support.ts';
import { CleansiteError, toErrorList } from '../../src/core/errors.ts';
import { loadRedirects } from '../../src/publish/load-redirects.ts';
import type { RedirectRule } from '../../src/publish/redirect-rules.ts';
import { writePublishFiles } from '../../src/publish/write-publish-files.ts';
import type { Route } from '../../src/routes/route-table.ts';
import { serveSite } from '../support/site-server.ts';
import { createWatchSession } from '../../src/watch/watch-session.ts';

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});
function folder(files: Record<string, string>): string {
  const dir = makeTempDir('cleansite-redirects-');
  temporary.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const routes = ['/', '/contact', '/gallery', '/about'].map((routePath) => ({ path: routePath }) as Route);
const load = (yaml: string) => loadRedirects(folder({ 'redirects.md': `---\n${yaml}\n---\n` }), routes, 'https://www.example.com', '/');
const problems = (yaml: string): string[] => {
  try {
    load(yaml);
  } catch (error) {
    return toErrorList(error).map((item) => item.format());
  }
  return [];
};

describe('content/redirects.md', () => {
  it('reads rules, writing site targets under the trailing-slash policy', () => {
    expect(load('rules:\n  - { from: /quote, to: /contact, status: 301 }\n  - { from: /old-blog, to: "https://blog.example.org/", status: 302 }')).toEqual([
      { from: '/old-blog', to: 'https://blog.example.org/', status: 302, force: true },
      { from: '/quote', to: '/contact/', status: 301, force: true },
    ]);
  });

  it('refuses a source that is a page, a target that is not, a chain or loop, a bad status, with file and line', () => {
    expect(problems('rules:\n  - { from: /about, to: /contact/, status: 301 }')).toEqual([expect.stringMatching(/redirects\.md:3: \/about is a page of the site/)]);
    expect(problems('rules:\n  - { from: /quote, to: /quotes/, status: 301 }')).toEqual([expect.stringContaining('/quote redirects to /quotes/, which is not a page of the site')]);
    expect(problems('rules:\n  - { from: /a, to: /b/, status: 301 }\n  - { from: /b, to: /a/, status: 301 }')).toHaveLength(2);
    expect(problems('rules:\n  - { from: /a, to: "https://www.example.com/a/", status: 301 }')).toEqual([expect.stringContaining('(to itself)')]);
    expect(problems('rules:\n  - { from: /quote, to: /contact/, status: 303 }')[0]).toContain('must be 301, 302, 307 or 308');
    expect(problems('rules:\n  - { from: /Quote/, to: /contact/, status: 301 }')[0]).toContain('must be a site path');
    expect(problems('rules:\n  - { from: /quote, to: /contact/ }\n  - { from: /quote, to: /gallery/ }')[0]).toContain('/quote is redirected twice');
  });

  it('is written to _redirects in a form Netlify\'s own parser reads back as the same rules', async () => {
    const rules: RedirectRule[] = [{ from: '/quote', to: '/contact/', status: 301, force: true }, { from: '/projects', to: '/gallery/', status: 308, force: true }];
    const dir = folder({ 'index.html': 'home', 'contact/index.html': 'contact', 'gallery/index.html': 'gallery' });
    writePublishFiles(dir, { redirects: rules, baseUrl: 'https://www.example.com/' });
    const { redirects, errors } = await parseAllRedirects({ redirectsFiles: [path.join(dir, '_redirects')], configRedirects: [], minimal: true });
    expect(errors).toEqual([]);
    expect((redirects as Array<{ from: string; to: string; status?: number; force: boolean }>).map((rule) => ({ from: rule.from, to: rule.to, status: rule.status, force: rule.force }))).toEqual(rules);
    expect(readFileSync(path.join(dir, 'quote/index.html'), 'utf8')).toContain('url=/contact/');
  });
});

describe('a site\'s own public/_redirects and public/_headers', () => {
  const rules: RedirectRule[] = [{ from: '/quote', to: '/contact/', status: 301, force: true }];

  it('are merged after the generated rules, never dropped', () => {
    const dir = folder({ 'index.html': 'home', _redirects: '/partners https://partners.example.org/ 302\n', _headers: '/files/*\n  X-Robots-Tag: noindex\n' });
    writePublishFiles(dir, { redirects: rules, baseUrl: 'https://www.example.com/' });
    const redirects = readFileSync(path.join(dir, '_redirects'), 'utf8');
    expect(redirects).toMatch(/^\/quote \/contact\/ 301!$/m);
    expect(redirects).toMatch(/^\/partners https:\/\/partners\.example\.org\/ 302$/m);
    expect(readFileSync(path.join(dir, '_headers'), 'utf8')).toMatch(/^\/files\/\*\n {2}X-Robots-Tag: noindex$/m);
  });

  it('are refused with a clear message when they redirect a declared source again or set Cache-Control', () => {
    const clash = folder({ 'index.html': 'home', _redirects: '/quote /somewhere-else/ 301\n' });
    expect(() => writePublishFiles(clash, { redirects: rules, baseUrl: 'https://www.example.com/' })).toThrow('/quote is redirected both here and in content/redirects.md');
    const caching = folder({ 'index.html': 'home', _headers: '/files/*\n  Cache-Control: max-age=60\n' });
    const error = (() => { try { writePublishFiles(caching); } catch (caught) { return caught; } return undefined; })();
    expect(error).toBeInstanceOf(CleansiteError);
    expect((error as CleansiteError).format()).toBe('public/_headers: the rule for /files/* sets Cache-Control, which the build already sets for every file (Netlify would send both values)');
  });
});

describe('the preview server', () => {
  it('answers a redirect source (with or without the slash, keeping the query) before its fallback page', async () => {
    const dir = folder({ 'index.html': 'home', 'contact/index.html': 'contact' });
    writePublishFiles(dir, { redirects: [{ from: '/quote', to: '/contact/', status: 301, force: true }], baseUrl: 'https://www.example.com/' });
    const server = await serveSite(dir);
    try {
      for (const url of ['/quote', '/quote/', '/quote/?ref=flyer']) {
        const response = await fetch(new URL(url, server.origin), { redirect: 'manual' });
        expect([url, response.status, response.headers.get('location')]).toEqual([url, 301, url.includes('?') ? '/contact/?ref=flyer' : '/contact/']);
      }
      expect((await fetch(new URL('/contact/', server.origin))).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('the watch session', () => {
  it('answers the rules of content/redirects.md, picks up an edit at the next rebuild, and keeps the last good rules over a broken save', async () => {
    const site = makeFixtureSite('watch-overlay');
    temporary.push(site);
    const file = path.join(site, 'content', 'redirects.md');
    writeFileSync(file, '---\nrules:\n  - { from: /quote, to: /about/, status: 301 }\n---\n');
    const session = createWatchSession({
      rootDir: site, contentDir: path.join(site, 'content'), templatesDir: path.join(site, 'templates'), publicDir: path.join(site, 'public'),
      outDir: path.join(site, 'out'), cacheDir: defaultCacheDir(), buildDate: '2026-11-20', devScripts: [],
    });
    try {
      expect((await session.rebuild([])).problems).toEqual([]);
      expect(session.redirectFor('/quote')).toEqual({ status: 301, location: '/about/', force: true });
      expect(session.redirectFor('/about/')).toBeUndefined();
      writeFileSync(file, '---\nrules:\n  - { from: /quote, to: /services/, status: 302 }\n---\n');
      expect((await session.rebuild([{ file, event: 'change' }])).problems).toEqual([]);
      expect(session.redirectFor('/quote/')).toEqual({ status: 302, location: '/services/', force: true });
      // A target with no page: reported with the file, and the last good rules stay.
      writeFileSync(file, '---\nrules:\n  - { from: /quote, to: /nowhere/, status: 301 }\n---\n');
      const broken = await session.rebuild([{ file, event: 'change' }]);
      expect(broken.problems.map((problem) => problem.format()).join('\n')).toMatch(/^content\/redirects\.md:\d+: .*\/nowhere/);
      expect(session.redirectFor('/quote/')).toEqual({ status: 302, location: '/services/', force: true });
    } finally {
      await session.close();
    }
  }, 60_000);
});
