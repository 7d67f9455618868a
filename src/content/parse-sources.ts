/**
 * Stages 1-2 for a batch of files already read: parse each one and validate
 * it. Runs the same way in the main thread and in a render worker that
 * parses a share of the files (see cache/content-cache.ts), so which thread
 * parsed a file never changes its entry or its errors.
 */
import { CleansiteError } from '../core/errors.ts';
import { parseSourceFile } from './load-content.ts';
import { validateSource, type ValidatedEntry } from './validate-content.ts';

/** A content file read and fingerprinted (by its path and bytes), not yet parsed. */
export interface ContentSource {
  /** Path relative to the content folder, forward slashes. */
  relative: string;
  /** Path relative to the project root, forward slashes. */
  file: string;
  text: string;
  fingerprint: string;
}

export interface ParsedSources {
  /** Valid files, in the order given. */
  items: Array<{ fingerprint: string; item: ValidatedEntry }>;
  /** Files that did not parse (broken YAML, no front-matter...), in the order given. */
  parseErrors: CleansiteError[];
  /** Problems of files that parsed but did not validate, in the order given. */
  validationErrors: CleansiteError[];
}

export function parseSources(sources: readonly ContentSource[]): ParsedSources {
  const parsed: ParsedSources = { items: [], parseErrors: [], validationErrors: [] };
  for (const source of sources) {
    try {
      const file = parseSourceFile(source.text, source.relative, source.file);
      const entry = validateSource(file, parsed.validationErrors);
      if (entry) parsed.items.push({ fingerprint: source.fingerprint, item: { kind: file.kind, entry } });
    } catch (error) {
      if (!(error instanceof CleansiteError)) throw error;
      parsed.parseErrors.push(error);
    }
  }
  return parsed;
}
