#!/usr/bin/env node
// Launcher: compiles the TypeScript CLI into lib/cli/ (bin/compile-cli.mjs) when a
// source file, the compile settings or the installed packages changed since the last
// compile (a stat of each file, ~1 ms), then imports it (lib/cli/cli.mjs, a copy of bin/cli-loader.mjs).
// lib/ is the program, as a published package would ship it (npm's `prepare` compiles it
// at install), not a build cache: removing .cache/ does not make the next run recompile.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const binDir = path.dirname(fileURLToPath(import.meta.url));
const packageRoot = path.resolve(binDir, '..');
const sourceDir = path.join(packageRoot, 'src');
const outDir = path.join(packageRoot, 'lib', 'cli');
const stampFile = path.join(outDir, 'stamp');

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

function fileStamp(file) {
  try {
    const { size, mtimeMs } = statSync(file);
    return `${size}@${mtimeMs}`;
  } catch {
    return '-';
  }
}

// How the CLI is compiled and which package versions it bundles are part of the stamp too.
const stamp = [
  sourceStamp(sourceDir),
  ...['compile-cli.mjs', 'bundle-plugins.mjs', 'cli-loader.mjs', 'load-bundle.mjs'].map((name) => fileStamp(path.join(binDir, name))),
  fileStamp(path.join(packageRoot, 'node_modules', '.package-lock.json')),
].join(' ');
const isCurrent = () => {
  try {
    return readFileSync(stampFile, 'utf8') === stamp;
  } catch {
    return false;
  }
};
if (!isCurrent()) {
  const { compileCli } = await import('./compile-cli.mjs');
  await compileCli({ sourceDir, outDir, stamp, isCurrent });
}

const cli = await import(pathToFileURL(path.join(outDir, 'cli.mjs')).href);
process.exitCode = await cli.main(process.argv);
// A build is over when main() returns: nothing a site module left running keeps the process.
if (cli.processMayEnd()) cli.endProcess();
