/**
 * The file line of a field, for code that holds only the file's text (a
 * check made after the entries were built, such as a front-matter image
 * that is missing from public/): the text is parsed again by the one YAML
 * loader, which keeps every node's line. Only error paths call this.
 */
import { isDataFile } from './data-files.ts';
import { parseYaml } from './yaml-document.ts';

/** The line of `fieldPath` in a front-matter text (whose first line is the file's line 2); the nearest parent's line when the field is not written. */
export function findFieldLine(frontMatter: string, fieldPath: ReadonlyArray<PropertyKey>): number | undefined {
  try {
    const lines = parseYaml(frontMatter, { file: '', firstLine: 2, what: 'YAML front-matter' });
    return fieldPath.length > 0 && !hasKey(lines.value, fieldPath[0]) ? undefined : lines.lineOf(fieldPath);
  } catch {
    return undefined;
  }
}

/**
 * The line of `fieldPath` in a content file's whole text: Markdown with front-matter, or a data
 * file. In a data file that holds a list, the field of the first entry whose value there is `value`.
 */
export function fieldLineInFile(text: string, file: string, fieldPath: ReadonlyArray<PropertyKey>, value?: unknown): number | undefined {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (isDataFile(file)) {
    try {
      const parsed = parseYaml(normalised, { file, firstLine: 1, what: file.endsWith('.json') ? 'JSON' : 'YAML' });
      if (!Array.isArray(parsed.value)) return parsed.lineOf(fieldPath);
      const index = parsed.value.findIndex((entry) => valueAt(entry, fieldPath) === value);
      return parsed.lineOf(index === -1 ? [] : [index, ...fieldPath]);
    } catch {
      return undefined;
    }
  }
  const end = normalised.search(/\n---[ \t]*(\n|$)/);
  return findFieldLine(normalised.slice(normalised.indexOf('\n') + 1, end === -1 ? undefined : end + 1), fieldPath);
}

function valueAt(data: unknown, fieldPath: ReadonlyArray<PropertyKey>): unknown {
  let value = data;
  for (const key of fieldPath) value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function hasKey(value: unknown, key: PropertyKey | undefined): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, String(key));
}
