#!/usr/bin/env node
/**
 * npm run bench [-- --sizes 62,1000,10000] [--runs 3] [--out-root DIR] [--templates DIR] [--no-committed] [--no-extra] [--no-first-build] [--no-watch] [--no-bare] [--cold-only] [--render-timeout S] [--eleventy] [--eleventy-runs 7] [--keep]
 *
 * Builds the committed site and synthetic sites of N location pages (the
 * real content with its locations replaced by N generated ones of the same
 * shape, the real templates and public files) with the cleansite CLI in a
 * child process, and measures for each, as the median of --runs runs:
 *   cold  no caches and no previous output (the image cache is kept warm):
 *         fresh copies of the content and templates folders, a new output folder
 *   warm  again, nothing changed
 *   edit  after a real edit to one location file (a sentence appended)
 *   bare  the bare render loop (bench/bare-loop.tsx) on the same pages
 *   watch start    `cleansite watch` on fresh copies (no caches, no output) until it serves
 *   watch restart  watch stopped and started again on the same folders, nothing changed
 * The two watch figures are paired with the cold and warm builds of the same
 * run: their targets are the median ratio of each pair (issue 21).
 * (--cold-only: cold builds alone, for sizes such as 100,000 pages where
 * each build takes a minute)
 * Wall time, pages per second and the peak resident memory of the process
 * tree. Also a fresh clone's first build (bench/first-build.mjs: the committed
 * site with an empty image cache). Prints a table, checks the targets of
 * issues 7 and 23, runs the other
 * bench/*-bench.mjs (watch, images, open-page) unless --no-extra and includes their
 * figures, and writes bench/results.json.
 * --eleventy also runs bench/eleventy-pairs.mjs (it installs Eleventy once into a
 * folder outside the project, so it is not on by default): the committed site's
 * truly cold build and Eleventy's 62-page build in --eleventy-runs interleaved
 * pairs, checked against issue 23's 0.80x of Eleventy's wall time. It builds with
 * this checkout's bin/cleansite.mjs, as bench/cold-pairs.mjs does, not the snapshot.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { editFile, generateSite } from './generate-site.mjs';
import { onInterrupt } from './interrupt.mjs';
import { measureCommand } from './measure-process.mjs';
import { prepareTools } from './prepare-tools.mjs';
import { formatTable, median } from './report.mjs';
import { runExtraBenches } from './extra-benches.mjs';
import { benchFirstBuild } from './first-build.mjs';
import { eleventyPairs } from './eleventy-pairs.mjs';
import { measureWatchStart } from './watch-start.mjs';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let args;
try {
  args = parseArgs(process.argv.slice(2));
} catch (error) {
  // A mistyped option: say so at once, before minutes of builds (and before bench/results.json is touched).
  process.stderr.write(`bench: ${error.message}\n`);
  process.exit(2);
}
/** 2026-11-20 in Brisbane: every build is stamped with the same date. */
const SOURCE_DATE_EPOCH = '1795140000';
const BUILD_DATE = '2026-11-20';

const templatesDir = path.resolve(args.templates ?? (existsSync(path.join(packageRoot, 'templates', 'index.tsx')) ? path.join(packageRoot, 'templates') : path.join(packageRoot, 'test', 'fixtures', 'basic-site', 'templates')));
const contentDir = path.join(packageRoot, 'content');
const publicDir = path.join(packageRoot, 'public');
const outRoot = path.resolve(args.outRoot ?? os.tmpdir());
const startedAt = new Date();
const loadBefore = os.loadavg();

log(`cleansite bench: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, output under ${outRoot} (${fileSystemOf(outRoot)}), ${args.runs} runs each, load average ${loadBefore.map((value) => value.toFixed(1)).join(' ')}`);
log(`templates: ${path.relative(packageRoot, templatesDir) || '.'}`);

const tools = await prepareTools(packageRoot, templatesDir);
const workDirs = [];
/** Cache files the bench's builds left in the project's .cache (removed at the end). */
const createdCaches = [];
const results = { machine: machineInfo(), startedAt: startedAt.toISOString(), runs: args.runs, outRoot, templates: path.relative(packageRoot, templatesDir), sites: [], extra: {} };

const cleanUp = () => {
  for (const file of createdCaches) rmSync(file, { force: true });
  if (args.keep) log(`kept the benchmark folders: ${workDirs.join(', ')}`);
  else {
    log('removing the benchmark folders...');
    for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
  }
  tools.remove();
};
const cleanedUp = onInterrupt(cleanUp);
try {
  const sites = [
    ...(args.committed ? [{ name: 'committed site', locations: undefined }] : []),
    ...args.sizes.map((size) => ({ name: `${size.toLocaleString('en-AU')} locations`, locations: size })),
  ];
  if (args.firstBuild) {
    const env = { ...process.env, SOURCE_DATE_EPOCH };
    delete env.NODE_ENV;
    const samples = await benchFirstBuild({ packageRoot, tools, outRoot, runs: args.runs, env, log });
    results.firstBuild = {
      seconds: median(samples.map((sample) => sample.ms)) / 1000,
      cpuSeconds: samples[0].cpuMs === undefined ? undefined : median(samples.map((sample) => sample.cpuMs)) / 1000,
      peakRssMB: samples[0].peakRssBytes === undefined ? undefined : median(samples.map((sample) => sample.peakRssBytes)) / 2 ** 20,
      allSeconds: samples.map((sample) => sample.ms / 1000),
    };
  }
  for (const site of sites) results.sites.push(await benchSite(site));
  if (args.eleventy) {
    log(`committed site truly cold against Eleventy, ${args.eleventyRuns} interleaved pairs (bench/eleventy-pairs.mjs)`);
    results.eleventy = await eleventyPairs({ checkouts: [packageRoot], runs: args.eleventyRuns, log });
  }
  if (args.extra) results.extra = runExtraBenches(packageRoot, log);
} finally {
  results.loadAverage = { before: loadBefore, after: os.loadavg() };
  cleanedUp();
  cleanUp();
}

results.targets = checkTargets(results.sites, results.firstBuild, results.eleventy);
const table = formatTable(results.sites);
process.stdout.write(`\n${table}\n`);
if (results.firstBuild) process.stdout.write(`first build of a fresh clone (committed site, empty image cache): ${results.firstBuild.seconds.toFixed(2)} s wall (median of ${args.runs}), ${results.firstBuild.cpuSeconds?.toFixed(1)} s CPU, peak ${Math.round(results.firstBuild.peakRssMB ?? 0)} MB\n`);
for (const target of results.targets) log(`${target.met ? 'met    ' : 'NOT MET'}  ${target.name}: ${target.actual} (target ${target.limit})`);
for (const [name, extra] of Object.entries(results.extra)) {
  // Figures the other benchmarks check against targets of their own (bench/open-page-bench.mjs: the open page first).
  for (const target of extra.targets ?? []) log(`${target.met ? 'met    ' : 'NOT MET'}  ${target.name}: ${target.actual} (target ${target.limit})`);
  log(`bench/${name}-bench.mjs: ${extra.failed ? extra.summary : `figures in bench/results.json (extra.${name})`}`);
}
// Before: afterwards the figure also counts the benchmark's own builds.
const busy = loadBefore[0] > os.cpus().length / 2;
log(`load average (1, 5, 15 min) before ${loadBefore.map((v) => v.toFixed(1)).join(' ')}, after ${results.loadAverage.after.map((v) => v.toFixed(1)).join(' ')}${busy ? ': other work was running, wall times are inflated (the CPU column less so)' : ''}`);
results.table = table;
writeFileSync(path.join(packageRoot, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
log('wrote bench/results.json');

async function benchSite(site) {
  const work = mkdtempSync(path.join(outRoot, 'cleansite-bench-'));
  workDirs.push(work);
  const baseContent = path.join(work, 'content');
  let editName;
  if (site.locations === undefined) {
    cpSync(contentDir, baseContent, { recursive: true });
    editName = readdirSync(path.join(baseContent, 'locations')).sort()[0];
  } else {
    editName = path.basename(generateSite(contentDir, baseContent, site.locations).at(-1));
  }
  // Image variants come from the project's cache (kept warm, as the targets say): encoding
  // them is the image stage's cost, measured by bench/images-bench.mjs.
  mkdirSync(path.join(work, '.cache'), { recursive: true });
  mkdirSync(path.join(packageRoot, '.cache', 'images'), { recursive: true });
  symlinkSync(path.join(packageRoot, '.cache', 'images'), path.join(work, '.cache', 'images'), 'dir');
  // NODE_ENV unset, as in a terminal: the CLI picks React's production build itself.
  const env = { ...process.env, SOURCE_DATE_EPOCH };
  delete env.NODE_ENV;
  const runCli = async (label, { content, templates, out }) => {
    const timeout = args.renderTimeout === undefined ? [] : ['--render-timeout', String(args.renderTimeout)];
    const result = await measureCommand(process.execPath, [tools.cli, 'build', '--content', content, '--templates', templates, '--public', publicDir, '--out', out, '--quiet', ...timeout], { cwd: work, env });
    if (result.code !== 0) throw new Error(`${site.name}, ${label}: the build failed (exit ${result.code})\n${result.stderr}`);
    return result;
  };

  let pages = 0;
  let cssUrl = '';
  let jsUrl = '';
  // --cold-only skips the warm-up (a whole build at 100,000 pages); its first cold build counts the pages.
  if (!args.coldOnly) {
    log(`${site.name}: warming up (fills the image cache if it is empty)`);
    const warmUp = { content: baseContent, templates: tools.templatesDir, out: path.join(work, 'warm-up') };
    await runCli('warm-up', warmUp);
    createdCaches.push(...cacheFilesOf(warmUp, work));
    pages = countPages(warmUp.out);
    const assets = readdirSync(path.join(warmUp.out, 'assets'));
    cssUrl = `/assets/${assets.find((name) => name.endsWith('.css')) ?? ''}`;
    jsUrl = `/assets/${assets.find((name) => name.endsWith('.js')) ?? ''}`;
  }
  const samples = { cold: [], warm: [], edit: [], bare: [], watchStart: [], watchRestart: [] };
  let same = '';
  /** The bare loop's first error line, once it failed: its later runs are skipped and its target is reported as not measured. */
  let bareFailure;
  for (let run = 1; run <= args.runs; run++) {
    // Cold means no cache entry of any kind: the CLI keys its caches by content folder,
    // templates folder and output folder, so each run gets fresh copies of all three.
    const runDir = path.join(work, `run-${run}`);
    // The templates stay inside the project, where esbuild finds its tsconfig.json as for the real ones.
    const templatesRoot = path.join(tools.dir, `${path.basename(work)}-run-${run}`);
    const dirs = { content: path.join(runDir, 'content'), templates: path.join(templatesRoot, 'templates'), out: path.join(runDir, 'dist') };
    cpSync(baseContent, dirs.content, { recursive: true });
    cpSync(tools.templatesDir, dirs.templates, { recursive: true });
    symlinkSync(path.join(packageRoot, 'src'), path.join(templatesRoot, 'src'), 'dir');
    createdCaches.push(...cacheFilesOf(dirs, work));
    samples.cold.push(await runCli('cold', dirs));
    if (args.coldOnly) {
      pages ||= countPages(dirs.out);
      log(`${site.name}: run ${run}/${args.runs}: cold ${seconds(samples.cold.at(-1).ms)}, peak ${Math.round(samples.cold.at(-1).peakRssBytes / 2 ** 20)} MB`);
      rmSync(runDir, { recursive: true, force: true });
      continue;
    }
    samples.warm.push(await runCli('warm', dirs));
    editFile(path.join(dirs.content, 'locations', editName), run);
    samples.edit.push(await runCli('edit', dirs));
    if (args.bare && !bareFailure) {
      const bareOut = path.join(runDir, 'bare');
      const bare = await measureCommand(process.execPath, [tools.bareLoop, dirs.content, publicDir, path.join(work, '.cache'), bareOut, cssUrl, jsUrl, BUILD_DATE], { cwd: work, env });
      if (bare.code === 0) {
        samples.bare.push(bare);
        same = compareOutputs(dirs.out, bareOut);
      } else {
        // bench/bare-loop.tsx knows only the collections it lists; the other figures are still worth having.
        bareFailure = bare.stderr.split('\n').find((line) => /Error\b/.test(line))?.trim() ?? `exit ${bare.code}`;
        log(`${site.name}: the bare loop failed, so its figures are left out: ${bareFailure}`);
      }
    }
    if (args.watch) {
      // Its own fresh copies: a cold start finds no content cache, step cache, page manifest or output.
      const watchRoot = `${templatesRoot}-watch`;
      const watchDirs = { content: path.join(runDir, 'watch-content'), templates: path.join(watchRoot, 'templates'), out: path.join(runDir, 'watch-out') };
      cpSync(baseContent, watchDirs.content, { recursive: true });
      cpSync(tools.templatesDir, watchDirs.templates, { recursive: true });
      symlinkSync(path.join(packageRoot, 'src'), path.join(watchRoot, 'src'), 'dir');
      createdCaches.push(...cacheFilesOf(watchDirs, work));
      const watchArgs = ['--content', watchDirs.content, '--templates', watchDirs.templates, '--public', publicDir, '--out', watchDirs.out];
      samples.watchStart.push(await measureWatchStart(tools.cli, watchArgs, { cwd: work, env }));
      samples.watchRestart.push(await measureWatchStart(tools.cli, watchArgs, { cwd: work, env }));
    }
    const watchLine = args.watch ? `, watch start ${seconds(samples.watchStart.at(-1).ms)}, restart ${seconds(samples.watchRestart.at(-1).ms)}` : '';
    log(`${site.name}: run ${run}/${args.runs}: cold ${seconds(samples.cold.at(-1).ms)}, warm ${seconds(samples.warm.at(-1).ms)}, edit ${seconds(samples.edit.at(-1).ms)}${samples.bare[run - 1] ? `, bare ${seconds(samples.bare[run - 1].ms)}` : ''}${watchLine}`);
  }
  const summary = (list) => ({
    seconds: median(list.map((sample) => sample.ms)) / 1000,
    pagesPerSecond: pages / (median(list.map((sample) => sample.ms)) / 1000),
    cpuSeconds: list[0].cpuMs === undefined ? undefined : median(list.map((sample) => sample.cpuMs)) / 1000,
    peakRssMB: list[0].peakRssBytes === undefined ? undefined : median(list.map((sample) => sample.peakRssBytes)) / 2 ** 20,
    allSeconds: list.map((sample) => sample.ms / 1000),
  });
  const result = { name: site.name, pages, cold: summary(samples.cold) };
  if (args.coldOnly) return result;
  Object.assign(result, { warm: summary(samples.warm), edit: summary(samples.edit), bare: samples.bare.length > 0 ? summary(samples.bare) : undefined, sameHtmlAsBareLoop: same, bareFailure });
  result.overhead = result.bare ? result.cold.seconds / result.bare.seconds : undefined;
  if (args.watch) {
    result.watchStart = summary(samples.watchStart);
    result.watchRestart = summary(samples.watchRestart);
    // Paired: each watch figure against the build of the same run, on the same machine state.
    result.watchStartVsCold = median(samples.watchStart.map((sample, index) => sample.ms / samples.cold[index].ms));
    result.watchRestartVsWarm = median(samples.watchRestart.map((sample, index) => sample.ms / samples.warm[index].ms));
  }
  return result;
}

/**
 * The content cache and page manifest files a build of these folders writes under the
 * project's .cache: names as src/content/content-loader.ts and src/cache/page-cache.ts make them.
 */
function cacheFilesOf({ content, out }, rootDir) {
  const name = (text) => createHash('sha256').update(text).digest('base64url').slice(0, 32);
  return [
    path.join(packageRoot, '.cache', 'content', `${name(`${content}\n${rootDir}`)}.v8`),
    path.join(packageRoot, '.cache', 'pages', `${name(path.resolve(out))}.json`),
  ];
}

function countPages(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile() && entry.name.endsWith('.html')) count++;
  return count;
}

/** How many of the bare loop's pages are byte-identical to cleansite's (a check that both did the same work). */
function compareOutputs(ours, bare) {
  let same = 0;
  let total = 0;
  for (const entry of readdirSync(bare, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    total++;
    const relative = path.relative(bare, path.join(entry.parentPath, entry.name));
    try {
      if (readFileSync(path.join(ours, relative)).equals(readFileSync(path.join(bare, relative)))) same++;
    } catch {
      // Missing in cleansite's output: counted as different.
    }
  }
  return `${same}/${total}`;
}

function checkTargets(sites, firstBuild, eleventy) {
  const targets = [];
  if (eleventy) {
    // Issue 23, item 5: wall time, as the issue quotes it; the median of the per-pair ratios (both builds saw the same machine).
    const [ours] = eleventy.checkouts;
    const actual = `${ours.wallRatio.toFixed(2)}x (${Math.round(ours.wallMs)} ms against ${Math.round(eleventy.eleventy.wallMs)} ms; CPU ${ours.cpuRatio.toFixed(2)}x; load ${eleventy.loads.join(' ')})`;
    targets.push({ name: `committed site truly cold / Eleventy ${eleventy.eleventy.version}'s ${eleventy.eleventy.pages} pages, wall, median of ${ours.wallRatios.length} pairs`, limit: '<= 0.80x', actual, met: ours.wallRatio <= 0.8 });
  }
  // Issue 23.
  if (firstBuild) targets.push({ name: 'first build of a fresh clone, empty image cache', limit: '<= 8 s', actual: `${firstBuild.seconds.toFixed(2)} s`, met: firstBuild.seconds <= 8 });
  const huge = sites.find((site) => site.name.startsWith('100,000'));
  if (huge) {
    targets.push({ name: '100,000 pages, cold', limit: '<= 35 s', actual: `${huge.cold.seconds.toFixed(1)} s`, met: huge.cold.seconds <= 35 });
    if (huge.cold.peakRssMB !== undefined) targets.push({ name: '100,000 pages, cold, peak RSS', limit: '<= 1,024 MB', actual: `${Math.round(huge.cold.peakRssMB)} MB`, met: huge.cold.peakRssMB <= 1024 });
  }
  // Linear cost: cold pages/s of every size from 1,000 pages up within 20 % of the best of them.
  const scaled = sites.filter((site) => site.pages >= 1000);
  if (scaled.length >= 2) {
    const rates = scaled.map((site) => site.cold.pagesPerSecond);
    const spread = 1 - Math.min(...rates) / Math.max(...rates);
    targets.push({ name: `cold pages/s from ${scaled[0].pages.toLocaleString('en-AU')} to ${scaled.at(-1).pages.toLocaleString('en-AU')} pages`, limit: 'within 20 %', actual: `${rates.map((rate) => Math.round(rate)).join(' / ')} (spread ${(spread * 100).toFixed(0)} %)`, met: spread <= 0.2 });
  }
  // For reading the one above: the cost of each size's extra pages over the size below it (a build's
  // fixed start-up, ~0.45 s, is most of a 1,000-page build's time and none of these).
  if (scaled.length >= 2) {
    const marginal = scaled.slice(1).map((site, index) => (site.pages - scaled[index].pages) / (site.cold.seconds - scaled[index].cold.seconds));
    const spread = 1 - Math.min(...marginal) / Math.max(...marginal);
    targets.push({ name: 'cold pages/s of the extra pages from each size to the next (for reading; not the issue\'s measure)', limit: 'within 20 %', actual: `${marginal.map((rate) => Math.round(rate)).join(' / ')} (spread ${(spread * 100).toFixed(0)} %)`, met: spread <= 0.2 });
  }
  const find = (name) => sites.find((site) => site.name === name);
  const committed = find('committed site');
  const big = sites.find((site) => site.name.startsWith('10,000'));
  if (committed) targets.push({ name: 'committed site, cold build', limit: '<= 0.5 s', actual: `${committed.cold.seconds.toFixed(2)} s`, met: committed.cold.seconds <= 0.5 });
  if (big) {
    // Issue 23: peak RSS of the whole process tree at 10,000 pages (also issue 7's).
    if (big.cold.peakRssMB !== undefined) targets.push({ name: '10,000 pages, cold, peak RSS', limit: '<= 300 MB', actual: `${Math.round(big.cold.peakRssMB)} MB`, met: big.cold.peakRssMB <= 300 });
    targets.push({ name: '10,000 pages, cold', limit: '>= 2,000 pages/s', actual: `${Math.round(big.cold.pagesPerSecond)} pages/s`, met: big.cold.pagesPerSecond >= 2000 });
    if (!big.warm) return targets;
    targets.push({ name: '10,000 pages, warm, no change', limit: '<= 1.5 s', actual: `${big.warm.seconds.toFixed(2)} s`, met: big.warm.seconds <= 1.5 });
    if (big.overhead !== undefined) targets.push({ name: '10,000 pages, overhead vs bare loop', limit: '<= 1.3x', actual: `${big.overhead.toFixed(2)}x`, met: big.overhead <= 1.3 });
    else if (big.bareFailure) targets.push({ name: '10,000 pages, overhead vs bare loop', limit: '<= 1.3x', actual: `not measured: the bare loop failed (${big.bareFailure})`, met: false });
    // Issue 21: watch starts like build.
    if (big.watchStart) {
      targets.push({ name: '10,000 pages, watch start vs cold build (paired)', limit: '<= 1.5x', actual: `${big.watchStartVsCold.toFixed(2)}x (${big.watchStart.seconds.toFixed(2)} s vs ${big.cold.seconds.toFixed(2)} s)`, met: big.watchStartVsCold <= 1.5 });
      targets.push({ name: '10,000 pages, watch restart, no change, vs warm build (paired)', limit: '<= 1.5x', actual: `${big.watchRestartVsWarm.toFixed(2)}x (${big.watchRestart.seconds.toFixed(2)} s vs ${big.warm.seconds.toFixed(2)} s)`, met: big.watchRestartVsWarm <= 1.5 });
    }
  }
  return targets;
}

function parseArgs(argv) {
  const options = { sizes: [62, 1000, 10000], runs: 3, committed: true, extra: true, firstBuild: true, watch: true, bare: true, outRoot: undefined, templates: undefined, eleventy: false, eleventyRuns: 7 };
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    const value = () => {
      const next = argv[++index];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === '--sizes') options.sizes = value().split(',').map((size) => wholeNumber(flag, size.trim()));
    else if (flag === '--runs') options.runs = wholeNumber(flag, value());
    else if (flag === '--out-root') options.outRoot = value();
    else if (flag === '--templates') options.templates = value();
    else if (flag === '--no-committed') options.committed = false;
    else if (flag === '--no-extra') options.extra = false;
    else if (flag === '--no-first-build') options.firstBuild = false;
    else if (flag === '--no-watch') options.watch = false;
    else if (flag === '--no-bare') options.bare = false;
    else if (flag === '--keep') options.keep = true;
    else if (flag === '--eleventy') options.eleventy = true;
    else if (flag === '--eleventy-runs') options.eleventyRuns = wholeNumber(flag, value());
    else if (flag === '--cold-only') options.coldOnly = true;
    // A busy machine can take longer than the default 30 s over /cleaning-guide or /sitemap of a 100,000-page site.
    else if (flag === '--render-timeout') options.renderTimeout = wholeNumber(flag, value());
    else if (flag === '--help' || flag === '-h') {
      // The file's opening comment is the help text.
      const text = readFileSync(fileURLToPath(import.meta.url), 'utf8');
      process.stdout.write(`${text.slice(text.indexOf('/**') + 3, text.indexOf('*/')).replace(/^ \* ?/gm, '').trim()}\n`);
      process.exit(0);
    } else throw new Error(`unknown option ${flag} (expected --sizes, --runs, --out-root, --templates, --no-committed, --no-extra, --no-first-build, --no-watch, --no-bare, --cold-only, --render-timeout, --eleventy, --eleventy-runs, --keep; --help shows them)`);
  }
  return options;
}

/** A whole number of 1 or more, or an error naming the option and what it was given. */
function wholeNumber(flag, text) {
  const number = Number(text.replaceAll('_', ''));
  if (!Number.isInteger(number) || number < 1 || text === '') throw new Error(`${flag} takes whole numbers of 1 or more (such as 3 or 10_000), not ${JSON.stringify(text)}`);
  return number;
}

function machineInfo() {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    outRootFileSystem: fileSystemOf(outRoot),
  };
}

function fileSystemOf(dir) {
  try {
    const mounts = readFileSync('/proc/mounts', 'utf8').split('\n').map((line) => line.split(' ')).filter((fields) => fields.length > 2);
    const real = path.resolve(dir);
    const mount = mounts.filter(([, point]) => real === point || real.startsWith(point.endsWith('/') ? point : `${point}/`)).sort((a, b) => b[1].length - a[1].length)[0];
    return mount ? `${mount[2]} on ${mount[1]}` : 'unknown';
  } catch {
    return 'unknown';
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

function log(line) {
  process.stderr.write(`${line}\n`);
}
