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

/** `about/index.html` -> `/about/`, `index.html` -> `/`, `404.html` -> `/404.html`. */
export function toPageUrl(file: string): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'index.html'.length)}`;
  return `/${file}`;
}

export function readPages(dir: string, htmlFiles: string[]): BuiltPage[] {
  return htmlFiles.map((file) => {
    const html = readFileSync(path.join(dir, file), 'utf8');
    return { file, url: toPageUrl(file), html, $: load(html) };
  });
}
