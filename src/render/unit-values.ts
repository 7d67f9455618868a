/**
 * The value of each unit of site data (see record-units.ts) in this build,
 * as a short string: equal strings mean equal data. Content entries are
 * identified by the fingerprint of the file they came from (its path and
 * bytes, see content-cache.ts), so a list of 10,000 locations is hashed
 * from 10,000 short strings, not re-serialised. Everything else is hashed
 * from its JSON. Site-wide units are computed once per build.
 */
import { hashParts, hashText } from '../core/hash-text.ts';
import type { Route } from '../routes/route-table.ts';
import type { SiteData } from './page-props.ts';
import { entryOf, routePaths } from './template-props.ts';

export interface UnitValues {
  /** The unit's value for a page of `route`; undefined for a unit this version does not know. */
  valueOf(unit: string, route: Route): string | undefined;
  /** The cache key of one page: its output file and the values of the units it read. */
  pageKey(route: Route, units: readonly string[]): string | undefined;
}

/**
 * `fingerprints` maps an entry's `file` to the fingerprint of its source;
 * entries without one are hashed from their JSON. `salt` covers everything
 * outside the site data that shapes the HTML (code and template bundle).
 */
export function createUnitValues(site: SiteData, fingerprints: ReadonlyMap<string, string>, salt: string, options: { keepEntryUnits?: boolean } = {}): UnitValues {
  const global = new Map<string, string>();
  const keep = options.keepEntryUnits === false ? (unit: string) => !ONE_ENTRY_UNIT.test(unit) : () => true;
  const paths = routePaths(site);

  const jsonHash = (value: unknown) => hashText(JSON.stringify(value) ?? 'undefined');
  const entryValue = (entry: unknown): string => {
    if (entry === null || entry === undefined) return String(entry);
    const file = (entry as { file?: unknown }).file;
    return (typeof file === 'string' ? fingerprints.get(file) : undefined) ?? jsonHash(entry);
  };
  const contentValue = (key: string): string => {
    const value = (site.content as unknown as Record<string, unknown>)[key];
    if (Array.isArray(value)) return hashParts(joined(value, entryValue, '\n'));
    return entryValue(value);
  };
  /** `locations#length`, `locations@17`, `locations@17.name`, `locations@0-79.region` (see record-list-reads.ts). */
  const listPartValue = (unit: string): string | undefined => {
    const match = /^([^@#]+)(?:#length|@(\d+)(?:-(\d+))?(?:\.(.+))?)$/.exec(unit);
    const list = match && (site.content as unknown as Record<string, unknown>)[match[1]!];
    if (!match || !Array.isArray(list)) return undefined;
    if (match[2] === undefined) return String(list.length);
    const first = Number(match[2]);
    const field = match[4];
    if (field === undefined) return entryValue(list[first]);
    const last = match[3] === undefined ? first : Number(match[3]);
    const values: string[] = [];
    for (let index = first; index <= last; index++) values.push(JSON.stringify((list[index] as Record<string, unknown> | undefined)?.[field]) ?? 'undefined');
    const text = values.join('\n');
    return text.length > 64 ? hashText(text) : text;
  };

  const computeGlobal = (unit: string): string | undefined => {
    if (unit.startsWith('href:')) return paths.has(unit.slice(5)) ? '1' : '0';
    if (unit.startsWith('image:')) return jsonHash(site.images[unit.slice(6)] ?? null);
    if (unit.startsWith('content.')) return /[@#]/.test(unit) ? listPartValue(unit.slice(8)) : contentValue(unit.slice(8));
    if (unit.startsWith('navigation.')) return jsonHash((site.navigation as unknown as Record<string, unknown>)[unit.slice(11)]);
    if (unit.startsWith('site.')) return jsonHash((site as unknown as Record<string, unknown>)[unit.slice(5)]);
    switch (unit) {
      // As jsonHash(site.routes), without the whole table as one string (N routes: N KB).
      case 'routes': return hashParts(jsonArray(site.routes));
      case 'images': return jsonHash(site.images);
      case 'assets': return jsonHash(site.assets);
      case 'buildDate': return JSON.stringify(site.buildDate);
      case 'baseUrl': return JSON.stringify(site.baseUrl);
      case 'siteName': return JSON.stringify(site.siteName);
      case 'lang': return JSON.stringify(site.lang);
      default: return undefined;
    }
  };

  const valueOf = (unit: string, route: Route): string | undefined => {
    // Hashed once, with the page key: one hash per page is the cost that matters at 10,000 pages.
    if (unit === 'route') return JSON.stringify(route);
    if (unit === 'entry') return entryValue(entryOf(route, site));
    const known = global.get(unit);
    if (known !== undefined) return known;
    const value = computeGlobal(unit);
    // Unknown units (undefined) are rare; they are simply computed again.
    if (value !== undefined && keep(unit)) global.set(unit, value);
    return value;
  };

  return {
    valueOf,
    pageKey(route, units) {
      const parts = [salt, route.outputFile];
      for (const unit of units) {
        const value = valueOf(unit, route);
        if (value === undefined) return undefined;
        parts.push(`${unit}=${value}`);
      }
      return hashText(parts.join('\n'));
    },
  };
}

/**
 * Units of one entry or one link target (`content.locations@17.name`, `content.locations@17`,
 * `href:/locations/kelso`): cheap to value again, and kept they grow with the page count (a
 * render worker values each page once, and each entry is read by a few pages only).
 */
const ONE_ENTRY_UNIT = /^(?:content\.[^@#]+@\d+(?:\.[^-]*)?|href:.*)$/;

/**
 * `list.map(text).join(separator)` in parts, each made when it is hashed: the same hash as of
 * the joined text, never held whole (a route table's JSON grows by ~1 KB per page).
 */
function* joined<T>(list: readonly T[], text: (item: T) => string, separator: string): Generator<string> {
  for (let index = 0; index < list.length; index++) yield index === 0 ? text(list[index]!) : `${separator}${text(list[index]!)}`;
}

/** JSON.stringify(list) in parts (for objects, whose JSON is never undefined). */
function* jsonArray(list: readonly object[]): Generator<string> {
  yield '[';
  yield* joined(list, (item) => JSON.stringify(item), ',');
  yield ']';
}
