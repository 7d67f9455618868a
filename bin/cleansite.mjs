#!/usr/bin/env node
// Launcher: compiles the TypeScript CLI with esbuild when any source file is
// newer than the last compile (a stat of each file, ~1 ms), then runs it.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(packageRoot, 'src');
const outDir = path.join(packageRoot, '.cache', 'cli');
const stampFile = path.join(outDir, 'stamp');
const ENTRY_POINTS = { cli: 'cli.ts', 'render-worker': 'render/render-worker.ts', 'watch-render-worker': 'watch/watch-render-worker.ts' };

function sourceStamp(dir) {
  let newest = 0;
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    count++;
  }
  return `${newest}:${count}`;
}

const EXTERNAL_PACKAGES = ['react', 'react-dom', 'esbuild', 'lightningcss', 'sharp', 'chokidar', 'fsevents'];
// Bundled CommonJS needs `require` for Node's built-ins. js-yaml (under gray-matter) also
// asks it for esprima, only to support YAML's executable !!js/function tag, which the
// safe loader gray-matter uses never allows: refusing it skips parsing ~300 KB per run.
const REQUIRE_BANNER = [
  "import { createRequire as __cleansiteCreateRequire } from 'node:module';",
  'const __cleansiteRequire = __cleansiteCreateRequire(import.meta.url);',
  "const require = Object.assign((id) => { if (id === 'esprima') throw new Error('esprima is not loaded'); return __cleansiteRequire(id); }, __cleansiteRequire);",
].join(' ');
// Part of the stamp, so a change to how the CLI is compiled recompiles it.
const COMPILE_SETTINGS = `entries:${Object.keys(ENTRY_POINTS).join(',')}:external:${EXTERNAL_PACKAGES.join(',')}:${REQUIRE_BANNER.length}`;
const stamp = `${sourceStamp(sourceDir)}:${COMPILE_SETTINGS}`;
if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) {
  const esbuild = await import('esbuild');
  mkdirSync(outDir, { recursive: true });
  await esbuild.build({
    // Worker entry points are separate files so a worker loads only what it needs.
    entryPoints: Object.fromEntries(Object.entries(ENTRY_POINTS)
      .filter(([, file]) => existsSync(path.join(sourceDir, file)))
      .map(([name, file]) => [name, path.join(sourceDir, file)])),
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Pure-JS dependencies are bundled: one parsed file instead of hundreds of resolved
    // and compiled modules saves ~0.2 s of CPU per run. Native packages stay external,
    // and so does React, which the compiled templates import from node_modules too.
    external: EXTERNAL_PACKAGES,
    banner: { js: REQUIRE_BANNER },
    sourcemap: 'linked',
    logLevel: 'warning',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
  });
  writeFileSync(stampFile, stamp);
}

const { main } = await import(pathToFileURL(path.join(outDir, 'cli.mjs')).href);
process.exitCode = await main(process.argv);
