/**
 * The site's sources as one incremental input, the same object in `build`
 * and in watch: the site's declaration (its compiled site.config.ts) and the
 * content read by its collections, assembled and routed. `build` configures
 * it and refreshes it once; watch keeps it and tells it which files changed.
 * A new declaration (other collections, schemas or rules) has every content
 * file read and checked again.
 */
import { getHeapStatistics } from 'node:v8';
import { codeVersion } from '../cache/code-version.ts';
import { importSiteConfig, shownConfigFile } from '../config/load-config.ts';
import type { SiteConfig } from '../config/site-config.ts';
import { createContentLoader, ENTRY_HELD_ELSEWHERE, type ContentLoader, type FingerprintedEntry, type ParseHelpers } from '../content/content-loader.ts';
import type { CompiledModule } from '../core/compile-module.ts';
import { CleansiteErrorList } from '../core/errors.ts';
import { collectGarbage } from '../core/garbage-collection.ts';
import { reviveError, serialiseError } from '../core/serialise-error.ts';
import { trace } from '../core/trace.ts';
import type { RenderThreads } from '../render/render-threads.ts';
import type { RoutedReport } from '../render/worker-protocol.ts';
import { routeContent, type LoadedSite } from '../routes/route-content.ts';
import { skeletonTable } from '../routes/route-skeleton.ts';

export interface SiteSourceOptions {
  contentDir: string;
  templatesDir: string;
  rootDir: string;
  /** Overrides the base URL the site's settings give (--base-url). */
  baseUrl?: string;
  /** Where the content cache lives; undefined reads and keeps nothing on disk (watch keeps it in memory). */
  cacheDir?: string;
  /** Render workers that parse a share of a large cold load. */
  helpers?: ParseHelpers & Partial<Pick<RenderThreads, 'routeElsewhere'>>;
  /** The build date scheduled entries are compared with (default: today in the site's time zone). */
  buildDate?: string;
  /** Keep `draft: true` entries (watch, unless --no-drafts). */
  drafts?: boolean;
  /** Whether this pass may be routed by a render worker (routed()): a build with no page record to value on this thread. */
  routeElsewhere?: () => boolean;
}

export interface SiteSource {
  /** The declaration and the hash of its compiled module; undefined until configured. */
  readonly config: { value: SiteConfig; hash: string } | undefined;
  /** Imports a compiled declaration; true when it is another one than before. */
  configure(compiled: Pick<CompiledModule, 'modulePath' | 'hash'>): Promise<boolean>;
  /**
   * Reads the content: every file the first time, after a new declaration or when `changed` is
   * 'all'; else the files named (content-relative), and with `relist` whatever was added or
   * deleted. Resolves to false when none of them is a content file.
   */
  refresh(changed?: { relatives: readonly string[]; relist: boolean } | 'all'): Promise<boolean>;
  /** The content as last refreshed, assembled and routed; throws a CleansiteErrorList. */
  assemble(): LoadedSite;
  /**
   * The same, routed by a render worker where one holds every entry (a build's parse helpers,
   * when no page record needs this thread to value it): this thread then keeps no content, only
   * the routes' skeletons (routes/route-skeleton.ts), and lets its entries go. Else assemble().
   * `folders`: what the worker checks the content's references against.
   */
  routed(folders: { publicDir: string; rootDir: string }): Promise<LoadedSite>;
  /** Forgets the content read (a build whose render workers hold it); the next refresh reads every file. */
  release(): void;
}

export function createSiteSource(options: SiteSourceOptions): SiteSource {
  let config: { value: SiteConfig; hash: string } | undefined;
  let loader: ContentLoader | undefined;
  return {
    get config() {
      return config;
    },
    async configure({ modulePath, hash }) {
      if (config?.hash === hash) return false;
      config = { value: await importSiteConfig(modulePath, shownConfigFile(options.templatesDir, options.rootDir)), hash };
      loader = undefined;
      return true;
    },
    async refresh(changed) {
      if (!config) throw new Error('the site source was refreshed before it was configured');
      if (!loader || changed === undefined || changed === 'all') {
        loader = createContentLoader({
          contentDir: options.contentDir,
          rootDir: options.rootDir,
          collections: config.value.collections,
          cacheDir: options.cacheDir,
          // Entries validated by other code, or by another declaration, are not reused.
          codeVersion: `${codeVersion()}\n${config.hash}`,
          helpers: options.helpers,
          // A build routed by a render worker: this thread never holds the entries the helpers parse.
          entriesElsewhere: options.routeElsewhere?.() ?? false,
        });
        return loader.refresh();
      }
      return loader.refresh(changed);
    },
    assemble() {
      if (!config || !loader) throw new Error('the site source was assembled before it was refreshed');
      const load = loader.assemble();
      return {
        ...routeContent(config.value, load, options.baseUrl, { buildDate: options.buildDate, drafts: options.drafts }),
        items: load.items,
        saveCache: load.saveCache,
        files: { found: load.files, parsed: load.parsed, elsewhere: load.parsedElsewhere },
      };
    },
    async routed(folders) {
      if (!config || !loader) throw new Error('the site source was routed before it was refreshed');
      const routing = options.routeElsewhere?.() ? routeElsewhere(loader, options.helpers, folders) : undefined;
      if (!routing) return this.assemble();
      // The workers were posted the entries: this thread's copies go (the next refresh reads every file).
      loader = undefined;
      return routing;
    },
    release() {
      loader = undefined;
    },
  };
}

/**
 * Posts the entries to the render workers to assemble and route (render-threads.ts,
 * routeElsewhere), or undefined when none holds them. Its own function, so that no frame that
 * awaits the report keeps the entries alive.
 */
function routeElsewhere(loader: ContentLoader, helpers: SiteSourceOptions['helpers'], folders: { publicDir: string; rootDir: string }) {
  if (!helpers?.routeElsewhere) return undefined;
  const { items, problems, cache, files, parsed, parsedElsewhere, heldElsewhere } = loader.entries();
  const report = helpers.routeElsewhere(items, cache, { ...folders, problems: problems.map(serialiseError) });
  // No worker left to route (stopped: the templates failed, and say so): nothing here to assemble, and nothing more to report.
  if (!report && heldElsewhere) throw new CleansiteErrorList([]);
  if (!report) return undefined;
  // What this thread still names the entries by: render workers are sent the same list again with the render settings.
  const order: FingerprintedEntry[] = items.map(({ fingerprint }) => ({ fingerprint, item: ENTRY_HELD_ELSEWHERE }));
  const stats = { found: files, parsed, elsewhere: parsedElsewhere };
  // On the next turn, not in this job: the site patch keeps the entry list in a WeakRef
  // (render/worker-handle.ts), which V8 keeps alive to the end of the job that made it. While the
  // workers assemble (a large build's peak), this thread's heap is then compacted to what it keeps.
  setImmediate(() => {
    // Always (only builds with parse helpers, 2,000 files or more, come here): the heap the relay kept small may hold less than collectGarbageIfLarge() waits for.
    collectGarbage({ compact: true });
    trace(`routed elsewhere: main thread heap ${(getHeapStatistics().used_heap_size / 2 ** 20).toFixed(1)} MB used`);
  });
  return report.then((routed) => siteFromReport(routed, order, stats));
}

/** The site as a render worker routed it, as this thread keeps it: the routes' skeletons, and no content. */
function siteFromReport(routed: RoutedReport, order: FingerprintedEntry[], files: NonNullable<LoadedSite['files']>): LoadedSite {
  if (!routed.ok) throw new CleansiteErrorList(routed.problems.map(reviveError));
  return {
    content: {},
    table: skeletonTable(routed.routes),
    navigation: {},
    baseUrl: routed.baseUrl,
    siteName: routed.siteName,
    // No page record is valued on this thread (routeElsewhere): render workers compute the keys from their own.
    fingerprints: new Map(),
    items: order,
    files,
    leftOut: routed.leftOut,
    checkedElsewhere: { references: routed.references.map(reviveError), imageUses: routed.imageUses },
  };
}
