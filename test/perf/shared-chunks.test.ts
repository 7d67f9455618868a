/**
 * TemplateProps.shared(): markup rendered once per key and spliced into
 * every page that asks for the same key. It must give exactly the output of
 * rendering it on every page, and a key that misses something the markup
 * shows must fail the build rather than copy one page's markup to others.
 * Each case builds the basic fixture's content with a small template set
 * written here.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CleansiteErrorList } from '../../src/core/errors.ts';
import { fixturesDir, makeTempDir } from '../support/fixture-site.ts';
import { listFiles } from '../support/site-build.ts';
import { buildInProcess, differingFiles } from './support/perf-site.ts';
import { linkSiteConfig } from '../support/site-config.ts';

const root = makeTempDir('cleansite-shared-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A template set whose one layout renders `body` (TSX using `props`) for every template name. */
function writeTemplates(name: string, body: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.tsx'), `
function Layout(props: any) {
  return <html lang="en-AU"><head><title>{props.route.seoTitle}</title></head><body>${body}</body></html>;
}
const names = ['home', 'about', 'services', 'how-it-works', 'guide', 'checklist', 'gallery', 'contact', 'faq',
  'cleaning-guide', 'reviews', 'legal', 'info', 'sitemap', 'service', 'location', 'not-found'];
export const templates = Object.fromEntries(names.map((name) => [name, Layout]));
`);
  linkSiteConfig(dir);
  return dir;
}

async function buildWith(templatesDir: string, out: string, shareChunks: boolean) {
  return buildInProcess({ contentDir: path.join(fixturesDir, 'basic-site', 'content'), templatesDir, outDir: path.join(root, out), cache: false, shareChunks });
}

async function buildError(templatesDir: string, out: string): Promise<string> {
  try {
    await buildWith(templatesDir, out, true);
  } catch (error) {
    expect(error).toBeInstanceOf(CleansiteErrorList);
    return (error as CleansiteErrorList).errors.map((item) => item.format()).join('\n');
  }
  throw new Error('the build was expected to fail');
}

describe('shared markup', () => {
  it('gives byte for byte the output of rendering it on every page', async () => {
    const templates = writeTemplates('keyed', `
      {props.shared('nav ' + (props.navigation.header.some((link: any) => link.path === props.route.path) ? props.route.path : ''), () => (
        <nav>{props.navigation.header.map((link: any) => <a key={link.path} href={link.url} aria-current={link.path === props.route.path ? 'page' : undefined}>{link.label}</a>)}</nav>
      ))}
      <main><h1>{props.route.title}</h1></main>
      {props.shared('footer', () => <footer>{props.content.site.name} {props.buildDate}</footer>)}`);
    await buildWith(templates, 'shared', true);
    await buildWith(templates, 'plain', false);
    expect(differingFiles(path.join(root, 'shared'), path.join(root, 'plain'))).toEqual([]);
    const about = readFileSync(path.join(root, 'shared', 'about', 'index.html'), 'utf8');
    expect(about).toContain('aria-current="page"');
    expect(about).toContain('<footer>Fixture Cleaning Co 2026-11-20</footer>');
    expect(listFiles(path.join(root, 'shared')).filter((file) => file.endsWith('.html')).length).toBeGreaterThan(3);
  });

  it('fails the build when the key misses something the markup shows', async () => {
    const templates = writeTemplates('unkeyed', `{props.shared('heading', () => <p>{props.route.title}</p>)}`);
    expect(await buildError(templates, 'unkeyed')).toMatch(/shared markup "heading" renders differently on \/\S* than on \/\S*/);
  });

  it('fails the build when the markup is used as an attribute', async () => {
    const templates = writeTemplates('attribute', `<p title={props.shared('title', () => 'x') as string}>text</p>`);
    expect(await buildError(templates, 'attribute')).toMatch(/shared\("title"\) must be rendered exactly once, as a child element/);
  });
});
