/**
 * Asks the compiled CLI's loader (bin/load-bundle.mjs) to write V8's code
 * cache of this thread's bundle once it has done something the cache does
 * not cover yet: a command (the CLI, after it ran), a render worker's first
 * parse or render. V8 keeps in a cache the functions that had run when it was
 * written, so the cache of a fresh install (written by npm's `prepare`, which
 * runs `--version`) left every later build to compile most of the bundle from
 * source; and a worker's cache, written once its top level had run, left it
 * to compile its render code in every build. Run from src/ (tests) or on a
 * Node with module.enableCompileCache, there is no loader and nothing to do.
 */
declare const __cleansiteCodeCache: { cover(purpose: string): void } | undefined;

export function keepCompiledCode(purpose: string): void {
  if (typeof __cleansiteCodeCache === 'object' && __cleansiteCodeCache !== null) __cleansiteCodeCache.cover(purpose);
}

/** The command a successful CLI run covers: its first word that is not an option. */
export function commandOf(argv: readonly string[]): string {
  const word = argv.slice(2).find((arg) => !arg.startsWith('-'));
  return word === undefined ? 'options' : /^[a-z]+$/.test(word) ? word : 'other';
}
