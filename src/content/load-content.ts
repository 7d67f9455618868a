/**
 * Stage 1, load: split each content file (found by list-content-files.ts,
 * read and decoded by parse-sources.ts) into its entries: a Markdown file's
 * front-matter data and body, or a data file's entries (data-files.ts). The
 * YAML is read by the one loader (yaml-document.ts), which keeps each
 * field's line; nothing is validated here beyond "it parses" and "it stays
 * within the bounds" (front-matter-size.ts). Errors are CleansiteErrors with
 * the file's own line number.
 */
import { CleansiteError } from '../core/errors.ts';
import { shownPath } from '../core/inside-folder.ts';
import { collectionOfPath, type Collections } from './collections.ts';
import { isDataFile, parseDataFile } from './data-files.ts';
import { parseYaml } from './yaml-document.ts';
import type { LineLookup } from './yaml-lines.ts';

export interface SourceFile {
  /** The name of the collection the file belongs to. */
  kind: string;
  /** Path relative to the project root, forward slashes. */
  file: string;
  /** Path relative to the content folder, forward slashes. */
  relative: string;
  data: Record<string, unknown>;
  body: string;
  /** The file line of each field of `data` (paths relative to this entry). */
  lines: LineLookup;
  /** 1-based line in the file where the body starts. */
  bodyLine: number;
  /** A data file (YAML or JSON): no body. */
  dataFile?: boolean;
  /** For an entry of a data file that holds a list: its position in the list (0-based). */
  listIndex?: number;
}

/** A Markdown file's one entry. */
export function parseSourceFile(text: string, relative: string, file: string, collections: Collections): SourceFile {
  return { kind: kindOf(relative, file, collections), relative, ...parseFrontMatter(text, file) };
}

/** A content file's entries: a Markdown file's one, a data file's one or its list. */
export function parseContentFile(text: string, relative: string, file: string, collections: Collections): { kind: string; sources: SourceFile[]; list: boolean } {
  const kind = kindOf(relative, file, collections);
  if (!isDataFile(relative)) return { kind, sources: [{ kind, relative, ...parseFrontMatter(text, file) }], list: false };
  const parsed = parseDataFile(refuseBinary(text, file), file);
  return { kind, sources: parsed.entries.map((entry) => ({ kind, relative, ...entry })), list: parsed.list };
}

function kindOf(relative: string, file: string, collections: Collections): string {
  const kind = collectionOfPath(relative, collections);
  if (!kind) throw new CleansiteError({ code: 'CONTENT_PARSE', message: 'file is not in a known content folder', location: { file } });
  return kind;
}

/** A content file's text split into its checked front-matter data and its body: the one front-matter parser. */
export function parseFrontMatter(text: string, file: string): { file: string; data: Record<string, unknown>; body: string; lines: LineLookup; bodyLine: number } {
  const normalised = refuseBinary(text, file);
  const opening = /^---([^\n]*)(\n|$)/.exec(normalised);
  if (!opening) {
    throw new CleansiteError({
      code: 'CONTENT_PARSE',
      message: 'missing YAML front-matter: the file must start with a line of three dashes (---)',
      location: { file, line: 1 },
    });
  }
  const language = opening[1]!.trim();
  if (language !== '' && language !== 'yaml') {
    const executable = ['js', 'javascript', 'coffee'].includes(language);
    throw new CleansiteError({
      code: 'CONTENT_PARSE',
      message: executable ? `front-matter must be YAML; executable front-matter (---${language}) is not allowed` : `front-matter must be YAML, not ---${language}`,
      hint: 'start the file with a line of three dashes (---) and write its fields in YAML',
      location: { file, line: 1 },
    });
  }
  // The front-matter ends at the next line of three dashes (spaces after them allowed); no such line: it runs to the end.
  const closing = /^---[ \t]*$/m.exec(normalised.slice(opening[0].length));
  const frontMatter = closing ? normalised.slice(opening[0].length, opening[0].length + closing.index) : normalised.slice(opening[0].length);
  const afterClosing = closing ? opening[0].length + closing.index + closing[0].length : normalised.length;
  const body = normalised.slice(afterClosing).replace(/^\n/, '');
  const parsed = parseYaml(frontMatter, { file, firstLine: 2, what: 'YAML front-matter' });
  const data = parsed.value ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new CleansiteError({ code: 'CONTENT_PARSE', message: 'front-matter must be a YAML mapping of field: value', location: { file, line: parsed.lineOf([]) ?? 2 } });
  }
  const bodyLine = normalised.slice(0, normalised.length - body.length).split('\n').length;
  return { file, data: data as Record<string, unknown>, body, lines: parsed, bodyLine };
}

/** The text with a byte-order mark dropped and line ends made \n; a file holding NUL bytes is refused as binary. */
function refuseBinary(text: string, file: string): string {
  if (text.includes('\u0000')) {
    throw new CleansiteError({
      code: 'CONTENT_PARSE',
      message: 'file is binary, not Markdown text',
      hint: 'content files must be UTF-8 Markdown with YAML front-matter, or YAML or JSON data files',
      location: { file },
    });
  }
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

export function toProjectPath(rootDir: string, absolute: string): string {
  return shownPath(absolute, rootDir);
}
