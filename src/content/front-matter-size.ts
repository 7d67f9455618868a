/**
 * A bound on what a file's front-matter parses to. YAML aliases (`*name`)
 * repeat what an anchor (`&name`) holds: js-yaml shares one value between
 * them, but every later step (validation, copies, templates that join
 * keywords) pays for each repeat, so a 1 MB string aliased 1,000 times in a
 * 1 MB file becomes a gigabyte of work and a crash far from the file. The
 * parsed data is measured with each alias counted as the copy it becomes,
 * and the walk stops as soon as the bound is passed, so a "billion laughs"
 * file costs no more to refuse than the bound itself.
 */
import { CleansiteError } from '../core/errors.ts';
import { findFieldLine } from './field-lines.ts';

/** How much more than its own text a front-matter may expand to (characters, aliases counted as copies). */
export const MAX_FRONT_MATTER_EXPANSION = 1_000_000;

/** Throws a CleansiteError naming the first top-level field at which the parsed data passes the bound. */
export function checkFrontMatterSize(data: Record<string, unknown>, frontMatter: string, file: string): void {
  // Only an alias repeats anything, and every alias is written with a `*`: without one, the data is no larger than the text.
  if (!frontMatter.includes('*')) return;
  const limit = frontMatter.length + MAX_FRONT_MATTER_EXPANSION;
  let size = 0;
  for (const [key, value] of Object.entries(data)) {
    size += key.length + 1;
    size = measure(value, size, limit);
    if (size > limit) {
      throw new CleansiteError({
        code: 'CONTENT_PARSE',
        message: `${key}: the front-matter expands to more than ${MAX_FRONT_MATTER_EXPANSION.toLocaleString('en')} characters beyond its own text (YAML aliases such as *name each repeat a whole value)`,
        hint: 'write the values out instead of repeating large anchors, or shorten them',
        location: { file, line: findFieldLine(frontMatter, [key]) ?? 2 },
      });
    }
  }
}

/**
 * `start` plus the size of `root`, or some number past `limit` once the walk
 * passes it. Iterative: aliases can make the data as deep as the bound allows.
 */
function measure(root: unknown, start: number, limit: number): number {
  let size = start;
  const pending: unknown[] = [root];
  while (pending.length > 0 && size <= limit) {
    const value = pending.pop();
    if (typeof value === 'string') size += value.length;
    else if (Array.isArray(value)) {
      size += 1 + value.length;
      for (const item of value) pending.push(item);
    } else if (value instanceof Uint8Array) size += value.length;
    else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      for (const [key, item] of Object.entries(value)) {
        size += key.length + 1;
        pending.push(item);
      }
    } else size += 1;
  }
  return size;
}
