/**
 * Maps a validation issue's field path (e.g. ['features', 3]) to the line in
 * the source file where that field is written, by walking the front-matter
 * text by indentation. Good enough for the block-style YAML content uses;
 * when it cannot tell, it answers with the line of the nearest parent.
 */
export function findFieldLine(frontMatter: string, fieldPath: ReadonlyArray<PropertyKey>): number | undefined {
  const lines = frontMatter.split('\n');
  let start = 0;
  let end = lines.length;
  let indent = -1;
  let found: number | undefined;
  for (const key of fieldPath) {
    const index = typeof key === 'number'
      ? findListItem(lines, start, end, indent, key)
      : findKey(lines, start, end, indent, String(key));
    if (index === undefined) break;
    found = index;
    indent = indentOf(lines[index]!);
    start = index + (typeof key === 'number' ? 0 : 1);
    end = blockEnd(lines, index, indent);
    if (typeof key === 'number') indent = indent + 1;
  }
  // +2: the opening --- is line 1, the first front-matter line is line 2.
  return found === undefined ? undefined : found + 2;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function findKey(lines: string[], start: number, end: number, parentIndent: number, key: string): number | undefined {
  const pattern = new RegExp(`^\\s*(- )?["']?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*:`);
  for (let i = start; i < end; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || indentOf(line) <= parentIndent) continue;
    if (pattern.test(line)) return i;
  }
  return undefined;
}

function findListItem(lines: string[], start: number, end: number, parentIndent: number, position: number): number | undefined {
  let seen = -1;
  let itemIndent: number | undefined;
  for (let i = start; i < end; i++) {
    const line = lines[i]!;
    if (!/^\s*- /.test(line) && line.trim() !== '-') continue;
    const indent = indentOf(line);
    if (indent < parentIndent) continue;
    itemIndent ??= indent;
    if (indent !== itemIndent) continue;
    seen++;
    if (seen === position) return i;
  }
  return undefined;
}

function blockEnd(lines: string[], index: number, indent: number): number {
  for (let i = index + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() !== '' && indentOf(line) <= indent && !(/^\s*- /.test(line) && indentOf(line) === indent && !/^\s*- /.test(lines[index]!))) return i;
  }
  return lines.length;
}
