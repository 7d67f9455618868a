/**
 * Data files: a collection's entries written as YAML (`.yaml`, `.yml`) or
 * JSON (`.json`) instead of Markdown with front-matter. A file holds one
 * entry (a mapping) or a list of them; each entry is checked by the
 * collection's schema as a Markdown entry's front-matter is, and every
 * problem names the file and the line the field is written on. JSON must
 * be JSON (no comments, no trailing commas), and is read by the same YAML
 * loader afterwards, for its lines and its bounds.
 */
import { CleansiteError } from '../core/errors.ts';
import { parseYaml } from './yaml-document.ts';
import type { LineLookup } from './yaml-lines.ts';

/** The file extensions of data files. */
export const DATA_EXTENSIONS = ['.yaml', '.yml', '.json'] as const;

export function isDataFile(relative: string): boolean {
  return DATA_EXTENSIONS.some((extension) => relative.endsWith(extension));
}

export interface DataEntry {
  file: string;
  data: Record<string, unknown>;
  body: string;
  lines: LineLookup;
  bodyLine: number;
  dataFile: true;
  listIndex?: number;
}

/** A data file's entries: its one mapping, or each mapping of its list (`list: true`, possibly empty). */
export function parseDataFile(text: string, file: string): { entries: DataEntry[]; list: boolean } {
  const json = file.endsWith('.json');
  if (json) checkJsonSyntax(text, file);
  const parsed = parseYaml(text, { file, firstLine: 1, what: json ? 'JSON' : 'YAML' });
  const entry = (data: unknown, listIndex?: number): DataEntry => {
    const lines: LineLookup = listIndex === undefined ? parsed : {
      lineOf: (path) => parsed.lineOf([listIndex, ...path]),
      valueLineOf: (path) => parsed.valueLineOf([listIndex, ...path]),
    };
    if (!isMapping(data)) throw notAnEntry(file, lines.lineOf([]) ?? 1, listIndex);
    return { file, data, body: '', lines, bodyLine: 1, dataFile: true, listIndex };
  };
  if (Array.isArray(parsed.value)) return { entries: parsed.value.map((item, index) => entry(item, index)), list: true };
  return { entries: [entry(parsed.value)], list: false };
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function notAnEntry(file: string, line: number, listIndex: number | undefined): CleansiteError {
  return new CleansiteError({
    code: 'CONTENT_PARSE',
    message: listIndex === undefined
      ? 'a data file must hold one entry (a mapping of field: value) or a list of them'
      : `item ${listIndex + 1} of the list is not an entry (a mapping of field: value)`,
    hint: 'write each entry as field: value lines (YAML) or an object (JSON)',
    location: { file, line },
  });
}

/** JSON.parse's verdict, with its position made a line and column. */
function checkJsonSyntax(text: string, file: string): void {
  try {
    JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const offset = Number(/at position (\d+)/.exec(message)?.[1] ?? Number.NaN);
    const before = Number.isFinite(offset) ? text.slice(0, offset) : undefined;
    throw new CleansiteError({
      code: 'CONTENT_PARSE',
      message: `invalid JSON: ${message.replace(/ in JSON at position \d+.*$/, '').replace(/^Unexpected end of JSON input$/, 'the file ends before the JSON does')}`,
      hint: 'JSON has no comments or trailing commas, and quotes every key and string with double quotes',
      location: { file, line: before === undefined ? 1 : before.split('\n').length, column: before === undefined ? undefined : before.length - before.lastIndexOf('\n') },
      cause: error,
    });
  }
}
