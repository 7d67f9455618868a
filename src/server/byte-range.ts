/**
 * The Range header of a GET, read as RFC 9110 section 14 reads it. A header
 * the server cannot use is ignored (the whole file is sent, which section
 * 14.2 allows) rather than answered with an error: a malformed spec, a unit
 * other than bytes, or several ranges (multipart/byteranges is not worth
 * supporting for a preview server). Only a well-formed single range that
 * starts past the end is unsatisfiable (416).
 */

export type ByteRange =
  /** Send the whole file with 200. */
  | { kind: 'whole' }
  /** Send bytes start..end (inclusive) with 206. */
  | { kind: 'partial'; start: number; end: number }
  /** Answer 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

const WHOLE: ByteRange = { kind: 'whole' };
/** `first-last`, `first-` or `-suffix`; digits only, no sign, no spaces inside. */
const RANGE_SPEC = /^(\d*)-(\d*)$/;

export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return WHOLE;
  const equals = header.indexOf('=');
  if (equals === -1 || header.slice(0, equals).trim().toLowerCase() !== 'bytes') return WHOLE;
  const specs = header.slice(equals + 1).split(',').map((spec) => spec.trim()).filter((spec) => spec !== '');
  if (specs.length !== 1) return WHOLE;
  const match = RANGE_SPEC.exec(specs[0]!);
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return WHOLE;

  if (first === '') {
    // A suffix: the last N bytes, or the whole file when it is shorter than N.
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    // A zero-length file has no byte to put in a Content-Range, so it is sent whole (and empty).
    if (size === 0) return WHOLE;
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  // `50-10` is an invalid range-spec (14.1.1), not an unsatisfiable one: ignore it.
  if (end < start) return WHOLE;
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/**
 * If-Range makes a range conditional on the file being unchanged. Our ETags
 * are weak, and a weak tag never matches in If-Range (13.1.5), so only an
 * exact Last-Modified date can keep the range.
 */
export function ifRangeAllows(ifRange: string | undefined, lastModified: string): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return false;
  return value === lastModified;
}
