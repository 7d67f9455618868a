/**
 * CommonMark rendering for content bodies. Raw HTML in Markdown is escaped,
 * not passed through (`html: false`), and markdown-it already refuses
 * javascript:, vbscript: and data: link targets. Rendering also reports
 * what the build checks afterwards: each site-path link and image with its
 * line, and nesting deep enough that markdown-it would drop the rest.
 */
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { toUrl } from '../core/urls.ts';
import { htmlToText, MARKDOWN_IMAGE_ATTRIBUTE } from './markdown-markup.ts';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

/**
 * Deepest nesting a body may have, in markdown-it's levels (a blockquote
 * adds one, a list and its item one each). markdown-it stops parsing at 100
 * and silently drops what is deeper; below that, nothing is lost.
 */
export const MAX_MARKDOWN_NESTING = 50;

const renderLinkOpen = markdown.renderer.rules.link_open
  ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));

markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const href = token.attrGet('href') ?? '';
  if (href.startsWith('/') && !href.startsWith('//')) token.attrSet('href', toUrl(href));
  else if (/^https?:\/\//.test(href)) token.attrSet('rel', 'noopener');
  return renderLinkOpen(tokens, index, options, env, self);
};

const renderImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  if (sitePathOf(token) !== undefined) token.attrSet(MARKDOWN_IMAGE_ATTRIBUTE, '');
  return renderImage(tokens, index, options, env, self);
};

/** A link or image to a site path (`/contact`, `/images/a.jpg`), at a 0-based line of the Markdown source. */
export interface BodyReference {
  target: string;
  line: number;
  image: boolean;
}

export interface RenderedBody {
  html: string;
  references: BodyReference[];
  /** 0-based line where the nesting passes MAX_MARKDOWN_NESTING, if it does. */
  tooDeep?: number;
}

/** Renders a body and lists its site-path links and images; one parse, as renderMarkdown() does. */
export function renderBody(source: string): RenderedBody {
  const env = {};
  const tokens = markdown.parse(source, env);
  const references: BodyReference[] = [];
  let tooDeep: number | undefined;
  let lines: string[] | undefined;
  for (const token of tokens) {
    if (token.level >= MAX_MARKDOWN_NESTING && tooDeep === undefined) tooDeep = token.map?.[0] ?? 0;
    if (token.type !== 'inline' || !token.children) continue;
    for (const child of token.children) {
      if (child.level >= MAX_MARKDOWN_NESTING && tooDeep === undefined) tooDeep = token.map?.[0] ?? 0;
      const target = sitePathOf(child);
      if (target === undefined) continue;
      lines ??= source.split('\n');
      references.push({ target, line: lineOf(target, token, lines), image: child.type === 'image' });
    }
  }
  const html = markdown.renderer.render(tokens, markdown.options, env);
  return tooDeep === undefined ? { html, references } : { html, references, tooDeep };
}

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** Plain text of a Markdown source, for descriptions and structured data. */
export function markdownToText(source: string): string {
  return htmlToText(markdown.render(source));
}

function sitePathOf(token: Token): string | undefined {
  const target = token.type === 'link_open' ? token.attrGet('href') : token.type === 'image' ? token.attrGet('src') : null;
  return target && target.startsWith('/') && !target.startsWith('//') ? target : undefined;
}

/** Inline tokens carry no line: the line of their paragraph that holds the target as written, else its first. */
function lineOf(target: string, inline: Token, lines: string[]): number {
  const [first = 0, end = first + 1] = inline.map ?? [];
  const written = [target, safeDecode(target)];
  for (let line = first; line < end; line++) {
    if (written.some((text) => lines[line]?.includes(text))) return line;
  }
  return first;
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
