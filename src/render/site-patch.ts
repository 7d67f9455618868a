/**
 * Site data for the render worker, sent as a patch against what the worker
 * already holds: every list goes over as "same item as your index N" or the
 * new item itself. A one-file edit then crosses the thread boundary as a few
 * kilobytes instead of the whole site (about 340 KB for the real site), so
 * hundreds of edits leave next to no garbage in either thread.
 */
import type { SiteData } from './page-props.ts';

/** A list as a patch: numbers point into the receiver's previous list, anything else is a new item. */
type ListPatch<T> = Array<number | { item: T }>;

export interface SitePatch {
  /** Only the content keys that changed: a list as a patch, a one-file collection's entry whole. */
  content: Record<string, ListPatch<unknown> | { whole: unknown }>;
  routes?: ListPatch<SiteData['routes'][number]>;
  navigation?: SiteData['navigation'];
  images?: SiteData['images'];
  assets: SiteData['assets'];
  buildDate: string;
  baseUrl: string;
  siteName: string;
  lang: string;
}

/** The sending side: remembers what the worker holds and patches against it. */
export function createSitePatcher(): { patch(next: SiteData): SitePatch; reset(): void } {
  let sent: SiteData | undefined;
  return {
    patch(next) {
      const previous = sent;
      sent = next;
      const content: SitePatch['content'] = {};
      const nextContent = next.content as Record<string, unknown>;
      for (const key of Object.keys(nextContent)) {
        const before = (previous?.content as Record<string, unknown> | undefined)?.[key];
        const after = nextContent[key];
        if (before === after) continue;
        if (!Array.isArray(after)) {
          content[key] = { whole: after };
          continue;
        }
        // Lists are new arrays after every assembly, but mostly of the same entries.
        const list = diffList(before as unknown[] | undefined, after as unknown[], (item) => item);
        if (list) content[key] = list;
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
        siteName: next.siteName,
        lang: next.lang,
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
  const before = previous?.content as Record<string, unknown> | undefined;
  const content: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(patch.content)) {
    content[key] = Array.isArray(value) ? applyList(before?.[key] as unknown[] | undefined, value) : value.whole;
  }
  if (!previous && patch.routes === undefined) throw new Error('the first site patch must carry the whole site');
  return {
    content,
    routes: patch.routes ? applyList(previous?.routes, patch.routes) : previous!.routes,
    navigation: patch.navigation ?? previous!.navigation,
    images: patch.images ?? previous!.images,
    assets: patch.assets,
    buildDate: patch.buildDate,
    baseUrl: patch.baseUrl,
    siteName: patch.siteName,
    lang: patch.lang,
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
