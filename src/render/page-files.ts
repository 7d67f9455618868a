/**
 * How a rendered page reaches the output folder: written by the thread that
 * rendered it, or, from a render worker whose main thread has a core to
 * itself, handed back through a buffer shared with the main thread, which
 * writes the files. The handed-back form moves the file system's work (a
 * folder and a file a page: ~10 s of the one render worker's 35-70 s at
 * 100,000 pages) and the UTF-8 encoding (Node 20 encodes a page of 26,000
 * characters in ~80 us; copying its UTF-16 code units takes ~7) off the
 * thread every page waits for, onto a core that was idle: the worker copies
 * the string's code units into shared memory, and the main thread makes the
 * string again, one page at a time, and encodes and writes it. Exact either
 * way: the same UTF-8 bytes as writeFileSync makes of the string.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeFileNamed } from '../core/atomic-write.ts';
import type { BatchResult } from './render-batch.ts';

/**
 * Room for one batch's pages, two bytes a character (the render pool's chunks are at most 50
 * pages; the generated locations are ~26,000 characters each, so ~2.6 MB a chunk, and a site's
 * listing pages are larger). A page that does not fit is written by the worker; only the pages of
 * the buffer that were written to are resident.
 */
export const HAND_BACK_BYTES = 16 * 2 ** 20;

/** A page put in a hand-back buffer: its output file (relative to the output folder) and its length in UTF-16 code units, in buffer order. */
export type HandedBackPage = [outputFile: string, length: number];

/** Writes one page under `outDir`; `madeDirs` remembers the folders this batch already made. Errors name the file. */
export function writePageFile(outDir: string, outputFile: string, contents: string | Uint8Array, madeDirs: Set<string>): void {
  const target = path.join(outDir, outputFile);
  const folder = path.dirname(target);
  if (!madeDirs.has(folder)) {
    mkdirSync(folder, { recursive: true });
    madeDirs.add(folder);
  }
  // Synchronous writes measured faster than thousands of concurrent async writes here.
  writeFileNamed(target, contents);
}

export interface HandBack {
  /** Puts the page's text in the buffer; false when it does not fit (the caller writes the page itself). */
  put(outputFile: string, html: string): boolean;
  /** The pages put so far, in order. */
  readonly pages: HandedBackPage[];
}

/** A worker's side: pages' UTF-16 code units packed one after another into `buffer`, from its start. */
export function packPages(buffer: SharedArrayBuffer): HandBack {
  const bytes = Buffer.from(buffer);
  const pages: HandedBackPage[] = [];
  let used = 0;
  return {
    pages,
    put(outputFile, html) {
      const size = html.length * 2;
      if (size > bytes.length - used) return false;
      bytes.write(html, used, 'utf16le');
      used += size;
      pages.push([outputFile, html.length]);
      return true;
    },
  };
}

/**
 * The main thread's side: writes the pages a worker put in `buffer` and counts their bytes into
 * the batch's result (the worker could not: counting them is encoding them). Each page's text is
 * encoded into one scratch buffer, used again for the next: `buffer.transcode()` is faster, but
 * makes a new buffer a page, memory outside V8's heap that V8 frees only when it collects (at
 * 100,000 pages that version peaked at 892-911 MB, main at 827-837; this one was not shown lower:
 * docs/performance.md, History, `render-2w`). Throws, naming the file, when one cannot be written.
 */
export function writeHandedBack(buffer: SharedArrayBuffer, batch: BatchResult, outDir: string): BatchResult {
  const pages = batch.handedBack ?? [];
  // A UTF-16 code unit is at most 3 bytes of UTF-8.
  const scratch = Buffer.allocUnsafe(3 * pages.reduce((longest, [, length]) => Math.max(longest, length), 0));
  const madeDirs = new Set<string>();
  const sizes = new Map<string, number>();
  let bytes = batch.bytes;
  let offset = 0;
  for (const [outputFile, length] of pages) {
    // V8's encoder, writeFileSync's: a lone surrogate becomes U+FFFD there as here.
    const size = scratch.write(Buffer.from(buffer, offset, length * 2).toString('utf16le'));
    offset += length * 2;
    writePageFile(outDir, outputFile, scratch.subarray(0, size), madeDirs);
    sizes.set(outputFile, size);
    bytes += size;
  }
  const rendered = batch.rendered?.map((page) => ({ ...page, bytes: sizes.get(page.outputFile) ?? page.bytes }));
  return { pages: batch.pages, bytes, failures: batch.failures, ...(rendered ? { rendered } : {}) };
}
