/**
 * Loads one of the compiled CLI's CommonJS bundles (cli-bundle.cjs, a render
 * worker's bundle); bin/compile-cli.mjs copies this file into lib/cli/.
 *
 * Where Node has module.enableCompileCache (22.1+), the bundle is simply
 * require()d: Node keeps its compiled code (cli.mjs enables that). Node 20
 * has no such cache, so the bundle is compiled here with vm.Script, given the
 * V8 code cache kept in lib/cli/code-cache/. V8 checks the data itself: a
 * damaged cache is rejected (`cachedDataRejected`) and the bundle compiles
 * from source, as it does when the folder cannot be read or written.
 *
 * - **What a cache covers.** V8 keeps in a cache the functions that had run
 *   when it was written. A cache file starts with the list of what it covers
 *   (a command, a worker's first parse or render): a run that does something
 *   the cache does not cover writes it again once it has
 *   (src/core/code-cache.ts), with the functions it read from the cache and
 *   the ones it compiled. Before, a fresh install's cache held what
 *   `--version` (npm's prepare) ran, and every build compiled the rest of the
 *   bundle from source; a worker's, what its top level ran.
 * - **Named by the V8 flags.** V8 rejects data written under other flags
 *   (NODE_OPTIONS; src/core/garbage-collection.ts sets some while a build
 *   runs, and a large build's workers start under others than a small
 *   build's). Each flag set has its own file, named by the bundle's SHA-1,
 *   Node's version and architecture, and the flags' hash as V8 writes it in
 *   the first bytes of any cached data (a one-character script's, made for
 *   that): a cache is always written to the file of the flags it was made
 *   under, so no run rejects what another wrote.
 *
 * An import() written inside a vm.Script fails on Node 20 (no loader for
 * it), so the bundle never calls import() itself: the ES-module entry passes
 * `importer`, its own import(), as the wrapper's `__cleansiteImport`
 * (src/core/import-module.ts); `__cleansiteCodeCache` is the purposes' writer.
 */
import module, { createRequire } from 'node:module';
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { threadId } from 'node:worker_threads';

const HEADER = 'cleansite code cache, covers:';
/** Purposes one cache records at most: a mistyped command writes the cache once, not without end. */
const MOST_PURPOSES = 12;

/** The bundle's exports. The bundle asks for its cache to be written through `__cleansiteCodeCache.cover(purpose)`. */
export function loadBundle(file, importer) {
  if (typeof module.enableCompileCache === 'function') return createRequire(file)(file);
  const bytes = readFileSync(file);
  const source = bundleSource(bytes);
  const cacheName = cacheNamer(file, bytes);
  const loadedFrom = cacheName();
  const cached = readCache(loadedFrom);
  // The parameters of Node's own CommonJS wrapper, the importer and the code cache's writer.
  const wrapper = `(function (exports, require, module, __filename, __dirname, __cleansiteImport, __cleansiteCodeCache) {${source}\n})`;
  const script = new vm.Script(wrapper, { filename: file, cachedData: cached?.data });
  // What the functions this run holds cover: those read from an accepted cache, and this run's purposes.
  const covered = new Set(cached && !script.cachedDataRejected ? cached.covers : []);
  const codeCache = {
    cover(purpose) {
      if (covered.has(purpose) || covered.size >= MOST_PURPOSES) return;
      covered.add(purpose);
      const cacheFile = cacheName();
      // Flags changed since the load: that flag set's file may already cover as much.
      if (cacheFile !== loadedFrom && [...covered].every((done) => readCovers(cacheFile).includes(done))) return;
      writeCache(cacheFile, script.createCachedData(), covered);
    },
  };
  const bundleModule = { exports: {}, filename: file, id: file, loaded: false };
  script.runInThisContext().call(bundleModule.exports, bundleModule.exports, createRequire(file), bundleModule, file, path.dirname(file), importer, codeCache);
  bundleModule.loaded = true;
  return bundleModule.exports;
}

/**
 * The bundle's source. compile-cli.mjs writes it in ASCII (non-ASCII characters escaped), so it is
 * read as Latin-1: a one-byte string made without UTF-8 decoding, half the memory of the two-byte
 * string one non-ASCII character made of all of it, and faster for V8 to scan.
 */
function bundleSource(bytes) {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** The cache file for the V8 flags in force now: `<bundle>-<SHA-1 of bundle, Node version, arch>-<flags>.bin`. */
function cacheNamer(file, bytes) {
  const key = createHash('sha1').update(bytes).update(`\0${process.version}\0${process.arch}`).digest('hex').slice(0, 20);
  const dir = path.join(path.dirname(file), 'code-cache');
  return () => path.join(dir, `${path.basename(file, '.cjs')}-${key}-${flagsKey()}.bin`);
}

/**
 * The V8 flags in force, as V8 records them: its cached data starts with a magic number, V8's
 * version hash, the source's hash (here of one character) and the flags' hash, the same in every
 * process with the same flags (what follows is not).
 */
function flagsKey() {
  const data = new vm.Script('0', { filename: 'cleansite-v8-flags' }).createCachedData();
  return createHash('sha1').update(data.subarray(0, 16)).digest('hex').slice(0, 8);
}

/** The cache's V8 data and the purposes it covers; undefined when there is none (or not in this format). */
function readCache(cacheFile) {
  let bytes;
  try {
    bytes = readFileSync(cacheFile);
  } catch {
    return undefined; // not made yet, or unreadable: compiled from source
  }
  const end = bytes.indexOf(10);
  const covers = parseHeader(end > 0 ? bytes.toString('latin1', 0, end) : '');
  return covers && { covers, data: bytes.subarray(end + 1) };
}

/** The purposes a cache file covers, from its first line alone; none when it is missing. */
function readCovers(cacheFile) {
  try {
    const fd = openSync(cacheFile, 'r');
    try {
      const head = Buffer.alloc(512);
      const length = readSync(fd, head, 0, head.length, 0);
      const end = head.subarray(0, length).indexOf(10);
      return parseHeader(end > 0 ? head.toString('latin1', 0, end) : '') ?? [];
    } finally {
      closeSync(fd);
    }
  } catch {
    return [];
  }
}

function parseHeader(line) {
  return line.startsWith(HEADER) ? line.slice(HEADER.length).split(',').filter(Boolean) : undefined;
}

/** Written aside and renamed (other processes and workers may load the same bundle); caches of another compile of the bundle are removed. */
function writeCache(cacheFile, data, covers) {
  const dir = path.dirname(cacheFile);
  const temporary = `${cacheFile}.${process.pid}-${threadId}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${HEADER}${[...covers].join(',')}\n`, 'latin1'), data]));
    renameSync(temporary, cacheFile);
    // `<bundle>-<key>-`: the same bundle's files for other flags are kept.
    const ofThisCompile = path.basename(cacheFile).replace(/[0-9a-f]+\.bin$/, '');
    const ofThisBundle = ofThisCompile.replace(/[0-9a-f]+-$/, '');
    for (const name of readdirSync(dir)) {
      if (name.startsWith(ofThisBundle) && name.endsWith('.bin') && !name.startsWith(ofThisCompile)) rmSync(path.join(dir, name), { force: true });
    }
  } catch {
    // A read-only install, or code-cache/ is not a folder: runs without the cache.
    try { rmSync(temporary, { force: true }); } catch { /* nothing was written */ }
  }
}
