/**
 * Where each field of a parsed YAML document is written: the parser keeps
 * every node's offsets, so a field path from a validation issue (say
 * ['features', 3] or ['image', 'alt']) maps to its exact line, whatever the
 * style (block, flow, JSON, comments, blank lines).
 */
import { isMap, isScalar, isSeq, type Document, type Node } from 'yaml';

export interface LineLookup {
  /**
   * The file line where the field at `path` is written: a mapping field's key, a list item's
   * first line; the nearest written parent's line when the field itself is not written (a
   * missing field, a default, a value merged in with `<<`); `[]` is the document's first value.
   */
  lineOf(path: ReadonlyArray<PropertyKey>): number | undefined;
  /** The file line where the value's own text starts (the line after `field: |`), when the field is written. */
  valueLineOf(path: ReadonlyArray<PropertyKey>): number | undefined;
}

export function createLineLookup(doc: Document, lineOfOffset: (offset: number) => number): LineLookup {
  const lineOfNode = (node: Node | null | undefined) => (node?.range ? lineOfOffset(node.range[0]) : undefined);
  /** The deepest written node on `path`, its line, and whether the whole path was found. */
  const walk = (path: ReadonlyArray<PropertyKey>) => {
    let node = doc.contents as Node | null;
    let line = lineOfNode(node);
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
        if (!pair) return { node: undefined, line, found: false };
        line = lineOfNode(pair.key as Node) ?? line;
        node = pair.value as Node | null;
      } else if (isSeq(node) && typeof key === 'number' && key < node.items.length) {
        node = node.items[key] as Node | null;
        line = lineOfNode(node) ?? line;
      } else {
        return { node: undefined, line, found: false };
      }
    }
    return { node, line, found: true };
  };
  return {
    lineOf: (path) => walk(path).line,
    valueLineOf(path) {
      const { node, found } = walk(path);
      const line = found ? lineOfNode(node) : undefined;
      if (line === undefined) return undefined;
      // A block scalar's node starts at its `|` or `>` header; its text starts on the next line.
      return isScalar(node) && (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') ? line + 1 : line;
    },
  };
}
