/** The Range header read as RFC 9110 section 14 reads it (src/server/byte-range.ts). */
import { describe, expect, it } from 'vitest';
import { ifRangeAllows, parseByteRange } from '../../src/server/byte-range.ts';

const SIZE = 100;

describe('parseByteRange', () => {
  it('reads a closed range, clamping its end to the file', () => {
    expect(parseByteRange('bytes=0-9', SIZE)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseByteRange('bytes=90-200', SIZE)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseByteRange('bytes=5-5', SIZE)).toEqual({ kind: 'partial', start: 5, end: 5 });
    expect(parseByteRange('BYTES = 1-2', SIZE)).toEqual({ kind: 'partial', start: 1, end: 2 });
    expect(parseByteRange('bytes=0-99999999999999999999999', SIZE)).toEqual({ kind: 'partial', start: 0, end: 99 });
  });

  it('reads an open range to the end of the file', () => {
    expect(parseByteRange('bytes=50-', SIZE)).toEqual({ kind: 'partial', start: 50, end: 99 });
    expect(parseByteRange('bytes=0-', SIZE)).toEqual({ kind: 'partial', start: 0, end: 99 });
  });

  it('gives a suffix range the last N bytes (the bug: bytes=-10 gave the first 11)', () => {
    expect(parseByteRange('bytes=-10', SIZE)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseByteRange('bytes=-1', SIZE)).toEqual({ kind: 'partial', start: 99, end: 99 });
    // Longer than the file: the whole file, still as a range.
    expect(parseByteRange('bytes=-500', SIZE)).toEqual({ kind: 'partial', start: 0, end: 99 });
  });

  it('calls a range that starts past the end, or an empty suffix, unsatisfiable', () => {
    expect(parseByteRange('bytes=100-', SIZE)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=100-200', SIZE)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-0', SIZE)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange(`bytes=${'9'.repeat(400)}-`, SIZE)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores (whole file) an invalid, malformed, foreign-unit or multi-range header (the bug: bytes=50-10 crashed the server)', () => {
    for (const header of ['bytes=50-10', 'bytes=', 'bytes=-', 'bytes=a-b', 'bytes=1-2-3', 'bytes=+1-2', 'bytes=-1-2', 'bytes=1.5-2', 'bytes=0x10-',
      'items=0-1', 'bytes', '=0-1', '', 'bytes=0-1,5-6', 'bytes=0-1, bytes=2-3', 'bytes=,', 'bytes=0 -1', 'bytes=\u0660-1']) {
      expect(parseByteRange(header, SIZE), header).toEqual({ kind: 'whole' });
    }
    expect(parseByteRange(undefined, SIZE)).toEqual({ kind: 'whole' });
    // A suffix of an empty file has no bytes to name in a Content-Range.
    expect(parseByteRange('bytes=-5', 0)).toEqual({ kind: 'whole' });
  });
});

describe('ifRangeAllows', () => {
  const lastModified = 'Tue, 01 Dec 2026 10:00:00 GMT';
  it('keeps the range only without If-Range or with the exact Last-Modified date', () => {
    expect(ifRangeAllows(undefined, lastModified)).toBe(true);
    expect(ifRangeAllows(lastModified, lastModified)).toBe(true);
    expect(ifRangeAllows('Tue, 01 Dec 2026 09:59:59 GMT', lastModified)).toBe(false);
    // Weak tags never match in If-Range, and ours are weak.
    expect(ifRangeAllows('W/"100-1"', lastModified)).toBe(false);
    expect(ifRangeAllows('"100-1"', lastModified)).toBe(false);
  });
});
