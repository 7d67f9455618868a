/**
 * esbuild plugins that keep code the CLI never runs out of its bundles:
 * every byte bundled is read, and much of it compiled, on every run.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const inPackage = (name) => new RegExp(`[\\\\/]node_modules[\\\\/]${name}[\\\\/]`);

/**
 * zod re-exports all of its ~50 locales (`export * as locales` in
 * v4/classic/external.js and v4/core/index.js): ~366 KB of the bundle. The
 * schemas use the English messages, which zod registers from locales/en.js
 * itself; only `locales.en` stays.
 */
export const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * `sitemap` exports its XML parsers (and their `sax` dependency) from the
 * same index as SitemapStream, its package exports allow no deeper import,
 * and it does not declare itself free of side effects. Its modules are only
 * definitions, so they are marked so: what src/output/sitemap-xml.ts does
 * not import (the parsers, sax, xmllint) is left out.
 */
export const sitemapWithoutParsers = {
  name: 'sitemap-without-parsers',
  setup(build) {
    const sitemapFile = inPackage('sitemap');
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.sitemapResolved) return undefined;
      if (args.path !== 'sitemap' && !sitemapFile.test(args.importer)) return undefined;
      const result = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { sitemapResolved: true } });
      if (result.errors.length > 0 || result.external || !sitemapFile.test(result.path)) return result;
      return { ...result, sideEffects: false };
    });
  },
};

/**
 * js-yaml (under gray-matter) tries to require esprima when it loads, only
 * to support YAML's executable !!js/function tag, which the safe loader
 * gray-matter uses never allows: without it, ~300 KB are not parsed per run.
 * If a js-yaml update changes that line, esbuild prints a warning and the
 * CLI still works (loading esprima).
 */
export const yamlWithoutEsprima = {
  name: 'yaml-without-esprima',
  setup(build) {
    build.onLoad({ filter: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const patched = source.replace("_require('esprima')", 'undefined');
      return patched === source
        ? { contents: source, loader: 'js', warnings: [{ text: "js-yaml no longer calls _require('esprima'): esprima will load on every run (bin/bundle-plugins.mjs)" }] }
        : { contents: patched, loader: 'js' };
    });
  },
};

/**
 * The render worker renders with react-dom's legacy server (`renderToStaticMarkup`) only, but
 * `react-dom/server` loads the streaming server too: two large files compiled from source by
 * every worker, since Node 20 caches no node_modules code (~25-40 ms of a small build's worker
 * in CPU profiles). Bundled, the legacy server alone is part of the worker's bundle and its V8
 * code cache (bin/load-bundle.mjs). `react` and the rest of `react-dom` stay external, so the
 * templates' `react/jsx-runtime` and the server share one React. The build still picks
 * production or development by NODE_ENV at run time, as react-dom's own entry does.
 */
export const legacyServerBundled = {
  name: 'react-dom-legacy-server',
  setup(build) {
    build.onResolve({ filter: /^react-dom\/server$/ }, (args) => ({ path: args.path, namespace: 'react-dom-legacy-server' }));
    build.onLoad({ filter: /.*/, namespace: 'react-dom-legacy-server' }, () => {
      const cjs = path.join(path.dirname(createRequire(import.meta.url).resolve('react-dom/package.json')), 'cjs');
      const file = (mode) => JSON.stringify(path.join(cjs, `react-dom-server-legacy.node.${mode}.js`));
      return {
        contents: `module.exports = process.env.NODE_ENV === 'production' ? require(${file('production')}) : require(${file('development')});`,
        loader: 'js',
        resolveDir: cjs,
      };
    });
  },
};
