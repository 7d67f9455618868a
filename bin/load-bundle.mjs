/**
 * Loads one of the compiled CLI's CommonJS bundles (cli-bundle.cjs, a render
 * worker's bundle); bin/compile-cli.mjs copies this file into lib/cli/.
 *
 * Where Node has module.enableCompileCache (22.1+), the bundle is simply
 * require()d: Node keeps its compiled code (cli.mjs enables that). Node 20
 * has no such cache, so the bundle is compiled here with vm.Script, given the
 * V8 code cache kept in lib/cli/code-cache/ (named by the bundle's SHA-1 and
 * Node's version and architecture). V8 checks the data itself: a stale or
 * damaged cache is rejected (`cachedDataRejected`) and the bundle compiles
 * from source, as it does when the folder cannot be read or written.
 *
 * An import() written inside a vm.Script fails on Node 20 (no loader for
 * it), so the bundle never calls import() itself: the ES-module entry passes
 * `importer`, its own import(), as the wrapper's `__cleansiteImport`
 * (src/core/import-module.ts).
 */
import module, { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { threadId } from 'node:worker_threads';

/** The bundle's exports, and `saveCodeCache()`: writes V8's code for what has run so far, if no valid cache was given. */
export function loadBundle(file, importer) {
  if (typeof module.enableCompileCache === 'function') return { exports: createRequire(file)(file), saveCodeCache() {} };
  const source = readFileSync(file, 'utf8');
  const cacheFile = codeCacheFile(file, source);
  const cachedData = readCache(cacheFile);
  // The parameters of Node's own CommonJS wrapper, and the importer.
  const wrapper = `(function (exports, require, module, __filename, __dirname, __cleansiteImport) {${source}\n})`;
  const script = new vm.Script(wrapper, { filename: file, cachedData });
  const bundleModule = { exports: {}, filename: file, id: file, loaded: false };
  script.runInThisContext().call(bundleModule.exports, bundleModule.exports, createRequire(file), bundleModule, file, path.dirname(file), importer);
  bundleModule.loaded = true;
  const needsCache = cachedData === undefined || script.cachedDataRejected === true;
  let saved = !needsCache;
  return {
    exports: bundleModule.exports,
    saveCodeCache() {
      if (saved) return;
      saved = true;
      writeCache(cacheFile, script.createCachedData());
    },
  };
}

function codeCacheFile(file, source) {
  const key = createHash('sha1').update(source).update(`\0${process.version}\0${process.arch}`).digest('hex').slice(0, 20);
  return path.join(path.dirname(file), 'code-cache', `${path.basename(file, '.cjs')}-${key}.bin`);
}

function readCache(cacheFile) {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined; // not made yet, or unreadable: compiled from source
  }
}

/** Written aside and renamed (other processes and workers may load the same bundle); older caches of the bundle are removed. */
function writeCache(cacheFile, data) {
  const dir = path.dirname(cacheFile);
  const temporary = `${cacheFile}.${process.pid}-${threadId}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, cacheFile);
    const prefix = `${path.basename(cacheFile).replace(/-[0-9a-f]+\.bin$/, '')}-`;
    for (const name of readdirSync(dir)) {
      if (name.startsWith(prefix) && name.endsWith('.bin') && name !== path.basename(cacheFile)) rmSync(path.join(dir, name), { force: true });
    }
  } catch {
    // A read-only install, or code-cache/ is not a folder: runs without the cache.
    try { rmSync(temporary, { force: true }); } catch { /* nothing was written */ }
  }
}
