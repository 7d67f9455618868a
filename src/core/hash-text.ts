/** The one short hash of the code base: cache keys, fingerprints, page keys, cache file names. */
import { createHash, hash } from 'node:crypto';

/** 32 base64url characters of the text's SHA-256. */
export function hashText(text: string): string {
  // The one-shot form: no Hash object per call, half the time for the short texts hashed here.
  return hash('sha256', text, 'base64url').slice(0, 32);
}

/**
 * hashText of the parts joined, without the joined text: a unit that covers a whole route
 * table (100,000 routes: a 100 MB JSON string) is hashed as it is serialised, route by route.
 */
export function hashParts(parts: Iterable<string>): string {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part);
  return digest.digest('base64url').slice(0, 32);
}
