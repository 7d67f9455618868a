/**
 * Content files as text: UTF-8, strictly. Node's decoder turns a byte that
 * is not UTF-8 into U+FFFD without a word, so a file saved as Latin-1 or
 * Windows-1252 would publish "Caf�" instead of failing; every path that reads
 * a content file (build, its render workers, watch) decodes it here.
 */
import { isUtf8 } from 'node:buffer';
import { CleansiteError } from '../core/errors.ts';

/** The file's text; throws a CleansiteError naming the line of the first byte that is not UTF-8. */
export function decodeSourceText(bytes: Buffer, file: string): string {
  if (!isUtf8(bytes)) {
    const offset = firstInvalidByte(bytes);
    let line = 1;
    for (let index = bytes.indexOf(0x0a); index !== -1 && index < offset; index = bytes.indexOf(0x0a, index + 1)) line++;
    throw new CleansiteError({
      code: 'CONTENT_PARSE',
      message: `not valid UTF-8 text (byte 0x${bytes[offset]!.toString(16).padStart(2, '0')} at offset ${offset})`,
      hint: 'save the file as UTF-8 in your editor (it was probably saved as Latin-1 or Windows-1252)',
      location: { file, line },
    });
  }
  return bytes.toString('utf8');
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629). */
export function firstInvalidByte(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0 || index + length > bytes.length) return index;
    // The second byte's range is narrower after E0, ED, F0 and F4 (no overlongs, surrogates or values past U+10FFFF).
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    if (bytes[index + 1]! < low || bytes[index + 1]! > high) return index;
    for (let next = 2; next < length; next++) if ((bytes[index + next]! & 0xc0) !== 0x80) return index;
    index += length;
  }
  return bytes.length;
}
