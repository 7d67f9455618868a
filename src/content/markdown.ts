/**
 * CommonMark rendering for content bodies. Raw HTML in Markdown is escaped,
 * not passed through (`html: false`), and markdown-it already refuses
 * javascript:, vbscript: and data: link targets.
 */
import MarkdownIt from 'markdown-it';
import { toUrl } from '../routes/urls.ts';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

const renderLinkOpen = markdown.renderer.rules.link_open
  ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));

markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const href = token.attrGet('href') ?? '';
  if (href.startsWith('/') && !href.startsWith('//')) token.attrSet('href', toUrl(href));
  else if (/^https?:\/\//.test(href)) token.attrSet('rel', 'noopener');
  return renderLinkOpen(tokens, index, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** Plain text of a Markdown source, for descriptions and structured data. */
export function markdownToText(source: string): string {
  return htmlToText(markdown.render(source));
}

/** Plain text of HTML that renderMarkdown() made: so a body already rendered is not rendered twice. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
