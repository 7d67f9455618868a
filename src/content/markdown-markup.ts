/**
 * What the Markdown renderer's HTML holds that other code reads, without the
 * renderer: a render worker turns bodies into plain text and resolves marked
 * images, and never loads markdown-it (content/markdown.ts) for that.
 */
/**
 * An image to a site path is marked, so the render stage can give it the image pipeline's
 * variants and size (src/render/markdown-images.ts): the resolved images are known only there.
 */
export const MARKDOWN_IMAGE_ATTRIBUTE = 'data-cleansite-image';

/**
 * The public/ file a Markdown image names, as the image stage keys it: markdown-it writes the
 * target percent-encoded (`Team Photo, café.jpg` as `Team%20Photo,%20caf%C3%A9.jpg`), and the
 * link check finds the file by decoding it so; without query or fragment.
 */
export function markdownImagePath(target: string): string {
  const pathname = target.replace(/[?#].*$/, '');
  try {
    return decodeURIComponent(pathname);
  } catch {
    // Not valid percent-encoding: the link check has reported it as missing.
    return pathname;
  }
}

/** Plain text of HTML that renderMarkdown() made: so a body already rendered is not rendered twice. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
