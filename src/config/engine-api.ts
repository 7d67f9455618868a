/**
 * The site's modules import the engine as `cleansite` (src/index.ts). When
 * they are compiled (core/compile-module.ts) that import becomes a read of
 * the running engine's own API object, handed over on globalThis: no second
 * copy of zod to load (~60 ms), and a site's schemas are zod objects of the
 * same instance the engine reads their issues with. In a worker thread the
 * API is handed over again by whoever imports a site module there.
 */
import type { Plugin } from 'esbuild';
import * as api from './site-api.ts';

/** The global symbol's name, shared by the engine and the code the plugin writes. */
const API_SYMBOL = 'cleansite.engine-api';

/** Makes the API reachable by compiled site modules; call before importing one. */
export function provideEngineApi(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for(API_SYMBOL)] = api;
}

export const engineApiPlugin: Plugin = {
  name: 'cleansite-engine-api',
  setup(build) {
    build.onResolve({ filter: /^cleansite$/ }, () => ({ path: 'cleansite', namespace: 'cleansite-api' }));
    build.onLoad({ filter: /.*/, namespace: 'cleansite-api' }, () => {
      const names = Object.keys(api).filter((name) => name !== 'default');
      return {
        contents: `const api = globalThis[Symbol.for(${JSON.stringify(API_SYMBOL)})];\n`
          + 'if (!api) throw new Error("cleansite: a site module was loaded outside the engine");\n'
          + `export const { ${names.join(', ')} } = api;\n`,
        loader: 'js',
      };
    });
  },
};
