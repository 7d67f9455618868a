/**
 * The engine's own CommonJS dependencies, loaded with require(): import() of
 * a CommonJS package has Node's ES-module loader scan its source for export
 * names first (cjs-module-lexer, whose first use cost ~15-20 ms of the
 * committed site's cold build). Site modules are still import()ed, so they
 * may use top-level await.
 */
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

export const loadEsbuild = (): typeof import('esbuild') => requireHere('esbuild');
export const loadLightningCss = (): typeof import('lightningcss') => requireHere('lightningcss');
