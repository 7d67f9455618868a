#!/usr/bin/env node
// Watch-mode benchmark: how long a save takes to reach an open page, and
// whether a long editing session grows the watcher's memory.
//
//   node bench/watch-bench.mjs                    # writes bench/results-watch.json
//   node bench/watch-bench.mjs --cycles 100       # fewer content edits (default 500)
//   node bench/watch-bench.mjs --template-cycles 0
//
// It copies the committed site (content/, templates/, public/) into a temp
// folder, starts the real `cleansite watch --port 0` there and listens to its
// live-reload event stream like a browser does. One edit cycle rewrites the
// body of one non-featured location file and waits for the `reload` message;
// latency is measured from the moment the write returns. Memory is the watch
// process's resident set (VmRSS from /proc, both threads) after 10 and after
// all cycles, read once the watcher has sat idle long enough to compact its
// heaps (as it does after every quiet second); the figures read straight
// after the reload and the peak are reported too. The same is done around a
// series of template edits, each of which replaces the render worker. Also
// importable: `runWatchBench(options)` returns the figures.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { connectEvents } from './event-client.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'bench', 'results-watch.json');
const CLI = path.join(ROOT, 'bin', 'cleansite.mjs');
const TARGET_LATENCY_MS = 150;
const TARGET_MEMORY_GROWTH = 0.10;
/** Longer than the watcher's quiet time before it compacts its heaps (1 s, src/watch/start-watch.ts). */
const SETTLE_MS = 1_500;

export async function runWatchBench({ cycles = 500, templateCycles = 30, cssCycles = 20, log = (line) => console.log(line) } = {}) {
  if (cycles < 10) throw new Error('--cycles must be at least 10 (memory is compared after 10 and after all cycles)');
  const site = copySite();
  const watch = await startWatch(site.dir);
  const events = await connectEvents(watch.url);
  try {
    await events.next('hello');
    log(`watch bench: ${site.label}; first build: ${watch.firstBuild}`);

    const location = pickLocation(site.dir);
    const contentLatencies = [];
    let rssAfter10;
    let busyAfter10;
    let peakRss = 0;
    for (let cycle = 1; cycle <= cycles; cycle++) {
      contentLatencies.push(await timeEdit(events, 'reload', () => editBody(location, cycle)));
      peakRss = Math.max(peakRss, watch.rss());
      if (cycle === 10) {
        busyAfter10 = watch.rss();
        rssAfter10 = await settledRss(watch);
      }
      if (cycle % 100 === 0) log(`  ${cycle} content edits, median ${formatMs(median(contentLatencies))}, RSS ${formatMb(watch.rss())}`);
    }
    const busyAfterAll = watch.rss();
    const rssAfterAll = await settledRss(watch);
    const pagesPerEdit = watch.lastRerenderCount(path.relative(site.dir, location));

    const stylesheet = path.join(site.dir, 'templates', 'styles', 'site.css');
    const cssLatencies = [];
    const originalCss = readFileSync(stylesheet, 'utf8');
    for (let cycle = 1; cycle <= cssCycles; cycle++) {
      cssLatencies.push(await timeEdit(events, 'css', () => writeFileSync(stylesheet, `${originalCss}\n.bench-marker{outline:${cycle}px solid}\n`)));
    }

    const template = findTemplate(site.dir);
    const originalTemplate = readFileSync(template, 'utf8');
    const templateLatencies = [];
    let rssAfter5Templates;
    for (let cycle = 1; cycle <= templateCycles; cycle++) {
      templateLatencies.push(await timeEdit(events, 'reload', () => writeFileSync(template, `${originalTemplate}\nexport const benchEdit = ${cycle};\n`), 60_000));
      if (cycle === 5) rssAfter5Templates = await settledRss(watch);
    }
    const rssAfterTemplates = await settledRss(watch);

    const results = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))) },
      site: site.label,
      pages: watch.pages,
      contentEdit: {
        file: path.relative(site.dir, location),
        cycles,
        pagesRerendered: pagesPerEdit,
        medianMs: round(median(contentLatencies)),
        p90Ms: round(percentile(contentLatencies, 0.9)),
        minMs: round(Math.min(...contentLatencies)),
        maxMs: round(Math.max(...contentLatencies)),
        transientErrors,
        targetMs: TARGET_LATENCY_MS,
      },
      memory: {
        note: `RSS of the watch process ${SETTLE_MS} ms after the edit, once the watcher has compacted its heaps (it does after 1 s without changes); "busy" is read right after the reload message`,
        rssAfter10Mb: round(rssAfter10 / 1048576),
        [`rssAfter${cycles}Mb`]: round(rssAfterAll / 1048576),
        growthPercent: round(((rssAfterAll - rssAfter10) / rssAfter10) * 100),
        targetPercent: TARGET_MEMORY_GROWTH * 100,
        busyRssAfter10Mb: round(busyAfter10 / 1048576),
        [`busyRssAfter${cycles}Mb`]: round(busyAfterAll / 1048576),
        peakRssMb: round(peakRss / 1048576),
      },
      stylesheetEdit: { cycles: cssCycles, medianMs: round(median(cssLatencies)), p90Ms: round(percentile(cssLatencies, 0.9)) },
      templateEdit: templateCycles > 0
        ? {
            file: path.relative(site.dir, template),
            cycles: templateCycles,
            medianMs: round(median(templateLatencies)),
            rssAfter5Mb: round(rssAfter5Templates / 1048576),
            [`rssAfter${templateCycles}Mb`]: round(rssAfterTemplates / 1048576),
            growthPercent: round(((rssAfterTemplates - rssAfter5Templates) / rssAfter5Templates) * 100),
          }
        : undefined,
    };
    log(renderTable(results, cycles, templateCycles));
    return results;
  } finally {
    events.close();
    await watch.stop();
    rmSync(site.dir, { recursive: true, force: true });
  }
}

/** The committed site when it has templates, else the test fixture (the site may be mid-rewrite). */
function copySite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cleansite-watch-bench-'));
  const real = ['content', 'templates', 'public'].every((folder) => existsSync(path.join(ROOT, folder))) && existsSync(path.join(ROOT, 'templates', 'index.tsx'));
  if (real) {
    for (const folder of ['content', 'templates', 'public']) cpSync(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });
    // Templates import shared types and constants from ../src; the copy must resolve them too.
    symlinkSync(path.join(ROOT, 'src'), path.join(dir, 'src'), 'dir');
    return { dir, label: 'committed site (content/, templates/, public/)' };
  }
  cpSync(path.join(ROOT, 'test', 'fixtures', 'basic-site'), dir, { recursive: true, filter: (source) => !/[\\/](dist|\.cache)$/.test(source) });
  cpSync(path.join(ROOT, 'test', 'fixtures', 'watch-overlay'), dir, { recursive: true });
  return { dir, label: 'test fixture (templates/index.tsx missing in the repository)' };
}

function pickLocation(dir) {
  const folder = path.join(dir, 'content', 'locations');
  const files = readdirSync(folder).filter((name) => name.endsWith('.md')).sort().map((name) => path.join(folder, name));
  return files.find((file) => !/^featured: true$/m.test(readFileSync(file, 'utf8'))) ?? files[0];
}

/** The entry: an export added there survives tree-shaking, so every edit is a new template bundle. */
function findTemplate(dir) {
  return path.join(dir, 'templates', 'index.tsx');
}

let originalBodies = new Map();
function editBody(file, cycle) {
  if (!originalBodies.has(file)) originalBodies.set(file, readFileSync(file, 'utf8').replace(/\s*$/, ''));
  writeFileSync(file, `${originalBodies.get(file)}\n\nBench edit number ${cycle}.\n`);
}

/** Save -> message time. A build error seen first (a half-written file) is counted, and the clock runs on to the real message. */
let transientErrors = 0;
async function timeEdit(events, expected, write, timeoutMs = 15_000) {
  events.skipAll();
  const started = performance.now();
  write();
  let event = await events.next(undefined, timeoutMs);
  if (event.event === 'build-error') {
    transientErrors++;
    event = await events.next(undefined, timeoutMs);
  }
  const elapsed = performance.now() - started;
  if (event.event !== expected) throw new Error(`expected a "${expected}" message, received "${event.event}": ${JSON.stringify(event.data)}`);
  return elapsed;
}

/** `cleansite watch` on `dir` (its output in `dir/out`), once it serves after a first build that succeeded (the benches' one starter). */
export function startWatch(dir, startTimeoutMs = 120_000) {
  const child = spawn(process.execPath, [CLI, 'watch', '--port', '0', '--out', path.join(dir, 'out')], { cwd: dir });
  const output = [];
  const collect = (chunk) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exit = new Promise((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Stopped, not left behind writing into a folder the caller is about to remove.
      child.kill('SIGTERM');
      reject(new Error(`watch did not start within ${startTimeoutMs / 1000} s:\n${output.join('\n')}`));
    }, startTimeoutMs);
    const poll = setInterval(() => {
      const serving = output.find((line) => line.startsWith('Serving http://'));
      if (!serving) return;
      clearInterval(poll);
      clearTimeout(timer);
      const built = output.find((line) => line.startsWith('Built '));
      if (!built) {
        child.kill('SIGTERM');
        reject(new Error(`the first build failed, nothing to measure:\n${output.join('\n')}`));
        return;
      }
      resolve({
        url: /(http:\/\/\S+)/.exec(serving)[1],
        firstBuild: built,
        pages: Number(/^Built (\d+) pages/.exec(built)?.[1] ?? 0),
        rss: () => readRss(child.pid),
        /** Every line it printed so far (with CLEANSITE_TRACE=1, the `trace:` lines of src/core/trace.ts). */
        output: () => output,
        lastRerenderCount: (file) => {
          const line = output.findLast((candidate) => candidate.startsWith(`${file.split(path.sep).join('/')} changed:`));
          return Number(/re-rendered (\d+) page/.exec(line ?? '')?.[1] ?? 0);
        },
        stop: async () => {
          child.kill('SIGTERM');
          return exit;
        },
      });
    }, 20);
    child.on('exit', (code) => reject(new Error(`watch exited with ${code}:\n${output.join('\n')}`)));
  });
}

/** RSS once the watcher has been idle long enough to compact its heaps. */
async function settledRss(watch) {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return watch.rss();
}

function readRss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)[1]) * 1024;
}

function renderTable(results, cycles, templateCycles) {
  const rows = [
    ['measure', 'value', 'target'],
    [`content edit -> reload, median of ${cycles} (${results.contentEdit.pagesRerendered} pages re-rendered)`, formatMs(results.contentEdit.medianMs), `<= ${TARGET_LATENCY_MS} ms`],
    ['content edit -> reload, p90', formatMs(results.contentEdit.p90Ms), ''],
    ['watch process RSS after 10 edits', formatMb(results.memory.rssAfter10Mb * 1048576), ''],
    [`watch process RSS after ${cycles} edits`, `${formatMb(results.memory[`rssAfter${cycles}Mb`] * 1048576)} (${signed(results.memory.growthPercent)} %)`, `within ${TARGET_MEMORY_GROWTH * 100} %`],
    ['  (read right after the reload: 10 -> all edits; peak)', `${formatMb(results.memory.busyRssAfter10Mb * 1048576)} -> ${formatMb(results.memory[`busyRssAfter${cycles}Mb`] * 1048576)}; ${formatMb(results.memory.peakRssMb * 1048576)}`, ''],
    [`stylesheet edit -> css swap, median of ${results.stylesheetEdit.cycles}`, formatMs(results.stylesheetEdit.medianMs), ''],
  ];
  if (results.templateEdit) {
    rows.push([`template edit -> reload (new worker, all pages), median of ${templateCycles}`, formatMs(results.templateEdit.medianMs), '']);
    rows.push([`RSS after 5 -> ${templateCycles} template edits`, `${formatMb(results.templateEdit.rssAfter5Mb * 1048576)} -> ${formatMb(results.templateEdit[`rssAfter${templateCycles}Mb`] * 1048576)} (${signed(results.templateEdit.growthPercent)} %)`, '']);
  }
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

const median = (values) => percentile(values, 0.5);
function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}
const round = (value) => Math.round(value * 10) / 10;
const formatMs = (ms) => `${ms.toFixed(0)} ms`;
const formatMb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const signed = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runWatchBench({ cycles: option('--cycles', 500), templateCycles: option('--template-cycles', 30), cssCycles: option('--css-cycles', 20) });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), RESULTS)}`);
}
