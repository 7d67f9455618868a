/**
 * The bare render loop the benchmark compares cleansite with: the same
 * stack and the same templates with no framework around them. globby finds
 * the content, gray-matter splits it, markdown-it renders each body once,
 * renderToStaticMarkup renders each route, `sitemap` writes sitemap.xml,
 * and every file is written synchronously, one after the other, in one
 * thread. No validation, no caches, no workers, no atomic swap, no CSS or
 * script build. It reuses cleansite's pure route-table, navigation, URL and
 * Markdown-configuration modules so it makes the same pages.
 *
 * bench/run.mjs bundles this file with esbuild (React and the templates
 * included) and runs it as:
 *   node bare-loop.mjs <content> <public> <cacheDir> <out> <cssUrl> <jsUrl> <buildDate>
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { globbySync } from 'globby';
import matter from 'gray-matter';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SitemapStream, streamToPromise } from 'sitemap';
// @ts-expect-error resolved by bench/run.mjs to the templates being measured
import { templates } from 'bench-templates';
import { runImageStage } from '../src/assets/resolve-images.ts';
import { renderMarkdown } from '../src/content/markdown.ts';
import type { SiteContent } from '../templates/site.config.ts';
import type { SiteData, TemplateProps } from '../src/render/page-props.ts';
import { createTemplateProps } from '../src/render/template-props.ts';
import { publishedContent } from '../src/routes/publish-entries.ts';
import type { Content } from '../src/content/entry-types.ts';
import { slugify, toAbsoluteUrl } from '../src/core/urls.ts';
import { siteNavigation, siteRoutes } from '../test/support/site-config.ts';

const [contentDir, publicDir, cacheDir, outDir, cssUrl, jsUrl, buildDate] = process.argv.slice(2) as [string, string, string, string, string, string, string];

const KINDS: Record<string, keyof SiteContent> = {
  pages: 'pages', services: 'services', locations: 'locations', guides: 'guides', testimonials: 'testimonials', faqs: 'faqs',
  gallery: 'gallery', stats: 'stats', 'service-cards': 'serviceCards', 'sitemap-groups': 'sitemapGroups',
};
/** The schema defaults cleansite's zod schemas apply, written out. */
const DEFAULTS: Partial<Record<keyof SiteContent, Record<string, unknown>>> = {
  services: { sitemapGroup: 'cleaning-services', order: 100 },
  locations: { featured: false, order: 100 },
  faqs: { showOnHome: false, order: 100 },
  gallery: { featured: false, order: 100 },
};

const htmlToText = (html: string) => html.replace(/<[^>]+>/g, ' ')
  .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  .replace(/\s+/g, ' ').trim();

type Entry = Record<string, unknown> & { stem: string; order?: number; file: string };
const lists = Object.fromEntries(Object.values(KINDS).map((kind) => [kind, [] as Entry[]])) as Record<string, Entry[]>;
let siteEntry: Entry | undefined;

for (const relative of globbySync('**/*.md', { cwd: contentDir })) {
  const parsed = matter(readFileSync(path.join(contentDir, relative), 'utf8'));
  const kind = relative === 'site.md' ? 'site' : KINDS[relative.split('/')[0]!];
  if (!kind) continue;
  const body = parsed.content.trim();
  const html = body ? renderMarkdown(body) : '';
  const stem = relative.replace(/^.*\//, '').replace(/\.md$/, '');
  const entry: Entry = { order: 100, ...DEFAULTS[kind as keyof SiteContent], ...parsed.data, file: `content/${relative}`, stem, html, text: htmlToText(html) };
  if (Array.isArray(entry.sections)) {
    entry.sections = (entry.sections as Array<Record<string, unknown>>).map((section) => ({
      ...section,
      id: section.id ?? slugify(String(section.title)).replace(/[^a-z0-9-]/g, ''),
      html: typeof section.body === 'string' ? renderMarkdown(section.body) : '',
    }));
  }
  if (kind === 'pages') entry.path = `/${relative.replace(/^pages\//, '').replace(/\.md$/, '').replace(/(^|\/)index$/, '')}`;
  if (kind === 'services' || kind === 'guides') entry.slug = stem;
  if (kind === 'locations') entry.slug = slugify(String(entry.name));
  if (kind === 'site') siteEntry = entry;
  else lists[kind]!.push(entry);
}
for (const list of Object.values(lists)) {
  list.sort((a, b) => (a.order! - b.order!) || (a.stem < b.stem ? -1 : a.stem > b.stem ? 1 : 0) || (a.file < b.file ? -1 : 1));
}
// Drafts and guides scheduled after the build date are left out before routing, as cleansite does.
const content = publishedContent({ site: siteEntry, ...lists } as unknown as Content, { buildDate, drafts: false }).content as unknown as SiteContent;
const table = siteRoutes(content);
const { images } = await runImageStage({ publicDir, cacheDir });
const site: SiteData = {
  content,
  routes: table.routes,
  navigation: siteNavigation(content, table),
  images,
  assets: { css: cssUrl, js: jsUrl, devScripts: [] },
  buildDate,
  baseUrl: content.site.baseUrl,
  siteName: content.site.name,
  lang: 'en-AU',
};

const made = new Set<string>();
const set = templates as Record<string, ComponentType<TemplateProps>>;
for (const route of table.routes) {
  // A page is React markup; a feed's template returns its text (route.format is its extension).
  const template = set[route.template]!;
  const props = createTemplateProps(route, site);
  const html = route.format === 'html' ? `<!DOCTYPE html>${renderToStaticMarkup(createElement(template, props))}` : String((template as unknown as (props: TemplateProps) => unknown)(props));
  const target = path.join(outDir, route.outputFile);
  const folder = path.dirname(target);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  writeFileSync(target, html);
}

const stream = new SitemapStream({ hostname: site.baseUrl, lastmodDateOnly: true, xmlns: { news: false, xhtml: false, image: false, video: false } });
for (const route of table.routes) if (route.listed) stream.write({ url: toAbsoluteUrl(site.baseUrl, route.path), lastmod: route.lastmod });
stream.end();
writeFileSync(path.join(outDir, 'sitemap.xml'), (await streamToPromise(stream)).toString('utf8'));
process.stdout.write(`${table.routes.length}\n`);
