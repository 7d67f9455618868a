/**
 * How a rendered page reaches the output folder: written by the thread that
 * rendered it, or, from a render worker whose main thread has a core to
 * itself, handed back through a buffer shared with the main thread, which
 * writes the files. The handed-back form moves the file system's work (a
 * folder and a file a page: ~10 s of the one render worker's 35-70 s at
 * 100,000 pages) and the UTF-8 encoding (Node 20 encodes a page of 26,000
 * characters in ~80 us; copying its UTF-16 code units takes ~7) off the
 * thread every page waits for, onto a core that was idle, without a copy of
 * any page in the main thread's heap: the worker copies the string's code
 * units into shared memory, and the main thread transcodes them to the
 * file's bytes. Exact either way: the same UTF-8 bytes as writeFileSync
 * makes of the string (a lone surrogate, which the transcoder refuses, is
 * encoded as writeFileSync does, U+FFFD).
 */
import { transcode } from 'node:buffer';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeFileNamed } from '../core/atomic-write.ts';
import type { BatchResult } from './render-batch.ts';

/**
 * Room for one batch's pages, two bytes a character (the render pool's chunks are at most 200
 * pages; the generated locations are ~26,000 characters each, so ~10.5 MB a chunk). A page that
 * does not fit is written by the worker.
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
 * the batch's result (the worker could not: counting them is encoding them). Throws, naming the
 * file, when one cannot be written.
 */
export function writeHandedBack(buffer: SharedArrayBuffer, batch: BatchResult, outDir: string): BatchResult {
  const madeDirs = new Set<string>();
  const sizes = new Map<string, number>();
  let bytes = batch.bytes;
  let offset = 0;
  for (const [outputFile, length] of batch.handedBack ?? []) {
    const text = Buffer.from(buffer, offset, length * 2);
    offset += length * 2;
    const contents = utf8Of(text);
    writePageFile(outDir, outputFile, contents, madeDirs);
    sizes.set(outputFile, contents.length);
    bytes += contents.length;
  }
  const rendered = batch.rendered?.map((page) => ({ ...page, bytes: sizes.get(page.outputFile) ?? page.bytes }));
  return { pages: batch.pages, bytes, failures: batch.failures, ...(rendered ? { rendered } : {}) };
}

/** UTF-16LE code units as the UTF-8 bytes writeFileSync makes of the same string. */
function utf8Of(text: Buffer): Buffer {
  try {
    return transcode(text, 'utf16le', 'utf8');
  } catch {
    // ICU refuses a lone surrogate; V8's encoder (writeFileSync's) writes U+FFFD for it.
    return Buffer.from(text.toString('utf16le'));
  }
}
