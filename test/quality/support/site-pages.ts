/** The built site's HTML pages, read and parsed once per test file. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load, type CheerioAPI } from 'cheerio';

export interface BuiltPage {
  /** File under the output folder, e.g. `about/index.html`. */
  file: string;
  /** URL path the page is served at, e.g. `/about/`. */
  url: string;
  html: string;
  $: CheerioAPI;
}

/** `about/index.html` -> `/about/` (test/support/urls.ts; the old name stays for its importers). */
export { pageUrl as toPageUrl } from '../../support/urls.ts';
import { pageUrl as toPageUrl } from '../../support/urls.ts';

export function readPages(dir: string, htmlFiles: string[]): BuiltPage[] {
  return htmlFiles.map((file) => {
    const html = readFileSync(path.join(dir, file), 'utf8');
    return { file, url: toPageUrl(file), html, $: load(html) };
  });
}

/** The routes a browser gate visits: every route, and one page per template (pages of one template differ only in text). */
export interface GateRoutes {
  /** Every built page's URL, sorted. */
  all: string[];
  /** The first page (by URL) of each template, named by the `template-*` class the layout puts on <body>. */
  perTemplate: string[];
  /** Template name -> every URL rendered with it. */
  byTemplate: Map<string, string[]>;
}

export function gateRoutes(dir: string, htmlFiles: string[]): GateRoutes {
  const byTemplate = new Map<string, string[]>();
  for (const page of readPages(dir, htmlFiles)) {
    const template = /(?:^|\s)template-([\w-]+)/.exec(page.$('body').attr('class') ?? '')?.[1];
    if (!template) throw new Error(`${page.file}: <body> has no template-* class, so the gates cannot tell which template rendered it`);
    byTemplate.set(template, [...byTemplate.get(template) ?? [], page.url]);
  }
  const all = htmlFiles.map(toPageUrl);
  return { all, perTemplate: [...byTemplate.values()].map((urls) => urls[0]!), byTemplate };
}

/** The status every built page is served with (test/support/urls.ts). */
export { expectedStatus } from '../../support/urls.ts';
