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
 * NODE_COMPILE_CACHE, which they inherit.
 */
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundle } from './load-bundle.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** Runs the CLI (`main` of src/cli.ts): same arguments, same exit code. */
export async function main(argv, ...rest) {
  enableCompileCache(path.join(dir, 'compile-cache'));
  // Loaded as CommonJS, not import()ed: Node's ES-module loader would first scan the 1.5 MB file
  // for its export names (~0.2 s of CPU on every run).
  const cli = loadBundle(path.join(dir, 'cli-bundle.cjs'), (specifier) => import(specifier));
  // The bundle writes its code cache once a command has run (src/core/code-cache.ts).
  return await cli.main(argv, ...rest);
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
