/**
 * Images written in Markdown (`![Alt](/images/a.jpg)`) get what template
 * images get from the image pipeline: a <picture> with the modern formats,
 * a srcset, the intrinsic width and height (no layout shift), and lazy
 * loading, since a body's images sit below the page's hero. The Markdown
 * renderer marks them (MARKDOWN_IMAGE_ATTRIBUTE); they are resolved here,
 * through the page's own `image()`, so the page cache records that the page
 * shows the image and a missing one fails with the page's source file (the
 * content check has already named its line).
 */
import { MARKDOWN_IMAGE_ATTRIBUTE, markdownImagePath } from '../content/markdown-markup.ts';
import type { ResolvedImage } from './page-props.ts';

/** markdown-it's image markup with the mark: src, alt, an optional title, then the mark. */
const MARKED_IMAGE = new RegExp(`<img src="([^"]*)" alt="([^"]*)"(?: title="([^"]*)")? ${MARKDOWN_IMAGE_ATTRIBUTE}="">`, 'g');

/** Body images are shown at most as wide as a text column: about 48rem. */
const SIZES = '(min-width: 48em) 48rem, 100vw';

const attribute = (name: string, value: string) => ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;

/** Decodes the entities markdown-it writes in an attribute, to look the path up. */
const decode = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

export function pictureFor(image: ResolvedImage, alt: string, title: string | undefined): string {
  const sources = image.sources.map((source) => `<source${attribute('type', source.type)}${attribute('srcset', source.srcset)}${attribute('sizes', SIZES)}>`).join('');
  const srcset = image.srcset ? `${attribute('srcset', image.srcset)}${attribute('sizes', SIZES)}` : '';
  // alt and title arrive escaped by markdown-it; they are written back as they came.
  return `<picture>${sources}<img${attribute('src', image.src)}${srcset} width="${image.width}" height="${image.height}" alt="${alt}"${title === undefined ? '' : ` title="${title}"`} loading="lazy" decoding="async"></picture>`;
}

/** The page's HTML with every marked Markdown image made responsive. */
export function responsiveMarkdownImages(html: string, image: (src: string) => ResolvedImage): string {
  if (!html.includes(MARKDOWN_IMAGE_ATTRIBUTE)) return html;
  return html.replace(MARKED_IMAGE, (_, src: string, alt: string, title: string | undefined) => pictureFor(image(markdownImagePath(decode(src))), alt, title));
}
