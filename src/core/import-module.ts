/**
 * import() of an ES module the engine does not bundle: the site config, the
 * compiled templates, sharp. On a Node without module.enableCompileCache
 * (20), the compiled CLI runs its bundles through vm.Script to keep V8's
 * compiled code (bin/load-bundle.mjs), and an import() written inside such a
 * script has no loader there: the bundle's ES-module entry passes its own
 * import() in, as the wrapper's `__cleansiteImport` parameter. Run from src/
 * (tests) or by require(), the name is not defined and import() is used.
 */
declare const __cleansiteImport: ((specifier: string) => Promise<unknown>) | undefined;

export function importModule(specifier: string): Promise<unknown> {
  return typeof __cleansiteImport === 'function' ? __cleansiteImport(specifier) : import(specifier);
}
