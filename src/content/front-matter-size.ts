/**
 * Bounds on what a YAML text (front-matter or a data file) parses to,
 * checked on the parsed document before any value is made. YAML aliases
 * (`*name`) repeat what an anchor (`&name`) holds: the parser shares one
 * value between them, but every later step (validation, copies, templates
 * that join keywords) pays for each repeat, so a 1 MB string aliased 1,000
 * times in a 1 MB file becomes a gigabyte of work and a crash far from the
 * file. The document is measured with each alias counted as the copy it
 * becomes (each anchor measured once, so "billion laughs" costs no more than
 * its own text to refuse). Nesting is bounded too: the parser recurses, and
 * no content needs more than a handful of levels.
 */
import { isAlias, isMap, isScalar, isSeq, type Document, type Node } from 'yaml';
import { CleansiteError } from '../core/errors.ts';
import type { LineLookup } from './yaml-lines.ts';

/** How much more than its own text a front-matter may expand to (characters, aliases counted as copies). */
export const MAX_FRONT_MATTER_EXPANSION = 1_000_000;
/** Lists and mappings inside each other, at most. */
export const MAX_YAML_NESTING = 100;
/** The `yaml` package's own bound on alias use (uses times the aliases inside the anchor), behind the expansion bound. */
export const MAX_ALIAS_COUNT = 100_000;

/** Throws a CleansiteError naming the first top-level field at which the data passes the bound. */
export function checkExpansion(doc: Document, text: string, file: string, lines: LineLookup, noun: 'front-matter' | 'file'): void {
  // Only an alias repeats anything, and every alias is written with a `*`: without one, the data is no larger than the text.
  if (!text.includes('*')) return;
  const limit = text.length + MAX_FRONT_MATTER_EXPANSION;
  const sizeOf = createMeasure(doc);
  const root = doc.contents as Node | null;
  const parts: Array<[PropertyKey, number]> = isMap(root)
    ? root.items.map((pair) => [isScalar(pair.key) ? String(pair.key.value) : '?', String(isScalar(pair.key) ? pair.key.value : '').length + 1 + sizeOf(pair.value as Node | null)] as [PropertyKey, number])
    : isSeq(root) ? root.items.map((item, index) => [index, 1 + sizeOf(item as Node | null)] as [PropertyKey, number]) : [];
  let size = 0;
  for (const [key, part] of parts) {
    size += part;
    if (size <= limit) continue;
    throw new CleansiteError({
      code: 'CONTENT_PARSE',
      message: `${typeof key === 'number' ? `item ${key + 1}` : String(key)}: the ${noun} expands to more than ${MAX_FRONT_MATTER_EXPANSION.toLocaleString('en')} characters beyond its own text (YAML aliases such as *name each repeat a whole value)`,
      hint: 'write the values out instead of repeating large anchors, or shorten them',
      location: { file, line: lines.lineOf([key]) },
    });
  }
}

/**
 * Each node's size as plain data (strings by length, anything else 1, keys by length plus one),
 * aliases as their anchor's. Computed children first, in document order, without recursion: an
 * anchor's node is complete before any alias of it, so chains of aliases cost one step each.
 */
function createMeasure(doc: Document): (node: Node | null) => number {
  const sizes = new Map<Node, number>();
  const anchors = new Map<string, Node>();
  const keySize = (key: unknown) => String(isScalar(key) ? key.value : '').length + 1;
  const sizeOf = (node: Node | null) => (node ? sizes.get(node) ?? 1 : 1);
  const stack: Array<{ node: Node; open: boolean }> = doc.contents ? [{ node: doc.contents as Node, open: false }] : [];
  while (stack.length > 0) {
    const top = stack.pop()!;
    const { node } = top;
    if (!top.open && (isMap(node) || isSeq(node))) {
      if (node.anchor) anchors.set(node.anchor, node);
      stack.push({ node, open: true });
      const children = (isMap(node) ? node.items.map((pair) => pair.value) : node.items) as Array<Node | null>;
      for (let index = children.length - 1; index >= 0; index--) if (children[index]) stack.push({ node: children[index]!, open: false });
      continue;
    }
    let size = 1;
    if (isAlias(node)) size = sizeOf(anchors.get(node.source) ?? null);
    else if (isScalar(node)) {
      if (node.anchor) anchors.set(node.anchor, node);
      size = typeof node.value === 'string' ? node.value.length : 1;
    } else if (isSeq(node)) size = 1 + node.items.reduce<number>((sum, item) => sum + 1 + sizeOf(item as Node | null), 0);
    else if (isMap(node)) size = node.items.reduce<number>((sum, pair) => sum + keySize(pair.key) + sizeOf(pair.value as Node | null), 0);
    sizes.set(node, size);
  }
  return sizeOf;
}

/** Throws a CleansiteError at the first list or mapping nested deeper than MAX_YAML_NESTING. */
export function checkNesting(doc: Document, file: string, lines: LineLookup): void {
  const pending: Array<{ node: unknown; depth: number; path: PropertyKey[] }> = [{ node: doc.contents, depth: 0, path: [] }];
  while (pending.length > 0) {
    const { node, depth, path } = pending.pop()!;
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth >= MAX_YAML_NESTING) {
      throw new CleansiteError({
        code: 'CONTENT_PARSE',
        message: `nested more than ${MAX_YAML_NESTING} levels deep (lists and mappings inside each other)`,
        hint: 'flatten the data: no content needs more than a few levels',
        location: { file, line: lines.lineOf(path) },
      });
    }
    if (isMap(node)) for (const pair of node.items) pending.push({ node: pair.value, depth: depth + 1, path: [...path, isScalar(pair.key) ? String(pair.key.value) : '?'] });
    else node.items.forEach((item, index) => pending.push({ node: item, depth: depth + 1, path: [...path, index] }));
  }
}
