/**
 * Which files may be cached for a year: only content-hashed files under
 * /assets/ (their name changes whenever their bytes do). Everything else,
 * HTML first, is revalidated on every request so a deploy shows at once.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** The folder (relative to the output) that holds content-hashed files only. */
export const HASHED_DIR = 'assets';

/** `site.3f2a9c1b0d.css`, `hero-800.0a1b2c3d4e.avif`: the 10 hex digits hashed-name.ts writes. */
const HASHED_NAME = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

export function isHashedName(file: string): boolean {
  return HASHED_NAME.test(file);
}

/** The Cache-Control a file (relative path, forward slashes) must be served with. */
export function cacheControlFor(file: string): string {
  return file.startsWith(`${HASHED_DIR}/`) ? IMMUTABLE : REVALIDATE;
}
