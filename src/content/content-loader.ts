/**
 * Stages 1-2, load and validate, with a cache: every content file is read (synchronously: for
 * thousands of small files that beats thousands of pending promises) and
 * fingerprinted by its path and bytes; only files whose fingerprint is new
 * are parsed, validated and rendered from Markdown, some of them by render
 * workers when there are many (see render/render-threads.ts); with no cache
 * at all, whoever parses a file reads it. Validated entries are
 * kept in one V8-serialised file per content folder under
 * <cacheDir>/content/, written only when something changed. Deleting it is
 * always safe: the next build parses everything again.
 *
 * The fingerprints double as the identity of each entry for the page cache.
 * The cache file's bytes are read and written by cache/content-cache-file.ts.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { toProjectPath } from './load-content.ts';
import { listContentFiles } from './list-content-files.ts';
import { parseSources, readSource, type ContentSource, type ParsedSources } from './parse-sources.ts';
import type { Collections } from './collections.ts';
import type { Content } from './entry-types.ts';
import { assembleContent, validatedFile, type ValidatedEntry } from './assemble-content.ts';
import { CleansiteError } from '../core/errors.ts';
import { readContentCache, writeContentCache, type CacheTarget } from '../cache/content-cache-file.ts';
import { hashText } from '../core/hash-text.ts';
import { settleYoungGenerations } from '../core/garbage-collection.ts';
import { createHeapBudget } from '../core/heap-budget.ts';

export interface ContentLoad {
  content: Content;
  /** Entry `file` (project-relative) -> fingerprint of its source. */
  fingerprints: Map<string, string>;
  /** Every valid entry with its fingerprint, in file order: what render workers are sent. */
  items: FingerprintedEntry[];
  files: number;
  /** Files parsed and validated in this build (the rest came from the cache). */
  parsed: number;
  /** Files parsed by other threads (part of `parsed`). */
  parsedElsewhere: number;
  /**
   * Writes the cache file when something changed. Left to the caller, so that serialising
   * every entry (25 MB at 10,000 locations) does not add to the memory the build needs at its peak.
   */
  saveCache(): void;
}

export interface FingerprintedEntry {
  fingerprint: string;
  item: ValidatedEntry;
}

/** Other threads that parse a share of the files: render workers (see render/render-threads.ts). */
export interface ParseHelpers {
  /** Helpers for about `files` files to parse, started now; none when one thread is faster. */
  start(files: number): ParseHelper[];
  /**
   * A file is to be parsed (no cache holds its entry): pages will be rendered, so the thread that
   * renders them may start now and load while the content loads (a warm build with nothing changed
   * starts none).
   */
  parsing?(): void;
  /**
   * Every valid entry, in file order, once all are parsed: helpers assemble the site too. With
   * `cache`, one of them may also write the content cache (returns true), in time it would
   * otherwise spend waiting, instead of this thread after rendering.
   */
  loaded(items: readonly FingerprintedEntry[], cache?: CacheTarget): boolean;
}

export interface ParseHelper {
  parse(sources: ContentSource[]): Promise<ParsedSources>;
  /** Entries this thread parsed: the helper gets them as they come, while it is busy anyway. */
  share(items: readonly FingerprintedEntry[]): void;
}

export interface ContentCacheOptions {
  contentDir: string;
  rootDir: string;
  /** The site's collections (its site.config.ts). */
  collections: Collections;
  /** Where to keep the cache; undefined parses everything and keeps nothing. */
  cacheDir?: string;
  /** Salt: entries validated by other code (the engine's, or the site config's) are not reused. */
  codeVersion: string;
  helpers?: ParseHelpers;
  /**
   * The helpers hold the entries and assemble the site (a build routed by a render worker,
   * session/site-source.ts): this thread keeps each entry only until the helpers were sent it, and
   * then its fingerprint alone, so it never holds the whole site. Only entries(), not assemble(),
   * is then meaningful for the files parsed.
   */
  entriesElsewhere?: boolean;
}

/**
 * MB of heap growth between the main thread's collections while it relays parsed entries: 16
 * against none at 10,000 locations, 2 interleaved pairs at load 13-14, peak 315 and 310 MB
 * against 326 and 335, the tree 10-20 MB lower when the parse ends.
 */
const RELAY_BUDGET_MB = 16;
/** Files per batch handed to a helper thread, at most: small enough to balance, large enough that messages stay few. */
const BATCH_FILES = 200;
/** Batches per thread, at least, so that threads finish about together. */
const BATCHES_PER_THREAD = 6;
/** Batches queued per helper, so it has the next one when it finishes one. */
const IN_FLIGHT = 2;

/**
 * The content folder as an incremental input. The first refresh reads every
 * file as described above; later ones (watch) read only the files named as
 * changed, and list the folder again when files were added or deleted. An
 * unchanged file keeps its fingerprint and so its very entry object. Entries
 * are kept by fingerprint; each file's problems are kept with it, so a fixed
 * file's problems go, and they are reported in the same order as a build's.
 */
export interface ContentLoader {
  /**
   * Reads the content: every file the first time, after that the given files (content-relative
   * paths), and with `relist` whatever was added or deleted. Resolves to false when none of
   * them is a content file (notes, images kept beside the text).
   */
  refresh(changed?: { relatives: readonly string[]; relist: boolean }): Promise<boolean>;
  /** The content as last refreshed; throws a CleansiteErrorList with every problem of every file. */
  assemble(): ContentLoad;
  /**
   * The entries and problems as last refreshed, not assembled: for a thread that has them
   * assembled elsewhere (a build's render workers, which are handed `cache` to write; the caller
   * then drops the loader).
   */
  entries(): LoadedEntries;
}

/** One content file as last read: its source, its fingerprint (none when unreadable) and its problems. */
interface FileState {
  source: ContentSource;
  fingerprint: string | undefined;
  readErrors: CleansiteError[];
  parseErrors: CleansiteError[];
  validationErrors: CleansiteError[];
}

/** What a loader knows between refreshes. */
interface LoaderState {
  /** Every content file, in listing (file) order. */
  files: Map<string, FileState>;
  listingProblems: CleansiteError[];
  /** Valid entries by fingerprint: the cache's, then what was parsed. */
  entries: Map<string, ValidatedEntry>;
  stats: { parsed: number; elsewhere: number };
  /** Entries parsed since the cache file was written. */
  unsaved: boolean;
  /** Entries parsed in this load are held by the helpers alone (options.entriesElsewhere). */
  heldElsewhere?: boolean;
}

/** Where the loader's files are and how each is named: its content-relative path, project path and absolute path. */
interface LoaderPaths {
  cacheFile: string | undefined;
  sourceOf(relative: string): ContentSource;
}

export function createContentLoader(options: ContentCacheOptions): ContentLoader {
  const { contentDir, rootDir } = options;
  const base = toProjectPath(rootDir, contentDir);
  const paths: LoaderPaths = {
    cacheFile: options.cacheDir ? path.join(options.cacheDir, 'content', `${hashText(`${contentDir}\n${rootDir}`)}.v8`) : undefined,
    sourceOf: (relative) => ({ relative, file: base ? `${base}/${relative}` : relative, absolute: path.join(contentDir, relative) }),
  };
  let state: LoaderState = { files: new Map(), listingProblems: [], entries: new Map(), stats: { parsed: 0, elsewhere: 0 }, unsaved: false };
  let loaded = false;
  return {
    async refresh(changed) {
      if (!loaded || !changed) {
        state = await loadEveryFile(options, paths);
        loaded = true;
        return true;
      }
      state.stats = { parsed: 0, elsewhere: 0 };
      let touched = changed.relist ? await relist(state, options, paths) : false;
      for (const relative of new Set(changed.relatives)) {
        if (!state.files.has(relative)) continue;
        await reread(state, relative, options, paths);
        touched = true;
      }
      forgetUnused(state);
      return touched;
    },
    assemble: () => assembleLoaded(state, options, paths),
    entries: () => collectLoaded(state, options, paths),
  };
}

/** The first load: the cache, then every file it does not hold, through the parse queue and its helpers. */
async function loadEveryFile(options: ContentCacheOptions, paths: LoaderPaths): Promise<LoaderState> {
  const previous = paths.cacheFile ? readContentCache<ValidatedEntry>(paths.cacheFile, options.codeVersion) : new Map<string, ValidatedEntry>();
  const listing = await listContentFiles(options.contentDir, options.rootDir, options.collections);
  const relatives = listing.files;
  // Started before the files are read, so their start-up overlaps the reading.
  const expected = Math.max(0, relatives.length - previous.size);
  const helpers = options.helpers?.start(expected) ?? [];
  settleYoungGenerations(helpers.length > 0);
  const heldElsewhere = helpers.length > 0 && options.entriesElsewhere === true;
  const parsing = createParseQueue(helpers, expected, options.collections, heldElsewhere);
  // With a cache, every file is read here, to find the ones it has. Without, whoever parses a
  // file reads it: the workers their share, this thread the rest.
  const readHere = previous.size > 0;
  const states: FileState[] = [];
  const parsedIndexes: number[] = [];
  for (const [index, relative] of relatives.entries()) {
    const source = paths.sourceOf(relative);
    const state: FileState = { source, fingerprint: undefined, readErrors: [], parseErrors: [], validationErrors: [] };
    states.push(state);
    if (readHere) {
      source.read = readSource(source, state.readErrors);
      state.fingerprint = source.read?.fingerprint;
      if (!source.read || previous.has(source.read.fingerprint)) {
        // Its entry is cached: the text is garbage at once, not held with every other file's (25 MB at 10,000 files).
        source.read = undefined;
        continue;
      }
    }
    if (parsedIndexes.length === 0) options.helpers?.parsing?.();
    parsedIndexes.push(index);
    await parsing.add(source);
  }
  const parsed = await parsing.finish();
  parsed.fingerprints.forEach((fingerprint, position) => {
    states[parsedIndexes[position]!]!.fingerprint = fingerprint;
  });
  // The texts are garbage now (parsed, or their entry was cached); the loader keeps only fingerprints.
  for (const state of states) state.source.read = undefined;
  const listingProblems = attachProblems(states, listing.problems, parsed);
  const cached = previous.size;
  const hits = states.filter((state) => state.fingerprint !== undefined && previous.has(state.fingerprint)).length;
  for (const { fingerprint, item } of parsed.items) previous.set(fingerprint, item);
  const loaded: LoaderState = {
    files: new Map(states.map((state) => [state.source.relative, state])),
    listingProblems,
    entries: previous,
    stats: { parsed: parsedIndexes.length, elsewhere: parsing.elsewhere },
    // Also when cached files were deleted: the cache keeps only what the folder holds.
    unsaved: parsedIndexes.length > 0 || hits !== cached,
    heldElsewhere,
  };
  forgetUnused(loaded);
  return loaded;
}

/** Every problem names its file (parse-sources.ts): each is kept with the file it is about; the rest are the listing's. */
function attachProblems(states: readonly FileState[], listed: readonly CleansiteError[], parsed: Pick<ParsedSources, 'readErrors' | 'parseErrors' | 'validationErrors'>): CleansiteError[] {
  const listingProblems = [...listed];
  const byFile = new Map(states.map((state) => [state.source.file, state]));
  const attach = (errors: CleansiteError[], list: 'readErrors' | 'parseErrors' | 'validationErrors') => {
    for (const error of errors) {
      const state = error.location ? byFile.get(error.location.file) : undefined;
      if (state) state[list].push(error);
      else listingProblems.push(error);
    }
  };
  attach(parsed.readErrors, 'readErrors');
  attach(parsed.parseErrors, 'parseErrors');
  attach(parsed.validationErrors, 'validationErrors');
  return listingProblems;
}

/** Lists the folder again: files added are read, files deleted are dropped. True when either happened. */
async function relist(state: LoaderState, options: ContentCacheOptions, paths: LoaderPaths): Promise<boolean> {
  const listing = await listContentFiles(options.contentDir, options.rootDir, options.collections);
  state.listingProblems = listing.problems;
  const present = new Set(listing.files);
  let touched = [...state.files.keys()].some((relative) => !present.has(relative));
  const next = new Map<string, FileState>();
  for (const relative of listing.files) {
    if (!state.files.has(relative)) {
      await reread(state, relative, options, paths);
      touched = true;
    }
    next.set(relative, state.files.get(relative)!);
  }
  state.files = next;
  return touched;
}

/** Reads one file again (alone: a batch of one, on this thread). */
async function reread(state: LoaderState, relative: string, options: ContentCacheOptions, paths: LoaderPaths): Promise<void> {
  const source = paths.sourceOf(relative);
  await settled(source.absolute);
  const parsed = parseSources([source], options.collections);
  const fingerprint = parsed.fingerprints[0];
  const known = fingerprint === undefined ? undefined : state.entries.get(fingerprint);
  state.files.set(relative, { source, fingerprint, readErrors: parsed.readErrors, parseErrors: parsed.parseErrors, validationErrors: parsed.validationErrors });
  const item = parsed.items[0];
  if (item && !known) {
    state.entries.set(item.fingerprint, item.item);
    state.unsaved = true;
  }
  state.stats.parsed++;
}

/** Forgets entries no file refers to any more (an edit's previous version). */
function forgetUnused(state: LoaderState): void {
  const used = new Set([...state.files.values()].map((file) => file.fingerprint));
  if (used.size - (used.has(undefined) ? 1 : 0) === state.entries.size) return;
  for (const fingerprint of [...state.entries.keys()]) if (!used.has(fingerprint)) state.entries.delete(fingerprint);
}

/** The valid entries as last refreshed, in file order, and every file's problems in a build's order: listing, reading, parsing, validation. */
export interface LoadedEntries {
  items: FingerprintedEntry[];
  problems: CleansiteError[];
  /** Where the content cache is to be written (something changed since it was); undefined: nothing to write. */
  cache: CacheTarget | undefined;
  files: number;
  parsed: number;
  parsedElsewhere: number;
  /** The helpers alone hold the entries parsed (ContentCacheOptions.entriesElsewhere): `items` name them by fingerprint. */
  heldElsewhere: boolean;
}

function collectLoaded(state: LoaderState, options: ContentCacheOptions, paths: LoaderPaths): LoadedEntries {
  const items: FingerprintedEntry[] = [];
  const problems = { readErrors: [] as CleansiteError[], parseErrors: [] as CleansiteError[], validationErrors: [] as CleansiteError[] };
  for (const file of state.files.values()) {
    problems.readErrors.push(...file.readErrors);
    problems.parseErrors.push(...file.parseErrors);
    problems.validationErrors.push(...file.validationErrors);
    const item = file.fingerprint === undefined ? undefined : state.entries.get(file.fingerprint);
    if (!item || file.fingerprint === undefined) continue;
    items.push({ fingerprint: file.fingerprint, item });
  }
  return {
    items,
    problems: [...state.listingProblems, ...problems.readErrors, ...problems.parseErrors, ...problems.validationErrors],
    cache: paths.cacheFile && state.unsaved ? { file: paths.cacheFile, code: options.codeVersion } : undefined,
    files: state.files.size,
    parsed: state.stats.parsed,
    parsedElsewhere: state.stats.elsewhere,
    heldElsewhere: state.heldElsewhere === true,
  };
}

/** The content as last refreshed, its problems in a build's order, and how to save the cache. */
function assembleLoaded(state: LoaderState, options: ContentCacheOptions, paths: LoaderPaths): ContentLoad {
  const { items, problems, cache: target, files, parsed, parsedElsewhere } = collectLoaded(state, options, paths);
  const fingerprints = new Map(items.map(({ fingerprint, item }) => [validatedFile(item), fingerprint]));
  const content = assembleContent(options.collections, items.map(({ item }) => item), problems);
  const delegated = options.helpers?.loaded(items, target) ?? false;
  if (delegated) state.unsaved = false;
  const saveCache = () => {
    if (!target || !state.unsaved) return;
    writeContentCache(target, items);
    state.unsaved = false;
  };
  return { content, fingerprints, items, files, parsed, parsedElsewhere, saveCache };
}

/** Stages 1-2 once (build): a loader refreshed once. Throws a CleansiteErrorList with every problem of every file. */
export async function loadContentCached(options: ContentCacheOptions): Promise<ContentLoad> {
  const loader = createContentLoader(options);
  await loader.refresh();
  return loader.assemble();
}

/**
 * Editors that save in place truncate the file and then write it. On a busy
 * machine the watcher can see the empty file in between (it looks finished:
 * its size is stable at 0), so an empty file is given a moment to fill
 * before it is parsed (and reported, if it really is empty).
 */
async function settled(absolute: string): Promise<void> {
  for (let attempt = 0; attempt < 4 && statSync(absolute, { throwIfNoEntry: false })?.size === 0; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Files to parse, in batches, as they are read: a batch goes to a helper
 * with room for it, else this thread parses it at once (so files are not
 * all held in memory before parsing starts), or, when every file is read,
 * whatever is left. Results are merged in batch order, so errors come in
 * file order whoever parsed them.
 */
function createParseQueue(helpers: ParseHelper[], expected: number, collections: Collections, entriesElsewhere: boolean) {
  const batches: Array<ContentSource[] | undefined> = [];
  const results: Array<Promise<ParsedSources> | ParsedSources> = [];
  let next = 0;
  let open: ContentSource[] = [];
  let elsewhere = 0;
  const busy = new Map<ParseHelper, number>(helpers.map((helper) => [helper, 0]));
  // Relayed entries are garbage at once: collected as they pile up, so this thread's heap does not
  // grow by them while the workers' fill (the end of parsing is one of a large build's peaks).
  const keepHeapSmall = entriesElsewhere ? createHeapBudget(RELAY_BUDGET_MB) : () => undefined;
  const batchSize = helpers.length === 0 ? Number.POSITIVE_INFINITY
    : Math.max(1, Math.min(BATCH_FILES, Math.ceil(expected / ((helpers.length + 1) * BATCHES_PER_THREAD))));

  /** The next batch, released from the queue: its texts are garbage once parsed or sent. */
  const take = (): [number, ContentSource[]] => {
    const index = next++;
    const batch = batches[index]!;
    batches[index] = undefined;
    return [index, batch];
  };
  const feed = (helper: ParseHelper) => {
    while (next < batches.length && (busy.get(helper) ?? 0) < IN_FLIGHT) {
      const [index, batch] = take();
      busy.set(helper, busy.get(helper)! + 1);
      elsewhere += batch.length;
      results[index] = helper.parse(batch).then((result) => {
        busy.set(helper, busy.get(helper)! - 1);
        feed(helper);
        if (!entriesElsewhere) return result;
        // The other helpers get them now, and this thread keeps only their fingerprints.
        for (const other of helpers) if (other !== helper) other.share(result.items);
        keepHeapSmall();
        return withoutEntries(result);
      });
    }
  };
  const parseOneHere = async () => {
    const [index, batch] = take();
    const parsed = parseSources(batch, collections);
    if (parsed.items.length > 0) for (const helper of helpers) helper.share(parsed.items);
    results[index] = entriesElsewhere ? withoutEntries(parsed) : parsed;
    keepHeapSmall();
    // Lets helper replies in, so their next batches go out before this thread takes another.
    await new Promise((resolve) => setImmediate(resolve));
  };
  const close = () => {
    if (open.length === 0) return;
    batches.push(open);
    open = [];
    for (const helper of helpers) feed(helper);
  };

  return {
    add(source: ContentSource): Promise<void> | undefined {
      open.push(source);
      if (open.length < batchSize) return undefined;
      close();
      return next < batches.length ? parseOneHere() : undefined;
    },
    async finish(): Promise<ParsedSources> {
      close();
      while (next < batches.length) {
        if (helpers.length > 0) await parseOneHere();
        else {
          const [index, batch] = take();
          results[index] = parseSources(batch, collections);
        }
      }
      const done = await Promise.all(results);
      return {
        fingerprints: done.flatMap((result) => result.fingerprints),
        readErrors: done.flatMap((result) => result.readErrors),
        items: done.flatMap((result) => result.items),
        parseErrors: done.flatMap((result) => result.parseErrors),
        validationErrors: done.flatMap((result) => result.validationErrors),
      };
    },
    get elsewhere() {
      return elsewhere;
    },
  };
}

/** What stands for an entry this thread parsed or relayed but does not keep: the helpers hold it by its fingerprint. */
export const ENTRY_HELD_ELSEWHERE: ValidatedEntry = { kind: '', file: '', list: [] };

function withoutEntries(parsed: ParsedSources): ParsedSources {
  return { ...parsed, items: parsed.items.map(({ fingerprint }) => ({ fingerprint, item: ENTRY_HELD_ELSEWHERE })) };
}
