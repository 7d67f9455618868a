/**
 * Compiles src/ into lib/cli/ with esbuild (bin/cleansite.mjs calls this
 * when the sources or these settings changed):
 *
 * - cli-bundle.cjs: the CLI as one CommonJS file, which cli.mjs (a copy of
 *   cli-loader.mjs) imports, with Node's compile cache where Node has one.
 *   CommonJS, because its packages are then required when first used: an ES
 *   module bundle imports every external package (React, esbuild, sharp,
 *   the AWS SDK...) before it runs, ~0.25 s of CPU for `--version`;
 * - render-worker.cjs: the render workers' code (build and watch) as one
 *   CommonJS file, for the same reason: Node's ES-module loader costs a
 *   worker ~5 % more CPU in a small build (an ES-module worker with shared
 *   chunks was compiled until 2026-11-26); render-worker.mjs, two lines,
 *   is the entry point workers are started with (src/render/compiled-worker.ts).
 *
 * Each compile is written to a folder of its own and swapped in whole: the
 * previous compile (and its chunks) is removed, and a failed compile leaves
 * it untouched. A lock file makes launchers that start together (parallel
 * tests) compile once: the others wait, then run what the first compiled.
 */
import { closeSync, copyFileSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { legacyServerBundled, sitemapWithoutParsers, yamlWithoutEsprima, zodEnglishOnly } from './bundle-plugins.mjs';

const binDir = path.dirname(fileURLToPath(import.meta.url));
const WORKER_ENTRY_POINTS = { 'render-worker': 'session/render-worker.ts' };
// Pure-JS dependencies are bundled: one parsed file instead of hundreds of resolved and
// compiled modules saves ~0.2 s of CPU per run. Native packages stay external, and so
// does React, which the compiled templates import from node_modules too. The AWS SDK clients
// stay external as well: only `deploy` loads them, and bundled every command would parse them.
const EXTERNAL_PACKAGES = ['react', 'react-dom', 'esbuild', 'lightningcss', 'sharp', 'chokidar', 'fsevents', '@aws-sdk/client-s3', '@aws-sdk/client-cloudfront'];
// In the CommonJS bundles, import.meta.url (src/ finds the workers and package.json with it) is the bundle's own URL.
const MODULE_URL_BANNER = "const __cleansiteModuleUrl = require('node:url').pathToFileURL(__filename).href;";
// Longer than any compile: a lock this old was left by a launcher that did not finish.
const LOCK_STALE_MS = 60_000;

/** Compiles into outDir and writes `stamp` there, unless another launcher did so meanwhile (`isCurrent`). */
export async function compileCli({ sourceDir, outDir, stamp, isCurrent }) {
  mkdirSync(path.dirname(outDir), { recursive: true });
  const unlock = await lock(`${outDir}.lock`);
  try {
    if (isCurrent()) return;
    removeLeftovers(outDir);
    const staging = `${outDir}.staging-${process.pid}`;
    try {
      await bundle(sourceDir, staging);
      copyFileSync(path.join(binDir, 'cli-loader.mjs'), path.join(staging, 'cli.mjs'));
      copyFileSync(path.join(binDir, 'load-bundle.mjs'), path.join(staging, 'load-bundle.mjs'));
      writeFileSync(path.join(staging, 'stamp'), stamp);
      swapIn(staging, outDir);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
  } finally {
    unlock();
  }
}

async function bundle(sourceDir, outDir) {
  const esbuild = await import('esbuild');
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    plugins: [zodEnglishOnly, sitemapWithoutParsers, yamlWithoutEsprima],
    // Shorter code with the same names, so stack traces stay readable.
    minifySyntax: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  };
  const workers = Object.entries(WORKER_ENTRY_POINTS).filter(([, file]) => isFile(path.join(sourceDir, file)));
  // import() stays Node's own: the site's modules (ES modules, top-level await allowed) load as in tests.
  const commonJs = { format: 'cjs', define: { 'import.meta.url': '__cleansiteModuleUrl' }, banner: { js: MODULE_URL_BANNER }, outExtension: { '.js': '.cjs' }, outdir: outDir };
  await Promise.all([
    esbuild.build({ ...common, ...commonJs, entryPoints: { 'cli-bundle': path.join(sourceDir, 'cli.ts') } }),
    // A worker renders: react-dom's legacy server is bundled into it (bin/bundle-plugins.mjs says why).
    ...workers.map(([name, file]) => esbuild.build({ ...common, ...commonJs, plugins: [legacyServerBundled, ...common.plugins], entryPoints: { [name]: path.join(sourceDir, file) }, minifyWhitespace: true })),
  ]);
  for (const name of ['cli-bundle', ...workers.map(([name]) => name)]) escapeNonAscii(path.join(outDir, `${name}.cjs`));
  for (const [name] of workers) writeFileSync(path.join(outDir, `${name}.mjs`), workerEntry(name));
}

/**
 * esbuild escapes non-ASCII characters in strings, not in comments or regular expression
 * literals; one such character made Node read the whole bundle as a two-byte string (UTF-8
 * decoding ~7 ms, twice the memory, slower for V8 to scan). Each is written as a \uXXXX escape,
 * which means the same character in a regular expression, a string or an identifier (the bundles
 * have no String.raw templates), so load-bundle.mjs reads the bundle as Latin-1.
 */
function escapeNonAscii(file) {
  const source = readFileSync(file, 'utf8');
  const escaped = source.replace(/[^\x00-\x7f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped !== source) writeFileSync(file, escaped);
}

/**
 * A worker's entry point: it loads the CommonJS bundle as cli.mjs does the CLI's. Workers are
 * terminated, so the bundle writes its code cache after its first parse or render (src/core/code-cache.ts).
 */
function workerEntry(name) {
  return [
    `// Starts ${name}.cjs (bin/compile-cli.mjs says why CommonJS; load-bundle.mjs, how).`,
    "import { fileURLToPath } from 'node:url';",
    "import { loadBundle } from './load-bundle.mjs';",
    `loadBundle(fileURLToPath(new URL('./${name}.cjs', import.meta.url)), (specifier) => import(specifier));`,
    '',
  ].join('\n');
}

/** Replaces outDir by staging: two renames, then the old compile is removed. */
function swapIn(staging, outDir) {
  const previous = `${outDir}.old-${process.pid}`;
  try {
    renameSync(outDir, previous);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  try {
    renameSync(staging, outDir);
  } catch (error) {
    try { renameSync(previous, outDir); } catch { /* nothing to put back */ }
    throw error;
  }
  rmSync(previous, { recursive: true, force: true });
}

/** Folders left by a launcher that was stopped mid-compile. Called with the lock held, so none is in use. */
function removeLeftovers(outDir) {
  const prefixes = [`${path.basename(outDir)}.staging-`, `${path.basename(outDir)}.old-`];
  for (const name of readdirSync(path.dirname(outDir))) {
    if (prefixes.some((prefix) => name.startsWith(prefix))) rmSync(path.join(path.dirname(outDir), name), { recursive: true, force: true });
  }
}

async function lock(lockFile) {
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (lockIsStale(lockFile)) rmSync(lockFile, { force: true });
    else await sleep(50);
  }
}

/** Stale when its launcher has exited or it is older than any compile. */
function lockIsStale(lockFile) {
  try {
    if (Date.now() - statSync(lockFile).mtimeMs > LOCK_STALE_MS) return true;
    const owner = Number(readFileSync(lockFile, 'utf8'));
    if (!Number.isInteger(owner) || owner <= 0) return false; // just created, the pid not written yet
    process.kill(owner, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH'; // the owner is gone; ENOENT: released meanwhile, try again
  }
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
