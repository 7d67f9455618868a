/**
 * The compiled CLI's entry: bin/compile-cli.mjs copies this file to
 * lib/cli/cli.mjs, next to cli-bundle.cjs (the CLI as one CommonJS file).
 *
 * The bundle is loaded as any CommonJS file is, with require(), and its own
 * import() calls are Node's: site modules (site.config.ts, the templates)
 * are imported the same way as when tests run src/, and may use top-level
 * await. On Node 20, load-bundle.mjs keeps V8's code cache for the bundle
 * (lib/cli/code-cache/), covering each command run. Where Node has
 * module.enableCompileCache (22.1+), V8's compiled code for the bundle and
 * for the packages it loads is kept in lib/cli/compile-cache/ (Node keys it
 * to each file's contents and its own version; a read-only install simply
 * runs without it). The folder is also handed to render workers through
 * NODE_COMPILE_CACHE, which they inherit. Before the bundle loads it also
 * sets the one V8 flag cleansite starts with (roomBeforeWorkersMark, below).
 */
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { loadBundle } from './load-bundle.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
let cli;

/** Runs the CLI (`main` of src/cli.ts): same arguments, same exit code. */
export async function main(argv, ...rest) {
  enableCompileCache(path.join(dir, 'compile-cache'));
  roomBeforeWorkersMark();
  // Loaded as CommonJS, not import()ed: Node's ES-module loader would first scan the 1.5 MB file
  // for its export names (~0.2 s of CPU on every run).
  cli = loadBundle(path.join(dir, 'cli-bundle.cjs'), (specifier) => import(specifier));
  // The bundle writes its code cache once a command has run (src/core/code-cache.ts).
  return await cli.main(argv, ...rest);
}

/** True when the command main() ran has nothing left running (a build): the launcher ends the process (`processMayEnd` of src/cli.ts). */
export function processMayEnd() {
  return cli?.processMayEnd() ?? false;
}

/**
 * Ends the process once what was written to stdout and stderr has gone out (pipes are asynchronous
 * on macOS), with process.exitCode. Without the wait for Node's own end, the process skips the
 * teardown of its heaps and threads (~10-20 ms of a small build, docs/performance.md, `cold-7`).
 */
export function endProcess() {
  let open = 2;
  const written = () => {
    if (--open === 0) process.exit();
  };
  process.stdout.write('', written);
  process.stderr.write('', written);
}

function enableCompileCache(cacheDir) {
  if (typeof module.enableCompileCache !== 'function' || process.env.NODE_DISABLE_COMPILE_CACHE) return;
  try {
    const { status } = module.enableCompileCache(cacheDir);
    // Workers start with their parent's environment: they use the same folder.
    if (status === module.constants.compileCacheStatus.ENABLED) process.env.NODE_COMPILE_CACHE ??= cacheDir;
  } catch {
    // A folder that cannot be made: the CLI runs without the cache.
  }
}

/**
 * A render worker's heap is first marked once its old generation reaches 64 MB, not V8's default
 * of about 18 MB. A small build's one worker reached the default in its last pages (the site it
 * holds, React and the templates, promoted strings), so V8 had just begun marking when the build
 * stopped it, and Node's teardown of the thread finishes a marking under way at once: a full
 * collection of ~20 MB that the build waited for before it could exit (10-30 ms of the committed
 * site's cold build, docs/performance.md, History, `cold-cpu-4`). V8 reads the setting when it
 * makes a heap: it applies to the workers started later, not to this thread's heap. Set before
 * the bundle loads, as V8's flags are part of each code cache's name (load-bundle.mjs): one flag
 * set from the start, never a second cache file. A size given on the command line is kept.
 */
function roomBeforeWorkersMark() {
  if (process.execArgv.some((arg) => /^--initial[-_]old[-_]space[-_]size\b/.test(arg))) return;
  setFlagsFromString('--initial-old-space-size=64');
}
