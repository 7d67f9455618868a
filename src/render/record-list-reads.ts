/**
 * Read-recording views of one content list (content.locations, ...) and of
 * its entries, so a page depends on the fields of other entries it actually
 * showed, not on the whole list. A location page that lists eight nearby
 * locations by name depends on those names (and on the regions it compared
 * to find them), so editing another location's body no longer re-renders it.
 *
 * Reads are noted per field and index and turned into units when the page
 * is done: `content.locations@17.name`, a run of indexes as
 * `content.locations@0-79.region`, `content.locations#length`, or the whole
 * entry (`content.locations@17`) for keys listings and `in` checks. A page
 * that reads more than READ_BUDGET entry fields of one list depends on the
 * whole list instead; once OVERFLOWS_BEFORE_RAW pages have done so, the list
 * is handed to later pages as it is, without views, so a template that scans
 * every entry on every page pays nothing for the views.
 *
 * Entries are handed out as views both through the list and as the page's
 * own `entry`, so comparing entries by identity works as on plain data.
 */

const READ_BUDGET = 2000;
const OVERFLOWS_BEFORE_RAW = 64;

export interface ListRecorder {
  /**
   * Starts a page; `ownIndex` is the page's own entry in this list, if any: reads of it are
   * not noted, the page depends on all of that entry anyway (the `entry` unit).
   */
  startPage(ownIndex: number | undefined): void;
  /** The list as this page sees it. */
  view(): unknown[];
  /** Entry `index` as this page sees it (the same object the list view gives). */
  entry(index: number): unknown;
  /** Moves the units read since the last flush into `units`. */
  flush(units: Set<string>): void;
}

export function createListRecorder(name: string, list: object[]): ListRecorder {
  let raw = false;
  let overflows = 0;
  let ownIndex: number | undefined;
  let state = freshState();
  const views: Array<object | undefined> = [];

  const noteField = (field: string, index: number) => {
    if (state.overflow || index === ownIndex) return;
    if (++state.count > READ_BUDGET) {
      state.overflow = true;
      return;
    }
    let indexes = state.fields.get(field);
    if (!indexes) state.fields.set(field, (indexes = []));
    indexes.push(index);
  };

  const noteWhole = (index: number) => {
    if (index !== ownIndex) state.whole.add(index);
  };
  const entryTraps = (indexOf: (target: object) => number): ProxyHandler<object> => ({
    get(target, key) {
      const value = target[key as keyof typeof target] as unknown;
      if (typeof key === 'string' && typeof value !== 'function') noteField(key, indexOf(target));
      return value;
    },
    has(target, key) {
      noteWhole(indexOf(target));
      return key in target;
    },
    ownKeys(target) {
      noteWhole(indexOf(target));
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(target, key) {
      noteWhole(indexOf(target));
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
  // One set of traps for every entry, finding the index by the entry: traps made per entry (four
  // closures, their context and the handler, ~0.4 KB) were 4 MB per render thread at 10,000 locations.
  const indexes = new Map<object, number>();
  const sharedTraps = entryTraps((target) => indexes.get(target)!);

  const entryView = (index: number): object => {
    let entryProxy = views[index];
    if (!entryProxy) {
      const entry = list[index]!;
      // An object listed twice gets traps of its own: the shared ones would note the other index.
      const listedTwice = indexes.has(entry) && indexes.get(entry) !== index;
      if (!listedTwice) indexes.set(entry, index);
      entryProxy = new Proxy(entry, listedTwice ? entryTraps(() => index) : sharedTraps);
      views[index] = entryProxy;
    }
    return entryProxy;
  };

  const listView = listProxy(list, () => state, entryView);

  return {
    startPage(index) {
      ownIndex = index;
      state = freshState();
    },
    view: () => {
      if (raw) state.overflow = true;
      return raw ? list : listView;
    },
    entry: (index) => (raw ? list[index] : entryView(index)),
    flush(units) {
      if (state.overflow) {
        units.add(name);
        if (++overflows >= OVERFLOWS_BEFORE_RAW) raw = true;
      } else {
        if (state.length) units.add(`${name}#length`);
        for (const index of state.whole) units.add(`${name}@${index}`);
        for (const [field, indexes] of state.fields) for (const unit of rangeUnits(name, field, indexes)) units.add(unit);
      }
      state = freshState();
    },
  };
}

type ReadState = ReturnType<typeof freshState>;

/** The list as a page sees it: an index read hands out the entry's view; the length, or anything else, is noted in the page's `current()` reads. */
function listProxy(list: object[], current: () => ReadState, entryView: (index: number) => object): object[] {
  return new Proxy(list, {
    get(target, key) {
      if (typeof key === 'string') {
        const index = toIndex(key);
        if (index !== undefined) {
          if (index < target.length) return entryView(index);
          current().length = true;
          return undefined;
        }
        if (key === 'length') current().length = true;
        else if (typeof target[key as keyof typeof target] !== 'function') current().overflow = true;
      }
      return target[key as keyof typeof target];
    },
    has(target, key) {
      // Array methods ask whether each index exists: that depends on the length only.
      if (typeof key === 'string' && (toIndex(key) !== undefined || key === 'length')) current().length = true;
      else current().overflow = true;
      return key in target;
    },
    ownKeys(target) {
      current().overflow = true;
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(target, key) {
      if (typeof key === 'string' && toIndex(key) !== undefined) current().length = true;
      else current().overflow = true;
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
}

function freshState() {
  return { count: 0, overflow: false, length: false, whole: new Set<number>(), fields: new Map<string, number[]>() };
}

/** `17` for the key "17"; undefined for anything that is not an array index. */
function toIndex(key: string): number | undefined {
  const code = key.charCodeAt(0);
  if (code < 48 || code > 57) return undefined;
  const index = Number(key);
  return Number.isInteger(index) && String(index) === key ? index : undefined;
}

/** Indexes of one field as units: runs of consecutive indexes become one unit each. */
function rangeUnits(name: string, field: string, indexes: number[]): string[] {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const units: string[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    units.push(end === start ? `${name}@${sorted[start]}.${field}` : `${name}@${sorted[start]}-${sorted[end]}.${field}`);
    start = end + 1;
  }
  return units;
}
