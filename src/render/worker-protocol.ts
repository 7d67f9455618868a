/**
 * What the main thread and a render worker (session/render-worker.ts) say
 * to each other, for `build` and watch alike. Site data reaches a worker
 * one way: a site patch keyed by entry fingerprint. The worker holds
 * entries by fingerprint (those it parsed, and those it was sent with
 * `entries`, only the ones it lacked); a patch names every entry in file
 * order and how to route them, and the worker assembles and routes the
 * content itself with the main thread's functions (routes/route-content.ts)
 * and computes each page's key (render/unit-values.ts). A one-file edit in
 * watch then crosses the thread boundary as one entry and a list of
 * fingerprints.
 */
import type { CacheTarget } from '../cache/content-cache-file.ts';
import type { FingerprintedEntry } from '../content/content-loader.ts';
import type { ContentSource, ParsedSources } from '../content/parse-sources.ts';
import type { SerialisedError } from '../core/serialise-error.ts';
import type { LeftOutEntry } from '../routes/publish-entries.ts';
import type { RouteSkeleton } from '../routes/route-skeleton.ts';
import type { SiteData } from './page-props.ts';
import type { BatchResult } from './render-batch.ts';

/** How the main thread routed the content: the worker routes its copy the same way. */
export interface RouteSettings {
  /** Undefined: today in the site's time zone, as on the main thread. */
  buildDate?: string;
  /** Keep `draft: true` entries (watch). */
  drafts: boolean;
  /** Overrides the site's base URL (--base-url). */
  baseUrl?: string;
}

/** What a worker needs besides the content to render pages. */
export interface RenderSettings {
  /** Undefined: the images the worker was last sent (they are sent only when they changed). */
  images?: SiteData['images'];
  assets: SiteData['assets'];
  buildDate: string;
  lang: string;
  templatesModule: string;
  recordUnits: boolean;
  shareChunks: boolean;
  /** With recordUnits: each page's cache key is computed in the worker, salted with this. */
  pageKeySalt?: string;
}

/** The site data of one pass, as fingerprints of entries the worker holds. */
export interface SitePatch {
  /** The compiled site config: the collections and route rules the content is assembled by. */
  configModule: string;
  /** Fingerprint of every entry, in file order. */
  order: string[];
  route: RouteSettings;
  /** Absent while the main thread still routes (a build's parse helpers assemble early). */
  render?: RenderSettings;
  /** Write the content cache here once assembled (a build's last parse helper). */
  cache?: CacheTarget;
  /** Without render settings: warm the renderer up once assembled (watch's spare, which renders the next save's open pages). */
  warmUp?: boolean;
  /**
   * A build's first parse helper routes the site for the main thread, which holds no copy: it
   * answers with a RoutedReport instead of `true`. The folders are those the references are
   * checked against; `problems` are the files' problems the main thread found (listing, reading,
   * parsing, validation), which the assembly reports first, as the main thread's own would.
   */
  report?: { publicDir: string; rootDir: string; problems: SerialisedError[] };
}

/** What a build's main thread needs of the site a worker routed (SitePatch.report). */
export type RoutedReport =
  | { ok: false; problems: SerialisedError[] }
  | {
    ok: true;
    routes: RouteSkeleton[];
    baseUrl: string;
    siteName: string;
    leftOut: LeftOutEntry[];
    /** Broken links and images of the content (routes/check-references.ts), in entry order. */
    references: SerialisedError[];
    /** The content's image uses, each source once per `sizes` (assets/images/image-uses.ts). */
    imageUses: Array<[string, string | undefined]>;
  };

/** Requests to a render worker: each gets a WorkerReply with its id. */
export type WorkerRequest =
  | { type: 'parse'; sources: ContentSource[]; configModule: string }
  | { type: 'site'; patch: SitePatch }
  /** sitemap.xml of the site the worker holds; `baseUrl` overrides the site's. */
  | { type: 'sitemap'; baseUrl?: string }
  /** Loads the templates now, so a module that throws at its top level is reported as such (watch). */
  | { type: 'load'; modulePath: string }
  /**
   * `handBack`: put the pages in this buffer instead of writing them; the main thread writes them (page-files.ts).
   * `last`: the worker is stopped once this batch is written (a build), so no collection follows it.
   */
  | { type: 'render'; paths: string[]; outDir: string; handBack?: SharedArrayBuffer; last?: boolean };

/** Everything a render worker is sent; entries, config, templates and compact need no reply. */
export type WorkerMessage =
  | (WorkerRequest & { id: number })
  /** Entries the worker lacks, before the patch that names them. */
  | { type: 'entries'; items: readonly FingerprintedEntry[] }
  /** Start loading this site config (as the worker starts: the site patch needs it to route). */
  | { type: 'config'; modulePath: string }
  /** Start loading these templates (a build, while the content loads). */
  | { type: 'templates'; modulePath: string }
  /** A full garbage collection (watch, when idle). */
  | { type: 'compact' };

export type SerialisedParse = Pick<ParsedSources, 'fingerprints' | 'items'> & { readErrors: SerialisedError[]; parseErrors: SerialisedError[]; validationErrors: SerialisedError[] };
export type SerialisedBatch = Omit<BatchResult, 'failures'> & { failures: SerialisedError[] };
/** A failed request carries the worker's CleansiteError whole (code, file, hint), or an unexpected error's message. */
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string; error?: SerialisedError };
