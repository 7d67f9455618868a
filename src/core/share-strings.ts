/**
 * One copy per thread of each short string that many entries or routes
 * repeat: a region, a state, a feature, an image path, a site-map group, a
 * date, a nearby page's path. Each content file is parsed (and each copy
 * sent to a render worker is cloned) into strings of its own, so 10,000
 * locations that list the same eight features held 80,000 copies of them,
 * in every thread. Values are replaced by an equal string, in place: nothing
 * a template or a page key sees changes. Long strings (bodies,
 * descriptions) are left alone: they are rarely repeated, and looking them
 * up would cost more than it saves.
 */

/** Longer strings are not shared (image alt texts and titles still are). */
const MAX_SHARED_LENGTH = 128;
/** Nesting followed at most: entries and routes are a few levels deep; deeper values are left as they are. */
const MAX_DEPTH = 6;

/** Replaces repeated short strings in `values` (plain objects and arrays, walked in place) by one copy each. */
export function shareRepeatedStrings(values: Iterable<unknown>): void {
  createStringSharer()(values);
}

/**
 * shareRepeatedStrings with one pool from call to call: values shared as they arrive (a render
 * worker's entries, batch by batch) keep their first copy, and the later copies are garbage while
 * still young, instead of surviving into the old generation until the assembly shares them.
 */
export function createStringSharer(): (values: Iterable<unknown>) => void {
  const pool = new Map<string, string>();
  const share = (text: string): string => {
    if (text.length > MAX_SHARED_LENGTH) return text;
    const known = pool.get(text);
    if (known !== undefined) return known;
    pool.set(text, text);
    return text;
  };
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (typeof item === 'string') value[index] = share(item);
        else visit(item, depth + 1);
      }
      return;
    }
    // Only plain data: objects of a plain prototype (entries have one of their own) and not frozen.
    const prototype = Object.getPrototypeOf(value) as object | null;
    if (prototype !== null && prototype !== Object.prototype && Object.getPrototypeOf(prototype) !== Object.prototype) return;
    if (Object.isFrozen(value)) return;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      // Always written: two equal strings compare equal (`!==` cannot tell the copy from the pooled one).
      if (typeof item === 'string') record[key] = share(item);
      else visit(item, depth + 1);
    }
  };
  return (values) => {
    for (const value of values) visit(value, 0);
  };
}
