/**
 * Records which parts of the site data each route's render reads, so a
 * content edit re-renders exactly the pages that used what changed. The
 * templates get the same data as in `build`, seen through proxies that note
 * every read:
 *
 * - `content.locations`: which entries a list holds, in which order (any
 *   iteration, index or length read);
 * - `content.locations.name`: one field of entries read through the list, so
 *   an areas grid that shows names is not re-rendered for a body edit;
 * - `navigation`, `routes`, `images`: any read of those tables.
 *
 * A page's own entry is handed to it separately (props.entry), so reading it
 * does not count: an edit of that entry re-renders its page anyway.
 */
import type { SiteData } from '../render/page-props.ts';
import { createTemplateProps } from '../render/render-page.ts';
import type { Route } from '../routes/route-table.ts';

export type ContentKey = string;
export type Dependency = 'navigation' | 'routes' | 'images' | `content.${ContentKey}` | `content.${ContentKey}.${string}`;

export interface DependencyTracker {
  /** The data to render with: the same values, read through recording proxies. */
  site: SiteData;
  /** Runs one route's render and returns what it read. */
  track<T>(route: Route, render: () => T): { result: T; dependencies: Dependency[] };
}

const isIndex = (property: string | symbol): property is string => typeof property === 'string' && /^\d+$/.test(property);

export function createDependencyTracker(data: SiteData): DependencyTracker {
  let current: { ownList?: ContentKey; ownIndex?: string; found: Set<Dependency> } | undefined;
  const record = (dependency: Dependency) => current?.found.add(dependency);

  /** A proxy that notes `dependency` on any read. */
  const recordReads = <T extends object>(target: T, dependency: Dependency): T => new Proxy(target, {
    get(object, key, receiver) {
      record(dependency);
      return Reflect.get(object, key, receiver);
    },
    has(object, key) {
      record(dependency);
      return Reflect.has(object, key);
    },
    ownKeys(object) {
      record(dependency);
      return Reflect.ownKeys(object);
    },
  });

  const entryProxies = new WeakMap<object, object>();
  /** An entry reached through its list: each field read is its own dependency. */
  const entryProxy = (key: ContentKey, entry: object) => {
    let proxy = entryProxies.get(entry);
    if (!proxy) {
      proxy = new Proxy(entry, {
        get(object, field, receiver) {
          if (typeof field === 'string') record(`content.${key}.${field}`);
          return Reflect.get(object, field, receiver);
        },
        has(object, field) {
          if (typeof field === 'string') record(`content.${key}.${field}`);
          return Reflect.has(object, field);
        },
        ownKeys(object) {
          for (const field of Object.keys(object)) record(`content.${key}.${field}`);
          return Reflect.ownKeys(object);
        },
      });
      entryProxies.set(entry, proxy);
    }
    return proxy;
  };

  const listProxies = new Map<ContentKey, unknown>();
  const listProxy = (key: ContentKey, list: unknown[]) => {
    let proxy = listProxies.get(key);
    if (!proxy) {
      proxy = new Proxy(list, {
        get(object, property, receiver) {
          const value = Reflect.get(object, property, receiver) as unknown;
          // The route's own entry, looked up by index, is not a read of the list.
          if (current?.ownList === key && property === current.ownIndex) return value;
          record(`content.${key}`);
          return isIndex(property) && typeof value === 'object' && value !== null ? entryProxy(key, value) : value;
        },
        has(object, property) {
          record(`content.${key}`);
          return Reflect.has(object, property);
        },
        ownKeys(object) {
          record(`content.${key}`);
          return Reflect.ownKeys(object);
        },
      });
      listProxies.set(key, proxy);
    }
    return proxy;
  };

  const content = new Proxy(data.content, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver) as unknown;
      if (typeof key !== 'string' || !(key in object)) return value;
      if (Array.isArray(value)) return listProxy(key as ContentKey, value);
      record(`content.${key as ContentKey}`);
      return value;
    },
    ownKeys(object) {
      for (const key of Object.keys(object)) record(`content.${key as ContentKey}`);
      return Reflect.ownKeys(object);
    },
  });

  const site: SiteData = {
    ...data,
    content,
    routes: recordReads(data.routes, 'routes'),
    navigation: recordReads(data.navigation, 'navigation'),
    images: recordReads(data.images, 'images'),
  };
  // The render stage builds per-site lookup tables on first use; build them now, outside any route's record.
  if (data.routes[0]) createTemplateProps(data.routes[0], site);

  return {
    site,
    track(route, render) {
      const ownList = route.entry?.collection;
      const ownIndex = route.entry ? String(route.entry.index) : undefined;
      const found = new Set<Dependency>();
      current = { ownList, ownIndex, found };
      try {
        return { result: render(), dependencies: [...found].sort() };
      } finally {
        current = undefined;
      }
    },
  };
}
