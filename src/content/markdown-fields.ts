/**
 * The Markdown fields a collection declares (config/markdown-fields.ts),
 * found in one entry's front-matter, to be rendered (validate-content.ts).
 * A field no collection declares reaches templates as written.
 */
import type { MarkdownField } from '../config/markdown-fields.ts';

/** A found value of a declared field: its object, its value and its path in the front-matter (list positions included). */
export interface FieldOccurrence {
  holder: Record<string, unknown>;
  value: unknown;
  path: Array<string | number>;
}

/**
 * Every object of `data` that holds the field (whether or not the field is written in it), in
 * document order. A parent that is absent or not of the declared kind holds nothing.
 */
export function findOccurrences(data: Record<string, unknown>, field: MarkdownField): FieldOccurrence[] {
  let holders: Array<{ holder: Record<string, unknown>; path: Array<string | number> }> = [{ holder: data, path: [] }];
  for (const step of field.parents) {
    const next: typeof holders = [];
    for (const { holder, path } of holders) {
      const value = holder[step.key];
      if (step.each) {
        if (!Array.isArray(value)) continue;
        value.forEach((item, index) => {
          if (isRecord(item)) next.push({ holder: item, path: [...path, step.key, index] });
        });
      } else if (isRecord(value)) next.push({ holder: value, path: [...path, step.key] });
    }
    holders = next;
  }
  return holders.map(({ holder, path }) => ({ holder, value: holder[field.field], path: [...path, field.field] }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

