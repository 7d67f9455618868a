/**
 * Records which parts of the site data each route's render reads, so a
 * content edit re-renders exactly the pages that used what changed. The
 * templates get the same data as in `build`, seen through proxies that note
 * every read: a list of a content kind, the navigation, the route table or
 * the image table. A page's own entry is handed to it separately, so reading
 * it does not count as reading its whole kind.
 */
import type { SiteContent } from '../content/schemas.ts';
import type { SiteData } from '../render/page-props.ts';
import { createTemplateProps } from '../render/render-page.ts';
import type { Route } from '../routes/route-table.ts';

export type ContentKey = keyof SiteContent;
export type Dependency = 'navigation' | 'routes' | 'images' | `content.${ContentKey}`;

export interface DependencyTracker {
  /** The data to render with: the same values, read through recording proxies. */
  site: SiteData;
  /** Runs one route's render and returns what it read. */
  track<T>(route: Route, render: () => T): { result: T; dependencies: Dependency[] };
}

const entryLists = { page: 'pages', service: 'services', location: 'locations' } as const;

export function createDependencyTracker(data: SiteData): DependencyTracker {
  let current: { ownList?: ContentKey; ownIndex?: string; found: Set<Dependency> } | undefined;
  const record = (dependency: Dependency) => current?.found.add(dependency);

  /** A proxy that notes `dependency` on any read; `ignore` exempts one property. */
  const recordReads = <T extends object>(target: T, dependency: Dependency, ignore: (key: string | symbol) => boolean = () => false): T =>
    new Proxy(target, {
      get(object, key, receiver) {
        if (!ignore(key)) record(dependency);
        return Reflect.get(object, key, receiver);
      },
      has(object, key) {
        if (!ignore(key)) record(dependency);
        return Reflect.has(object, key);
      },
      ownKeys(object) {
        record(dependency);
        return Reflect.ownKeys(object);
      },
    });

  const listProxies = new Map<ContentKey, unknown>();
  const listProxy = (key: ContentKey, list: unknown[]) => {
    let proxy = listProxies.get(key);
    if (!proxy) {
      // The route's own entry, looked up by index, is not a read of the whole list.
      proxy = recordReads(list, `content.${key}`, (property) => current?.ownList === key && property === current.ownIndex);
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
      const ownList = route.entry.kind === 'none' ? undefined : entryLists[route.entry.kind];
      const ownIndex = route.entry.kind === 'none' ? undefined : String(route.entry.index);
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
