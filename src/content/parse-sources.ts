/**
 * Stages 1-2 for a batch of files: read each one (unless it was read
 * already), fingerprint, parse and validate it. Runs the same way in the
 * main thread and in a render worker that parses a share of the files (see
 * cache/content-cache.ts), so which thread parsed a file never changes its
 * entry or its errors.
 */
import { readFileSync } from 'node:fs';
import { hashText } from '../core/hash-text.ts';
import { CleansiteError } from '../core/errors.ts';
import type { Collections } from './collections.ts';
import { parseContentFile } from './load-content.ts';
import { decodeSourceText } from './source-text.ts';
import type { ValidatedEntry } from './assemble-content.ts';
import { validateSource } from './validate-content.ts';
import type { Entry } from './entry-types.ts';

/** A content file to parse: read and fingerprinted already, or only found. */
export interface ContentSource {
  /** Path relative to the content folder, forward slashes. */
  relative: string;
  /** Path relative to the project root, forward slashes. */
  file: string;
  absolute: string;
  /** Its text and fingerprint, when the caller read it (to look it up in the cache). */
  read?: { text: string; fingerprint: string };
}

export interface ParsedSources {
  /** Each source's fingerprint, in the order given; undefined for a file that could not be read. */
  fingerprints: Array<string | undefined>;
  /** Files that could not be read, in the order given. */
  readErrors: CleansiteError[];
  /** Valid files, in the order given. */
  items: Array<{ fingerprint: string; item: ValidatedEntry }>;
  /** Files that did not parse (broken YAML, no front-matter...), in the order given. */
  parseErrors: CleansiteError[];
  /** Problems of files that parsed but did not validate, in the order given. */
  validationErrors: CleansiteError[];
}

export function parseSources(sources: readonly ContentSource[], collections: Collections): ParsedSources {
  const parsed: ParsedSources = { fingerprints: [], readErrors: [], items: [], parseErrors: [], validationErrors: [] };
  for (const source of sources) {
    const read = source.read ?? readSource(source, parsed.readErrors);
    parsed.fingerprints.push(read?.fingerprint);
    if (!read) continue;
    try {
      const { kind, sources: files, list } = parseContentFile(read.text, source.relative, source.file, collections);
      const before = parsed.validationErrors.length;
      const entries = files.map((file) => validateSource(file, parsed.validationErrors, collections));
      // A list file is one item: its entries are valid together or its problems reported.
      if (list && parsed.validationErrors.length === before) parsed.items.push({ fingerprint: read.fingerprint, item: { kind, file: source.file, list: entries as Entry[] } });
      else if (!list && entries[0]) parsed.items.push({ fingerprint: read.fingerprint, item: { kind, entry: entries[0] } });
    } catch (error) {
      if (!(error instanceof CleansiteError)) throw error;
      parsed.parseErrors.push(error);
    }
  }
  return parsed;
}

/**
 * A content file's identity: its paths and its bytes. It names an entry in the content cache,
 * tells a worker which entries it holds, and is an entry's value in page keys.
 */
export function fingerprintSource(file: string, relative: string, text: string): string {
  return hashText(`${file}\n${relative}\n${text}`);
}

/** Reads a content file (synchronously: for thousands of small files that beats thousands of pending promises). */
export function readSource(source: ContentSource, errors: CleansiteError[]): { text: string; fingerprint: string } | undefined {
  try {
    const text = decodeSourceText(readFileSync(source.absolute), source.file);
    return { text, fingerprint: fingerprintSource(source.file, source.relative, text) };
  } catch (error) {
    if (error instanceof CleansiteError) errors.push(error);
    else errors.push(new CleansiteError({ code: 'CONTENT_PARSE', message: `cannot read file: ${(error as Error).message}`, location: { file: source.file }, cause: error }));
    return undefined;
  }
}
