/**
 * Records which parts of the site data a page's render reads, so the page
 * cache can tell, on the next build, whether anything the page showed has
 * changed. The data is split into units: each field of each content entry
 * the page read (see record-list-reads.ts), the site config, each
 * navigation list, the route table, the image table, the asset URLs, the
 * build date and base URL, the page's own route and entry, and one unit per
 * internal link target (`href:/contact`) and per image (`image:/images/x.jpg`).
 *
 * Reads are caught at the top of the props, on content lists and on their
 * entries, never deeper: what a field holds (an image, a list of features)
 * is one unit. Templates are pure functions of their props, so equal units
 * mean equal HTML.
 */
import type { Route } from '../routes/route-table.ts';
import type { SiteData, TemplateProps } from './page-props.ts';
import { createTemplateProps } from './template-props.ts';
import { createListRecorder, type ListRecorder } from './record-list-reads.ts';

export interface UnitRecorder {
  /** Template props for `route` whose reads are recorded until takeUnits(). */
  propsFor(route: Route): TemplateProps;
  /** The units read since propsFor(), sorted; starts a new record. */
  takeUnits(): string[];
  /** Runs `work` and returns the units it read on their own; they count for the current page too. */
  capture<T>(work: () => T): { result: T; units: string[] };
  /** Counts units read elsewhere (a shared chunk rendered for another page) for the current page. */
  add(units: readonly string[]): void;
}

/** Props keys that are one unit each; `content` and `navigation` are split per key, the helpers record per call. */
const TOP_LEVEL_UNITS: Record<string, string | null> = {
  content: null,
  navigation: null,
  href: null,
  absoluteUrl: null,
  image: null,
  shared: null,
  routes: 'routes',
  images: 'images',
  assets: 'assets',
  buildDate: 'buildDate',
  baseUrl: 'baseUrl',
  siteName: 'siteName',
  lang: 'lang',
  route: 'route',
  entry: 'entry',
};

export function createUnitRecorder(site: SiteData): UnitRecorder {
  let read = new Set<string>();
  const record = (unit: string) => read.add(unit);
  const lists = new Map<string, ListRecorder>();
  for (const [key, value] of Object.entries(site.content)) {
    if (Array.isArray(value)) lists.set(key, createListRecorder(`content.${key}`, value as object[]));
  }
  const flushLists = (units: Set<string>) => {
    for (const list of lists.values()) list.flush(units);
  };
  const content = contentView(site.content, lists, record);
  const navigation = recordByKey(site.navigation, 'navigation.', record);

  return {
    propsFor(route) {
      read = new Set();
      const own = route.entry;
      for (const [key, list] of lists) list.startPage(own && key === own.collection ? own.index : undefined);
      // What renderRoute itself reads: which template draws the page.
      record('route');
      // A fresh object from createTemplateProps(), so its fields are swapped in place.
      const props = createTemplateProps(route, site);
      const { href, absoluteUrl, image } = props;
      props.content = content;
      props.navigation = navigation;
      if (own) props.entry = lists.get(own.collection)?.entry(own.index) ?? props.entry;
      props.href = (path) => {
        record(`href:${path.split('#')[0] ?? ''}`);
        return href(path);
      };
      props.absoluteUrl = (path) => {
        record('baseUrl');
        return absoluteUrl(path);
      };
      props.image = (src) => {
        record(`image:${src}`);
        return image(src);
      };
      return recordTopLevelReads(props, record);
    },
    takeUnits() {
      flushLists(read);
      const units = [...read].sort();
      read = new Set();
      return units;
    },
    capture(work) {
      flushLists(read);
      const outer = read;
      read = new Set();
      try {
        const result = work();
        flushLists(read);
        return { result, units: [...read].sort() };
      } finally {
        for (const unit of read) outer.add(unit);
        read = outer;
      }
    },
    add(units) {
      for (const unit of units) read.add(unit);
    },
  };
}

/** The content as a page sees it: each list through its recorder, any other key (a one-file collection) one unit. */
function contentView(content: SiteData['content'], lists: ReadonlyMap<string, ListRecorder>, record: (unit: string) => void): SiteData['content'] {
  return new Proxy(content, {
    get(target, key) {
      const list = typeof key === 'string' ? lists.get(key) : undefined;
      if (list) return list.view();
      if (typeof key === 'string') record(`content.${key}`);
      return target[key as keyof typeof target];
    },
    has(target, key) {
      if (typeof key === 'string') record(`content.${key}`);
      return key in target;
    },
    ownKeys(target) {
      for (const key of Object.keys(target)) record(`content.${key}`);
      return Reflect.ownKeys(target);
    },
  });
}

/** The props' own keys each recorded as one unit (TOP_LEVEL_UNITS) when read. */
function recordTopLevelReads(props: TemplateProps, record: (unit: string) => void): TemplateProps {
  return new Proxy(props, {
    get(target, key) {
      if (typeof key === 'string') recordTopLevel(key, record);
      return target[key as keyof TemplateProps];
    },
    has(target, key) {
      if (typeof key === 'string') recordTopLevel(key, record);
      return key in target;
    },
    ownKeys(target) {
      for (const key of Object.keys(target)) recordTopLevel(key, record);
      return Reflect.ownKeys(target);
    },
  });
}

function recordTopLevel(key: string, record: (unit: string) => void): void {
  const unit = key in TOP_LEVEL_UNITS ? TOP_LEVEL_UNITS[key] : `site.${key}`;
  if (unit) record(unit);
}

/** A read-through view of `object` that records `${prefix}${key}` for every key read. */
function recordByKey<T extends object>(object: T, prefix: string, record: (unit: string) => void): T {
  return new Proxy(object, {
    get(target, key) {
      if (typeof key === 'string') record(prefix + key);
      return target[key as keyof T];
    },
    has(target, key) {
      if (typeof key === 'string') record(prefix + key);
      return key in target;
    },
    ownKeys(target) {
      for (const key of Object.keys(target)) record(prefix + key);
      return Reflect.ownKeys(target);
    },
  });
}
