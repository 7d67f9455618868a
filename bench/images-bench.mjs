#!/usr/bin/env node
// Image pipeline benchmark: the image step cold (empty cache) and warm (every
// image cached), and the image bytes each page makes a browser download.
//
//   node bench/images-bench.mjs              # everything; writes bench/results-images.json
//   node bench/images-bench.mjs --no-pages   # only the image step (no build, no browser)
//
// Each measurement of the image step runs in a fresh child process against
// the project's public/, so module loading and file-system caches are what a
// real build sees. Cold uses an empty temporary cache (the project's
// .cache/images is never touched); warm reuses it. Bytes per page come from
// Chromium loading the built site at a phone (375x812 @2x) and a desktop
// (1280x800 @1x) size: "initial" is what the first load fetches, "all" adds
// every lazy image (as if the visitor scrolled to the end).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_PATH, launchChromium } from '../test/support/chromium.mjs';
import { startPreviewProcess } from '../test/support/preview-process.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'bench', 'results-images.json');
const BUNDLE_DIR = path.join(ROOT, '.cache', 'bench-images');
const WARM_RUNS = 5;
const VIEWPORTS = {
  phone: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};

const args = process.argv.slice(2);
if (args[0] === '--phase') await runStagePhase(args[1], args[2]);
else await main();

async function main() {
  await bundleStage();
  const publicDir = path.join(ROOT, 'public');
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'cleansite-bench-images-'));
  try {
    log('image step, cold (empty cache) ...');
    const cold = measureStage(publicDir, cacheDir);
    log(`  ${formatMs(cold.stageMs)} for ${cold.stats.sources} sources (${cold.stats.cacheMisses} encoded), ${cold.files} files, ${formatBytes(cold.stats.outputBytes)}`);
    const warm = [];
    for (let run = 0; run < WARM_RUNS; run++) warm.push(measureStage(publicDir, cacheDir));
    const warmMs = median(warm.map((run) => run.stageMs));
    const placeMs = median(warm.map((run) => run.placeMs));
    log(`image step, warm: ${formatMs(warmMs)} median of ${WARM_RUNS} (${warm[0].stats.cacheHits} cache hits, ${warm[0].stats.cacheMisses} misses); placing ${warm[0].files} files: ${formatMs(placeMs)}`);
    const results = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))) },
      imageStep: {
        sources: cold.stats.sources,
        coldMs: round(cold.stageMs),
        warmMs: round(warmMs),
        warmRunsMs: warm.map((run) => round(run.stageMs)),
        warmCacheHits: warm[0].stats.cacheHits,
        warmCacheMisses: warm[0].stats.cacheMisses,
        placeFilesWarmMs: round(placeMs),
        outputFiles: cold.files,
        outputBytes: cold.stats.outputBytes,
      },
      pages: undefined,
    };
    if (!args.includes('--no-pages')) results.pages = await measurePages();
    mkdirSync(path.dirname(RESULTS), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    log(`wrote ${path.relative(process.cwd(), RESULTS)}`);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** Compiles the image stage (TypeScript) to one ES module, as the CLI launcher does for src/. */
async function bundleStage() {
  const esbuild = await import('esbuild');
  await esbuild.build({
    stdin: {
      contents: "export { runImageStage } from './src/assets/resolve-images.ts';\nexport { placeImageFiles } from './src/assets/images/place-image-files.ts';\n",
      resolveDir: ROOT,
      sourcefile: 'image-stage.ts',
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outfile: path.join(BUNDLE_DIR, 'image-stage.mjs'),
    logLevel: 'warning',
  });
}

function measureStage(publicDir, cacheDir) {
  const output = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--phase', publicDir, cacheDir], { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(output.trim().split('\n').at(-1));
}

/** Child process: one run of the image step, then placing its files into a throwaway folder. */
async function runStagePhase(publicDir, cacheDir) {
  const { runImageStage, placeImageFiles } = await import(pathToFileURL(path.join(BUNDLE_DIR, 'image-stage.mjs')).href);
  const out = mkdtempSync(path.join(os.tmpdir(), 'cleansite-bench-out-'));
  try {
    const started = performance.now();
    const stage = await runImageStage({ publicDir, cacheDir });
    const stageMs = performance.now() - started;
    const placing = performance.now();
    const placed = placeImageFiles(stage.files, out);
    const placeMs = performance.now() - placing;
    process.stdout.write(`${JSON.stringify({ stageMs, placeMs, files: placed.files, stats: stage.stats })}\n`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function measurePages() {
  if (!existsSync(CHROMIUM_PATH)) {
    log(`bytes per page: skipped, Chromium is missing at ${CHROMIUM_PATH}`);
    return { error: `Chromium is missing at ${CHROMIUM_PATH}` };
  }
  const temporary = mkdtempSync(path.join(os.tmpdir(), 'cleansite-bench-site-'));
  const dist = path.join(temporary, 'dist');
  try {
    log('building the site for bytes per page ...');
    execFileSync(process.execPath, [path.join(ROOT, 'bin', 'cleansite.mjs'), 'build', '--quiet', '--out', dist], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, SOURCE_DATE_EPOCH: '1795140000' } });
    const server = await startPreviewProcess(dist);
    // The preview is a child process: stop it even when Chromium cannot start.
    const browser = await launchChromium().catch(async (error) => {
      await server.close();
      throw error;
    });
    try {
      const urls = listPages(dist);
      const pages = urls.map((url) => ({ url }));
      for (const [name, options] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext(options);
        const page = await context.newPage();
        for (const entry of pages) entry[name] = await measurePage(page, `${server.origin}${entry.url}`);
        await context.close();
      }
      const summary = Object.fromEntries(Object.keys(VIEWPORTS).map((name) => {
        const initial = pages.map((entry) => entry[name].initialBytes);
        const all = pages.map((entry) => entry[name].allBytes);
        return [name, { medianInitialBytes: median(initial), maxInitialBytes: Math.max(...initial), medianAllBytes: median(all), maxAllBytes: Math.max(...all), maxAllPage: pages[all.indexOf(Math.max(...all))].url }];
      }));
      for (const [name, values] of Object.entries(summary)) {
        log(`bytes per page (${name}): initial median ${formatBytes(values.medianInitialBytes)}, max ${formatBytes(values.maxInitialBytes)}; all images median ${formatBytes(values.medianAllBytes)}, max ${formatBytes(values.maxAllBytes)} (${values.maxAllPage})`);
      }
      const home = pages.find((entry) => entry.url === '/');
      if (home) log(`home page: phone ${formatBytes(home.phone.initialBytes)} initial / ${formatBytes(home.phone.allBytes)} all; desktop ${formatBytes(home.desktop.initialBytes)} / ${formatBytes(home.desktop.allBytes)}`);
      return { summary, pages };
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/** Image bytes a page fetched: at first load, then with every lazy image loaded too. */
async function measurePage(page, url) {
  await page.goto(url, { waitUntil: 'load' });
  const sum = () => page.evaluate(() => performance.getEntriesByType('resource')
    .filter((entry) => entry.initiatorType === 'img' || /\.(avif|webp|jpe?g|png|svg)$/.test(new URL(entry.name).pathname))
    .reduce((total, entry) => ({ bytes: total.bytes + entry.encodedBodySize, count: total.count + 1 }), { bytes: 0, count: 0 }));
  const initial = await sum();
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => { image.loading = 'eager'; }));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 15_000 });
  const all = await sum();
  return { initialBytes: initial.bytes, initialImages: initial.count, allBytes: all.bytes, allImages: all.count };
}

/** Folder URLs of every page of the built site, sorted; redirect fallback pages (a meta refresh, no images) left out. */
function listPages(dist) {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .filter((entry) => !readFileSync(path.join(entry.parentPath, entry.name), 'utf8').includes('http-equiv="refresh"'))
    .map((entry) => {
      const folder = path.relative(dist, entry.parentPath).split(path.sep).join('/');
      return folder === '' ? '/' : `/${folder}/`;
    })
    .sort();
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round(value) {
  return Math.round(value * 10) / 10;
}

function formatMs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}

function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

function log(message) {
  process.stderr.write(`${message}\n`);
}
