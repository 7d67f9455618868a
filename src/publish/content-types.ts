/**
 * The Content-Type of every kind of file the site ships, by extension. With
 * `X-Content-Type-Options: nosniff` a wrong type breaks the page (a script
 * served as text/plain is not run), so S3 uploads set these explicitly
 * instead of trusting the uploader's guess, and a test checks that every
 * file in dist/ has one.
 */
import { OUTPUT_MARKER } from '../output/output-marker.ts';

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  pdf: 'application/pdf',
};

/** Host configuration files (read by Netlify) and cleansite's output marker: never served, never uploaded to S3. */
export const HOST_CONFIG_FILES: readonly string[] = ['_headers', '_redirects', OUTPUT_MARKER];

/** The Content-Type for a file name, or undefined when the site does not know how to serve it. */
export function contentTypeFor(file: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : CONTENT_TYPES[extension];
}
