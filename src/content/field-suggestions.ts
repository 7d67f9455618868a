/**
 * "Did you mean": the field names a schema declares at a place in an entry,
 * and the nearest of them to a name it does not know (a typo such as
 * `anwser` for `answer`, `Title` for `title`).
 */
import type { z } from 'zod';

/** The keys a schema's object(s) at `path` declare (unions give every option's), or none when it cannot tell. */
export function schemaKeysAt(schema: z.ZodType, path: ReadonlyArray<PropertyKey>): string[] {
  let current: unknown[] = [schema];
  for (const key of path) current = current.flatMap((node) => childSchemas(unwrap(node), key));
  return [...new Set(current.flatMap((node) => unwrap(node).flatMap(objectKeys)))];
}

/** The closest known key within a third of the name's length in edits (at least 1, at most 3), or undefined. */
export function closestKey(name: string, known: readonly string[]): string | undefined {
  const budget = Math.min(3, Math.max(1, Math.round(name.length / 3)));
  let best: { key: string; distance: number } | undefined;
  for (const key of known) {
    const distance = editDistance(name.toLowerCase(), key.toLowerCase());
    if (distance <= budget && (!best || distance < best.distance)) best = { key, distance };
  }
  return best?.key;
}

/** Levenshtein distance, with a swap of two neighbouring letters counted as one edit. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}

type Def = { type?: string; innerType?: unknown; in?: unknown; element?: unknown; options?: unknown[]; shape?: Record<string, unknown>; getter?: () => unknown; left?: unknown; right?: unknown };
const defOf = (node: unknown): Def => ((node as { _zod?: { def?: Def } })?._zod?.def ?? {});

/** The schema with wrappers (optional, default, pipes, lazy...) taken off, as the object or list types it may be. */
function unwrap(node: unknown, depth = 0): unknown[] {
  const def = defOf(node);
  if (depth > 20) return [];
  switch (def.type) {
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
      return unwrap(def.innerType, depth + 1);
    case 'pipe':
      return unwrap(def.in, depth + 1);
    case 'lazy':
      return unwrap(def.getter?.(), depth + 1);
    case 'union':
      return (def.options ?? []).flatMap((option) => unwrap(option, depth + 1));
    case 'intersection':
      return [...unwrap(def.left, depth + 1), ...unwrap(def.right, depth + 1)];
    default:
      return [node];
  }
}

function childSchemas(nodes: unknown[], key: PropertyKey): unknown[] {
  return nodes.flatMap((node) => {
    const def = defOf(node);
    if (def.type === 'object' && typeof key === 'string') return def.shape?.[key] ? [def.shape[key]] : [];
    if (def.type === 'array' && typeof key === 'number') return [def.element];
    return [];
  });
}

function objectKeys(node: unknown): string[] {
  const def = defOf(node);
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}
