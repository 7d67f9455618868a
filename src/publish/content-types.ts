/**
 * The Content-Type of every file the site ships: one answer for the S3
 * deploy, the preview and watch servers. Types come from the `mime`
 * package (maintained, every extension in any case); the site adds only its
 * own rules on top: text formats are declared UTF-8 (the build writes
 * nothing else), and a few types are pinned to the value browsers and
 * CDNs know best. With `X-Content-Type-Options: nosniff` a wrong type breaks
 * the page, so unknown extensions get application/octet-stream, never a guess.
 */
import mime from 'mime';
import { OUTPUT_MARKER } from '../output/output-marker.ts';

/** Pinned where mime's registered type is not what browsers expect (`image/vnd.microsoft.icon`). */
const PINNED: Readonly<Record<string, string>> = {
  ico: 'image/x-icon',
  js: 'text/javascript',
  mjs: 'text/javascript',
};

/** Non-`text/*` types that are text and get `charset=utf-8` too. */
const TEXT_TYPES = new Set(['application/json', 'application/manifest+json', 'application/xml', 'application/ld+json', 'application/rss+xml', 'application/atom+xml']);

export const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

/** Host configuration files (read by Netlify) and cleansite's output marker: never served, never uploaded to S3. */
export const HOST_CONFIG_FILES: readonly string[] = ['_headers', '_redirects', OUTPUT_MARKER];

/** The Content-Type a file (any path or name) is served and uploaded with. */
export function contentTypeFor(file: string): string {
  const extension = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase();
  if (extension === undefined) return FALLBACK_CONTENT_TYPE;
  const type = PINNED[extension] ?? mime.getType(extension) ?? FALLBACK_CONTENT_TYPE;
  return type.startsWith('text/') || TEXT_TYPES.has(type) ? `${type}; charset=utf-8` : type;
}

/** Whether the site knows the type of this file (false: it would be sent as octet-stream). */
export function hasKnownContentType(file: string): boolean {
  return contentTypeFor(file) !== FALLBACK_CONTENT_TYPE;
}
