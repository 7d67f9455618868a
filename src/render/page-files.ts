/**
 * How a rendered page reaches the output folder: written by the thread that
 * rendered it, or, from a render worker whose main thread has a core to
 * itself, handed back through a buffer shared with the main thread, which
 * writes the files. The handed-back form moves the file system's work (a
 * folder and a file a page: ~10 s of the one render worker's 35-70 s at
 * 100,000 pages) off the thread every page waits for, onto a core that was
 * idle, without a copy of any page in the main thread's heap: the bytes go
 * straight from the worker's string into shared memory and from there to
 * the file. Exact either way: the same UTF-8 bytes as writeFileSync makes.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeFileNamed } from '../core/atomic-write.ts';

/**
 * Room for one batch's pages (the render pool's chunks are at most 200 pages; the generated
 * locations are ~26 KB each, so ~5 MB a chunk). A page that does not fit is written by the worker.
 */
export const HAND_BACK_BYTES = 8 * 2 ** 20;

/** A page put in a hand-back buffer: its output file (relative to the output folder) and its size in bytes, in buffer order. */
export type HandedBackPage = [outputFile: string, bytes: number];

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
  /** Puts the page's UTF-8 bytes in the buffer; returns their count, or undefined when they do not fit (the caller writes the page itself). */
  put(outputFile: string, html: string): number | undefined;
  /** The pages put so far, in order. */
  readonly pages: HandedBackPage[];
}

/** A worker's side: pages packed one after another into `buffer`, from its start. */
export function packPages(buffer: SharedArrayBuffer): HandBack {
  const bytes = Buffer.from(buffer);
  const pages: HandedBackPage[] = [];
  let used = 0;
  return {
    pages,
    put(outputFile, html) {
      const room = bytes.length - used;
      // A UTF-16 code unit is at most 3 bytes of UTF-8: counting the bytes first is needed only near the end.
      if (html.length * 3 > room && Buffer.byteLength(html) > room) return undefined;
      const size = bytes.write(html, used);
      used += size;
      pages.push([outputFile, size]);
      return size;
    },
  };
}

/** The main thread's side: writes the pages a worker put in `buffer`. Throws, naming the file, when one cannot be written. */
export function writeHandedBack(buffer: SharedArrayBuffer, pages: readonly HandedBackPage[], outDir: string): void {
  const bytes = new Uint8Array(buffer);
  const madeDirs = new Set<string>();
  let offset = 0;
  for (const [outputFile, size] of pages) {
    writePageFile(outDir, outputFile, bytes.subarray(offset, offset + size), madeDirs);
    offset += size;
  }
}
