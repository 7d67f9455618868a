#!/usr/bin/env node
// The open page first (issue 23 item 3): how long a template save takes to
// reach the page open in a browser, on the committed site and at 10,000
// pages, in the real `cleansite watch`.
//
//   node bench/open-page-bench.mjs                         # writes bench/results-open-page.json
//   node bench/open-page-bench.mjs --sizes 10000 --edits 3 # only the generated site
//   node bench/open-page-bench.mjs --sizes 10000 --open-only # each save 5 s after the last reload, superseding the rest of the pass
//   node bench/open-page-bench.mjs --attach http://127.0.0.1:4321/ --site DIR  # a watch already running on DIR
//
// Two event-stream clients listen as the live-reload script does: one says
// it is open on a location page (`?page=`), the other names no page and so
// is told to reload only once the whole pass is written, as every page was
// before. Each edit appends an export to templates/index.tsx (a new bundle:
// a new render worker, every page stale) and times, from the moment the
// write returns, the open page's reload and the other client's: a pair per
// edit, in the same process, so the machine's load weighs on both alike.
// Medians, each pair and the load average go into the JSON.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { connectEvents } from './event-client.mjs';
import { startWatch } from './watch-bench.mjs';
import { generateSite } from './generate-site.mjs';
import { median } from './report.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'bin', 'cleansite.mjs');
const RESULTS = path.join(ROOT, 'bench', 'results-open-page.json');
/** Issue 23: a template edit reaches the open page within these. */
const TARGET_MS = { committed: 150, generated: 300 };
/** After a pass, the watcher compacts its heaps after a quiet second: edits start after that. */
const SETTLE_MS = 1_500;
/** --open-only: the time between saves, in which watch readies its spare worker (at 10,000 pages: the site sent to it and assembled). */
const OPEN_ONLY_SETTLE_MS = 5_000;

export async function runOpenPageBench({ sizes = ['committed', 10_000], edits = 5, openOnly = false, log = (line) => console.log(line) } = {}) {
  const results = { date: new Date().toISOString(), machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}`, loadAverage: { before: os.loadavg() }, sites: [] };
  for (const size of sizes) {
    const site = prepareSite(size);
    try {
      // A 10,000-page first build on a loaded 2-core machine can take minutes.
      const watch = await startWatch(site.dir, size === 'committed' ? 120_000 : 900_000);
      try {
        results.sites.push({ site: site.label, pages: watch.pages, ...(await timeTemplateEdits(watch.url, site.dir, site.openPage, edits, log, watch.output, openOnly)), target: `<= ${site.targetMs} ms`, targetMs: site.targetMs });
      } finally {
        await watch.stop();
      }
    } finally {
      rmSync(site.dir, { recursive: true, force: true });
    }
  }
  results.loadAverage.after = os.loadavg();
  results.targets = results.sites.map((site) => ({ name: `template edit -> reload of the open page, ${site.site}`, actual: `${site.openMedianMs} ms (median of ${site.pairs.length}; whole pass ${site.wholeMedianMs === undefined ? 'not waited for' : `${site.wholeMedianMs} ms`})`, limit: site.target, met: site.openMedianMs <= site.targetMs }));
  return results;
}

/** One pair per edit: the open page's reload and the whole pass's, both from the end of the write. */
export async function timeTemplateEdits(url, dir, openPage, edits, log, output = () => [], openOnly = false) {
  const open = await connectEvents(url, openPage);
  const whole = await connectEvents(url);
  try {
    await Promise.all([open.next('hello'), whole.next('hello')]);
    const template = path.join(dir, 'templates', 'index.tsx');
    const original = readFileSync(template, 'utf8');
    const pairs = [];
    // As between edits: the watcher settles after its first build (it readies a spare worker and compacts its heaps).
    await new Promise((resolve) => setTimeout(resolve, openOnly ? OPEN_ONLY_SETTLE_MS : SETTLE_MS));
    for (let edit = 1; edit <= edits; edit++) {
      open.skipAll();
      whole.skipAll();
      const traced = output().length;
      const started = performance.now();
      writeFileSync(template, `${original}\nexport const openPageBench = ${edit};\n`);
      const openMs = (await open.next('reload', 1_800_000), performance.now() - started);
      const steps = stepsOf(output().slice(traced), performance.timeOrigin + started);
      if (steps.length > 0) log(`  edit ${edit} steps: ${steps.map(([label, ms]) => `${label} +${ms}`).join(', ')}`);
      log(`  edit ${edit}: open page ${Math.round(openMs)} ms (load ${os.loadavg()[0].toFixed(1)}); waiting for the whole pass`);
      // --open-only: the next edit comes while the rest of the pass renders (and supersedes it), as a developer's next save would.
      const wholeMs = openOnly ? undefined : (await whole.next('reload', 1_800_000), performance.now() - started);
      pairs.push({ openMs: Math.round(openMs), wholeMs: wholeMs && Math.round(wholeMs), load1: os.loadavg()[0], steps: Object.fromEntries(steps) });
      log(`  edit ${edit}: open page ${Math.round(openMs)} ms, whole pass ${wholeMs ? `${Math.round(wholeMs)} ms` : 'not waited for'} (load ${os.loadavg()[0].toFixed(1)})`);
      await new Promise((resolve) => setTimeout(resolve, openOnly ? OPEN_ONLY_SETTLE_MS : SETTLE_MS));
    }
    writeFileSync(template, original);
    const medianSteps = medianStepsOf(pairs);
    if (medianSteps.length > 0) log(`  median steps (ms after the save): ${medianSteps.map(([label, ms]) => `${label} +${ms}`).join(', ')}`);
    return { openPage, pairs, medianSteps: Object.fromEntries(medianSteps), openMedianMs: Math.round(median(pairs.map((pair) => pair.openMs))), wholeMedianMs: openOnly ? undefined : Math.round(median(pairs.map((pair) => pair.wholeMs))) };
  } finally {
    open.close();
    whole.close();
  }
}

/**
 * The watch's `trace:` lines (CLEANSITE_TRACE=1, src/core/trace.ts) up to the open page's reload:
 * each step's first time, in ms after the save (epoch clocks agree across processes).
 */
function stepsOf(lines, savedAt) {
  const steps = new Map();
  for (const line of lines) {
    const match = /^trace: (.+) (\d+\.\d)$/.exec(line);
    if (!match || steps.has(match[1])) continue;
    steps.set(match[1], Math.round(Number(match[2]) - savedAt));
    if (match[1] === 'reload sent') break;
  }
  return [...steps];
}

/** Each step's median over the edits, in the order of the first edit. */
function medianStepsOf(pairs) {
  const labels = Object.keys(pairs[0]?.steps ?? {});
  return labels.map((label) => [label, Math.round(median(pairs.map((pair) => pair.steps[label]).filter((ms) => ms !== undefined)))]);
}

function prepareSite(size) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cleansite-open-page-bench-'));
  for (const folder of ['templates', 'public']) cpSync(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });
  // Templates import shared types and constants from ../src; the copy must resolve them too.
  symlinkSync(path.join(ROOT, 'src'), path.join(dir, 'src'), 'dir');
  if (size === 'committed') cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  else generateSite(path.join(ROOT, 'content'), path.join(dir, 'content'), size);
  const generated = size !== 'committed';
  return {
    dir,
    label: generated ? `${size.toLocaleString('en-AU')} locations` : 'committed site',
    // A location page: the kind that is most of a large site.
    openPage: generated ? '/locations/noosa-2/' : '/locations/noosa/',
    targetMs: generated ? TARGET_MS.generated : TARGET_MS.committed,
  };
}

function option(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const USAGE = `usage: node bench/open-page-bench.mjs [--sizes committed,10000] [--edits N] [--open-only]
       node bench/open-page-bench.mjs --attach URL --site DIR [--page /path/] [--edits N] [--open-only]
Times a template edit to the reload of the page open in a browser (issue 23, item 3).`;
const KNOWN = new Set(['--sizes', '--edits', '--open-only', '--attach', '--site', '--page']);

/** A mistyped option or --help: say how to run it rather than start minutes of benchmarking. */
function checkArguments(args) {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const unknown = args.filter((arg, index) => arg.startsWith('-') && !KNOWN.has(arg) && !(index > 0 && KNOWN.has(args[index - 1]) && args[index - 1] !== '--open-only'));
  if (unknown.length > 0) {
    console.error(`unknown option ${unknown[0]}\n${USAGE}`);
    process.exit(2);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  checkArguments(process.argv.slice(2));
  // The watch started here prints where each save's time goes (src/core/trace.ts).
  process.env.CLEANSITE_TRACE ??= '1';
  const edits = Number(option('--edits') ?? 5);
  const attach = option('--attach');
  if (attach) {
    // A watch already running (say, started by hand on a large site): only the edits are timed.
    const dir = option('--site');
    if (!dir) throw new Error('--attach needs --site DIR (the folder that watch is watching)');
    const figures = await timeTemplateEdits(attach, dir, option('--page') ?? '/', edits, console.log, () => [], process.argv.includes('--open-only'));
    console.log(`open page ${figures.openMedianMs} ms, whole pass ${figures.wholeMedianMs ?? 'not waited for'} ms (medians of ${edits}; load ${os.loadavg().map((v) => v.toFixed(1)).join(' ')})`);
  } else {
    const sizes = (option('--sizes') ?? 'committed,10000').split(',').map((size) => (size === 'committed' ? size : Number(size)));
    const results = await runOpenPageBench({ sizes, edits, openOnly: process.argv.includes('--open-only') });
    for (const target of results.targets) console.log(`${target.met ? 'met    ' : 'NOT MET'}  ${target.name}: ${target.actual} (target ${target.limit})`);
    console.log(`load average before ${results.loadAverage.before.map((v) => v.toFixed(1)).join(' ')}, after ${results.loadAverage.after.map((v) => v.toFixed(1)).join(' ')}`);
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), RESULTS)}`);
  }
}
