/**
 * Markup injection: payloads that try to break out of text, attributes,
 * <title>, <script type="application/ld+json"> and Markdown, and a scanner
 * that proves none of them became markup in the built pages. Every payload
 * carries the word "fuzz", so anything it manages to create is recognisable.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import type { z } from 'zod';
import { collections as contentKinds } from '../../support/site-config.ts';
import { collectionOfPath } from '../../../src/content/collections.ts';
import { collections } from '../../support/site-config.ts';

/** For front-matter text: closes every raw-text element and both quote styles, then opens markup. */
export const TEXT_PAYLOADS = [
  `</script><script>fuzzScript()</script>`,
  `"><img src=x fuzzattr onerror=fuzz()>`,
  `' fuzzattr='1' onmouseover='fuzz()`,
  `</title></style></textarea></noscript><fuzz-tag>`,
  `<!--fuzz--><![CDATA[fuzz]]></SCRIPT ><svg onload=fuzz()>`,
  `\u2028fuzz\u2029 "double" 'single' & &amp; <\/script> {{fuzz}} \${fuzz}`,
] as const;

/** For Markdown bodies: raw HTML and a script link, which the Markdown renderer must escape or refuse. */
export const MARKDOWN_PAYLOAD = [
  '',
  '<script>fuzzScript()</script>',
  '',
  '<img src=x fuzzattr onerror=fuzz()> "quoted" \'single\' </p><fuzz-tag>',
  '',
  '[fuzz link](javascript:fuzz()) and [fuzz data](data:text/html;base64,PHNjcmlwdD5mdXp6KCk8L3NjcmlwdD4=)',
  '',
  '<div fuzzattr onclick="fuzz()">fuzz</div>',
  '',
].join('\n');

export type FieldPath = Array<string | number>;

interface Injection {
  data: Record<string, unknown>;
  body: string;
  /** Dotted paths of the fields that now carry a payload. */
  fields: string[];
}

function getAt(data: unknown, fieldPath: FieldPath): unknown {
  return fieldPath.reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], data);
}

function setAt(data: unknown, fieldPath: FieldPath, value: unknown): void {
  const parent = getAt(data, fieldPath.slice(0, -1)) as Record<string | number, unknown>;
  parent[fieldPath[fieldPath.length - 1]!] = value;
}

/** Paths of every string value in a front-matter object, depth first. */
export function stringPaths(value: unknown, at: FieldPath = []): FieldPath[] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...at, index]));
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  return [];
}

/**
 * Puts a payload into every string field of a file that its schema lets take
 * one (appended, prepended, or cut to fit a length limit), and into the
 * Markdown body where the kind has one. Fields the schema pins down (paths,
 * e-mails, enums, slugs' patterns) keep their value: they cannot carry markup.
 */
export function injectPayloads(relative: string, data: Record<string, unknown>, body: string, payloadIndex: number, skip: ReadonlySet<string> = new Set()): Injection {
  const kind = collectionOfPath(relative, collections);
  if (!kind) throw new Error(`${relative} is not a content file`);
  const schema = contentKinds[kind]!.schema as z.ZodType;
  const injected = structuredClone(data);
  const fields: string[] = [];
  stringPaths(injected).forEach((fieldPath, index) => {
    const name = fieldPath.join('.');
    if (skip.has(name)) return;
    const original = getAt(injected, fieldPath) as string;
    const payload = TEXT_PAYLOADS[(payloadIndex + index) % TEXT_PAYLOADS.length]!;
    const candidates = [`${original} ${payload}`, `${payload} ${original}`, payload, `${payload} ${original}`.slice(0, Math.max(original.length, payload.length))];
    for (const candidate of candidates) {
      setAt(injected, fieldPath, candidate);
      if (schema.safeParse(injected).success) {
        fields.push(name);
        return;
      }
    }
    setAt(injected, fieldPath, original);
  });
  const hasBody = contentKinds[kind]!.body !== 'none';
  return { data: injected, body: hasBody ? `${body.trimEnd()}\n${MARKDOWN_PAYLOAD}` : body, fields };
}

export interface InjectionScan {
  /** Markup the payloads created: each names the file and what was found. */
  problems: string[];
  /** Pages where a payload's text is visible (escaped), proving the payloads reached the output. */
  pagesShowingPayload: number;
}

const ALLOWED_SCRIPT_TYPES = new Set(['application/ld+json']);

/** What the scan found on one page. */
export interface PageScan {
  problems: string[];
  showsPayload: boolean;
}

/**
 * Scans every built HTML page for anything a payload could have created. `seen` (optional) keeps
 * each page's result by its name and bytes, so a page a later build left byte-identical is not
 * parsed again: the same bytes give the same result.
 */
export function scanForInjectedMarkup(dir: string, htmlFiles: string[], seen?: Map<string, PageScan>): InjectionScan {
  const problems: string[] = [];
  let pagesShowingPayload = 0;
  for (const file of htmlFiles) {
    const html = readFileSync(path.join(dir, file), 'utf8');
    const key = `${file}\0${createHash('sha256').update(html).digest('base64')}`;
    const scan = seen?.get(key) ?? scanPage(file, html);
    seen?.set(key, scan);
    problems.push(...scan.problems);
    if (scan.showsPayload) pagesShowingPayload++;
  }
  return { problems, pagesShowingPayload };
}

function scanPage(file: string, html: string): PageScan {
  const problems: string[] = [];
  const $ = load(html);
  const report = (what: string) => problems.push(`${file}: ${what}`);
  $('fuzz-tag').each(() => { report('a <fuzz-tag> element was created'); });
  $('*').each((_, element) => {
    if (!('attribs' in element)) return;
    const { attribs, tagName } = element;
    for (const name of Object.keys(attribs)) {
      if (name.includes('fuzz')) report(`<${tagName}> got a "${name}" attribute`);
      if (/^on/i.test(name)) report(`<${tagName}> has an event-handler attribute "${name}"`);
    }
    for (const name of ['href', 'src', 'action', 'formaction', 'xlink:href']) {
      const value = (attribs[name] ?? '').replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (value.startsWith('javascript:') || value.startsWith('data:text/html')) report(`<${tagName} ${name}="${attribs[name]}"> runs script`);
    }
  });
  $('script').each((_, element) => {
    const type = ($(element).attr('type') ?? '').trim().toLowerCase();
    const src = $(element).attr('src');
    if (src !== undefined) {
      if (!src.startsWith('/assets/') || src.includes('fuzz')) report(`<script src="${src}"> is not the site's own script`);
      return;
    }
    if (!ALLOWED_SCRIPT_TYPES.has(type)) {
      report(`an inline <script${type ? ` type="${type}"` : ''}> appeared: ${JSON.stringify($(element).text().slice(0, 80))}`);
      return;
    }
    const text = $(element).text();
    if (/<\/script/i.test(text)) report('a JSON-LD block contains a raw "</script"');
    if (/<!--/.test(text)) report('a JSON-LD block contains a raw "<!--"');
    try {
      JSON.parse(text);
    } catch (error) {
      report(`a JSON-LD block is not valid JSON: ${(error as Error).message}`);
    }
  });
  // A comment the payload opened would hide the rest of the page.
  if (/<!--\s*fuzz/i.test(html)) report('a payload opened an HTML comment');
  const showsPayload = /fuzz/i.test($.root().text()) || $('[content*="fuzz"], [alt*="fuzz"], [title*="fuzz"], [aria-label*="fuzz"]').length > 0;
  return { problems, showsPayload };
}
