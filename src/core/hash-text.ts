/** The one short hash of the code base: cache keys, fingerprints, page keys, cache file names. */
import { hash } from 'node:crypto';

/** 32 base64url characters of the text's SHA-256. */
export function hashText(text: string): string {
  // The one-shot form: no Hash object per call, half the time for the short texts hashed here.
  return hash('sha256', text, 'base64url').slice(0, 32);
}
