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

const stamp = sourceStamp(sourceDir);
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
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
  });
  writeFileSync(stampFile, stamp);
}

const { main } = await import(pathToFileURL(path.join(outDir, 'cli.mjs')).href);
process.exitCode = await main(process.argv);
