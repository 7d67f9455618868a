/**
 * The site's sources as one incremental input, the same object in `build`
 * and in watch: the site's declaration (its compiled site.config.ts) and the
 * content read by its collections, assembled and routed. `build` configures
 * it and refreshes it once; watch keeps it and tells it which files changed.
 * A new declaration (other collections, schemas or rules) has every content
 * file read and checked again.
 */
import { codeVersion } from '../cache/code-version.ts';
import { importSiteConfig, shownConfigFile } from '../config/load-config.ts';
import type { SiteConfig } from '../config/site-config.ts';
import { createContentLoader, type ContentLoader, type ParseHelpers } from '../content/content-loader.ts';
import type { CompiledModule } from '../core/compile-module.ts';
import { routeContent, type LoadedSite } from '../routes/route-content.ts';

export interface SiteSourceOptions {
  contentDir: string;
  templatesDir: string;
  rootDir: string;
  /** Overrides the base URL the site's settings give (--base-url). */
  baseUrl?: string;
  /** Where the content cache lives; undefined reads and keeps nothing on disk (watch keeps it in memory). */
  cacheDir?: string;
  /** Render workers that parse a share of a large cold load. */
  helpers?: ParseHelpers;
  /** The build date scheduled entries are compared with (default: today in the site's time zone). */
  buildDate?: string;
  /** Keep `draft: true` entries (watch, unless --no-drafts). */
  drafts?: boolean;
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
    release() {
      loader = undefined;
    },
  };
}
