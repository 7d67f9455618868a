/**
 * Site data for the render worker, sent as a patch against what the worker
 * already holds: every list goes over as "same item as your index N" or the
 * new item itself. A one-file edit then crosses the thread boundary as a few
 * kilobytes instead of the whole site (about 340 KB for the real site), so
 * hundreds of edits leave next to no garbage in either thread.
 */
import type { SiteContent } from '../content/schemas.ts';
import type { SiteData } from './page-props.ts';

/** A list as a patch: numbers point into the receiver's previous list, anything else is a new item. */
type ListPatch<T> = Array<number | { item: T }>;
type ContentLists = { [K in Exclude<keyof SiteContent, 'site'>]: SiteContent[K] extends Array<infer T> ? ListPatch<T> : never };

export interface SitePatch {
  /** Only the content keys that changed. */
  content: Partial<ContentLists> & { site?: SiteContent['site'] };
  routes?: ListPatch<SiteData['routes'][number]>;
  navigation?: SiteData['navigation'];
  images?: SiteData['images'];
  assets: SiteData['assets'];
  buildDate: string;
  baseUrl: string;
}

/** The sending side: remembers what the worker holds and patches against it. */
export function createSitePatcher(): { patch(next: SiteData): SitePatch; reset(): void } {
  let sent: SiteData | undefined;
  return {
    patch(next) {
      const previous = sent;
      sent = next;
      const content: SitePatch['content'] = {};
      for (const key of Object.keys(next.content) as Array<keyof SiteContent>) {
        const before = previous?.content[key];
        const after = next.content[key];
        if (before === after) continue;
        if (key === 'site') {
          content.site = after as SiteContent['site'];
          continue;
        }
        // Lists are new arrays after every assembly, but mostly of the same entries.
        const list = diffList(before as unknown[] | undefined, after as unknown[], (item) => item);
        if (list) (content as Record<string, unknown>)[key] = list;
      }
      return {
        content,
        // Routes are rebuilt on every content change; equal ones are matched by their JSON.
        routes: previous?.routes === next.routes ? undefined : diffList(previous?.routes, next.routes, (route) => JSON.stringify(route)),
        navigation: previous && JSON.stringify(previous.navigation) === JSON.stringify(next.navigation) ? undefined : next.navigation,
        images: previous?.images === next.images ? undefined : next.images,
        assets: next.assets,
        buildDate: next.buildDate,
        baseUrl: next.baseUrl,
      };
    },
    /** After the worker was replaced: the next patch carries everything. */
    reset() {
      sent = undefined;
    },
  };
}

/** The receiving side: the new site data from the previous one and a patch. */
export function applySitePatch(previous: SiteData | undefined, patch: SitePatch): SiteData {
  const content = { ...previous?.content } as SiteContent;
  for (const [key, value] of Object.entries(patch.content)) {
    const list = previous?.content[key as keyof SiteContent] as unknown[] | undefined;
    (content as unknown as Record<string, unknown>)[key] = key === 'site' ? value : applyList(list, value as ListPatch<unknown>);
  }
  if (!previous && !('site' in patch.content)) throw new Error('the first site patch must carry the whole site');
  return {
    content,
    routes: patch.routes ? applyList(previous?.routes, patch.routes) : previous!.routes,
    navigation: patch.navigation ?? previous!.navigation,
    images: patch.images ?? previous!.images,
    assets: patch.assets,
    buildDate: patch.buildDate,
    baseUrl: patch.baseUrl,
  };
}

/** The patch for a list, or undefined when the receiver's list already holds the same items in the same order. */
function diffList<T>(before: readonly T[] | undefined, after: readonly T[], key: (item: T) => unknown): ListPatch<T> | undefined {
  const index = new Map<unknown, number>();
  before?.forEach((item, position) => index.set(key(item), position));
  const patch = after.map((item) => index.get(key(item)) ?? { item });
  const unchanged = before?.length === after.length && patch.every((part, position) => part === position);
  return unchanged ? undefined : patch;
}

function applyList<T>(before: readonly T[] | undefined, patch: ListPatch<T>): T[] {
  return patch.map((part) => {
    if (typeof part !== 'number') return part.item;
    const item = before?.[part];
    if (item === undefined) throw new Error(`site patch refers to item ${part}, which the worker does not hold`);
    return item;
  });
}
