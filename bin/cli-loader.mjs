/**
 * The compiled CLI's entry: bin/compile-cli.mjs copies this file to
 * lib/cli/cli.mjs, next to cli-bundle.js (the CLI as one CommonJS file).
 *
 * V8 spends ~40 ms parsing the ~1.4 MB bundle, and more compiling each
 * function as it is first called (~0.2 s of CPU in all for a cold build of
 * the committed site). A code cache written after a build holds those
 * functions compiled, and loads in ~10 ms. Node 20 has no
 * module.enableCompileCache, so the bundle is compiled here with
 * vm.Script and the cache's cachedData. The cache file is keyed to the
 * bundle's bytes and the Node version and platform, written to a temporary
 * file and renamed (concurrent runs never see half a file), and simply not
 * used when the key differs or V8 rejects it: the bundle then compiles from
 * its source, as any module would, and this run writes a new cache.
 *
 * The cache holds what one run compiled, so it is written again once by the
 * first successful `build` when an earlier run (say `--version`) made it.
 * Runs that change V8's flags write none: V8 would reject it in the next.
 * Stack traces point into cli-bundle.js (names and lines kept; Node applies
 * no source map to a vm.Script, cli-bundle.js.map is there for other tools).
 *
 * The CommonJS packages the bundle requires from node_modules (React,
 * esbuild's and lightningcss's JavaScript: ~0.6 MB) get the same treatment
 * (`packageCompiles` below): each is compiled with the code cache a
 * successful build wrote for it, keyed to its bytes, ~25 ms less CPU in a
 * cold build of the committed site.
 *
 * A Node 20 workaround, one of two (the other: V8 flags set at run time,
 * src/core/garbage-collection.ts). It can go, with the require() shim in
 * compile-cli.mjs, once Node 22.1 (module.enableCompileCache) is the oldest
 * Node cleansite supports.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const dir = path.dirname(fileURLToPath(import.meta.url));
const bundleFile = path.join(dir, 'cli-bundle.js');
// Not a .js/.mjs name: the code version (src/cache/code-version.ts) fingerprints those, and must not change when the cache is written.
const cacheFile = path.join(dir, 'cli-bundle.v8-cache');
const packagesCacheFile = path.join(dir, 'node-modules.v8-cache');
// Node's own CommonJS wrapper: the bundle sees the same five variables as under `require`.
const WRAPPER = '(function (exports, require, module, __filename, __dirname) {';

/** Runs the CLI (`main` of src/cli.ts): same arguments, same exit code. */
export async function main(argv, ...rest) {
  const source = readFileSync(bundleFile);
  const key = `${createHash('sha256').update(source).digest('hex')} ${process.version} ${process.platform} ${process.arch}`;
  const cache = readCodeCache(key);
  const script = new vm.Script(`${WRAPPER}${source.toString('utf8')}\n})`, { filename: bundleFile, cachedData: cache?.data });
  const module = { exports: {} };
  let flagsChanged = false;
  const packages = packageCompiles(packagesCacheFile);
  script.runInThisContext()(module.exports, bundleRequire(() => { flagsChanged = true; }), module, bundleFile, dir);
  const exitCode = await module.exports.main(argv, ...rest);
  packages.stop();

  const producer = exitCode === 0 && commandName(argv) === 'build' ? 'build' : 'other';
  if (producer === 'build' && packages.wanted() && !flagsChanged) packages.write();
  const accepted = cache !== undefined && !script.cachedDataRejected;
  const wanted = !accepted || (cache.producer !== 'build' && producer === 'build');
  // V8 stamps a cache with its flags at the time and rejects it under others: a run that set some
  // (watch mode, render workers: --expose-gc...) would write a cache the next run cannot use.
  if (wanted && !flagsChanged) writeCodeCache(script, key, producer);
  return exitCode;
}

/**
 * The bundle's import() calls are require() calls (see compile-cli.mjs); the
 * one that imports the compiled templates passes a file URL. Its node:v8
 * reports V8 flag changes.
 */
function bundleRequire(onFlagsChange) {
  const require = createRequire(bundleFile);
  const v8 = require('node:v8');
  const reportingV8 = { ...v8, setFlagsFromString: (flags) => { onFlagsChange(); v8.setFlagsFromString(flags); } };
  return Object.assign((id) => {
    if (id === 'node:v8' || id === 'v8') return reportingV8;
    return require(id.startsWith('file:') ? fileURLToPath(id) : id);
  }, require);
}

/** The cache file: one JSON line ({ key, producer, bytes }), then V8's data. */
function readCodeCache(key) {
  let file;
  try {
    file = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const headerEnd = file.indexOf(10);
  if (headerEnd < 0) return undefined;
  try {
    const header = JSON.parse(file.subarray(0, headerEnd).toString('utf8'));
    const data = file.subarray(headerEnd + 1);
    return header.key === key && header.bytes === data.length ? { producer: header.producer, data } : undefined;
  } catch {
    return undefined;
  }
}

function writeCodeCache(script, key, producer) {
  const data = script.createCachedData();
  writeAtomically(cacheFile, [Buffer.from(`${JSON.stringify({ key, producer, bytes: data.length })}\n`), data]);
}

/**
 * Compiles the CommonJS files of node_modules through vm.Script with their
 * code caches: one file, written whole by a successful build in which any
 * was missing or rejected, keeping the entries of files that build did not
 * load. A file's cache is keyed to its bytes (V8 itself only checks the
 * length). Everything else is as Node's own _compile does it.
 */
export function packageCompiles(cacheFile) {
  const Module = createRequire(bundleFile)('node:module');
  const original = Module.prototype._compile;
  const platform = `${process.version} ${process.platform} ${process.arch}`;
  const stored = readPackageCaches(cacheFile, platform);
  const compiled = new Map();
  let missed = stored.size === 0;
  const inPackages = `${path.sep}node_modules${path.sep}`;
  Module.prototype._compile = function compileWithCache(content, filename, format) {
    if (format === 'module' || !filename.includes(inPackages) || filename.endsWith('.mjs')) return original.call(this, content, filename, format);
    const hash = createHash('sha256').update(content).digest('hex');
    const cached = stored.get(filename);
    let script;
    try {
      script = new vm.Script(Module.wrap(content), {
        filename,
        cachedData: cached?.hash === hash ? cached.data : undefined,
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      });
    } catch {
      // Not CommonJS after all (ES module syntax): Node decides what to do with it.
      return original.call(this, content, filename, format);
    }
    if (cached?.hash !== hash || script.cachedDataRejected) missed = true;
    compiled.set(filename, { script, hash });
    const module = this;
    const require = (id) => module.require(id);
    require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
    require.resolve.paths = (request) => Module._resolveLookupPaths(request, module);
    require.main = process.mainModule;
    require.extensions = Module._extensions;
    require.cache = Module._cache;
    return script.runInThisContext().call(module.exports, module.exports, require, module, filename, path.dirname(filename));
  };
  return {
    stop: () => {
      Module.prototype._compile = original;
    },
    wanted: () => missed,
    write: () => {
      const modules = [];
      const parts = [];
      for (const [file, { script, hash }] of compiled) {
        const data = script.createCachedData();
        modules.push({ file, hash, bytes: data.length });
        parts.push(data);
      }
      // Kept for the files this run did not load (sharp, say, when an image was encoded before).
      for (const [file, { hash, data }] of stored) {
        if (compiled.has(file)) continue;
        modules.push({ file, hash, bytes: data.length });
        parts.push(data);
      }
      writeAtomically(cacheFile, [Buffer.from(`${JSON.stringify({ platform, modules })}\n`), ...parts]);
    },
  };
}

/** file -> { hash, data } from the packages' cache file; empty when it is missing, damaged or for another Node. */
function readPackageCaches(cacheFile, platform) {
  const caches = new Map();
  try {
    const file = readFileSync(cacheFile);
    const headerEnd = file.indexOf(10);
    const header = JSON.parse(file.subarray(0, headerEnd).toString('utf8'));
    if (header.platform !== platform) return caches;
    let offset = headerEnd + 1;
    for (const { file: name, hash, bytes } of header.modules) {
      caches.set(name, { hash, data: file.subarray(offset, offset + bytes) });
      offset += bytes;
    }
    if (offset !== file.length) caches.clear();
  } catch {
    caches.clear();
  }
  return caches;
}

/** Written to a temporary file and renamed: concurrent runs never see half a file. */
function writeAtomically(target, parts) {
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, Buffer.concat(parts));
    renameSync(temporary, target);
  } catch {
    // A read-only or full disk: the next run compiles from source again.
    rmSync(temporary, { force: true });
  }
}

/** The command, for the cache's producer only: the first argument that is not an option (global options take no value). */
function commandName(argv) {
  return argv.slice(2).find((arg) => !arg.startsWith('-'));
}
