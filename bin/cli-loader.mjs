/**
 * The compiled CLI's entry: bin/compile-cli.mjs copies this file to
 * lib/cli/cli.mjs, next to cli-bundle.cjs (the CLI as one CommonJS file).
 *
 * The bundle is loaded as any CommonJS file is, with require(), and its own
 * import() calls are Node's: site modules (site.config.ts, the templates)
 * are imported the same way as when tests run src/, and may use top-level
 * await. Where Node has
 * module.enableCompileCache (22.1+), V8's compiled code for the bundle and
 * for the packages it loads is kept in lib/cli/compile-cache/ (Node keys it
 * to each file's contents and its own version; a read-only install simply
 * runs without it). The folder is also handed to render workers through
 * NODE_COMPILE_CACHE, which they inherit. On Node 20 there is no public way
 * to keep compiled code, and a run starts slower (docs/performance.md says
 * by how much).
 */
import module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** Runs the CLI (`main` of src/cli.ts): same arguments, same exit code. */
export async function main(argv, ...rest) {
  enableCompileCache(path.join(dir, 'compile-cache'));
  // require(), not import(): Node's ES-module loader would first scan the 1.5 MB file for its
  // export names (~0.2 s of CPU on every run).
  const cli = createRequire(import.meta.url)('./cli-bundle.cjs');
  return cli.main(argv, ...rest);
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
