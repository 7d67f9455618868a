/**
 * The committed site's truly cold build against Eleventy's (issue 23, item 5: at most 0.80x
 * Eleventy's wall time building a comparable 62-page site). Eleventy 3.1.8 is installed once into
 * a scratch folder outside the repository (npm, `--no-save`); its site is made from the
 * checkout's own `content/`: the 42 locations, 15 pages and resources (all but the sitemap page,
 * whose page is a listing cleansite makes, not a body), the 4 services and one guide, each file's
 * front-matter and body as committed, through one Nunjucks layout. Then, in interleaved rounds
 * (order reversed every other round), Eleventy's cold build into a new output folder and each
 * checkout's truly cold build (bench/cold-pairs.mjs: fresh copies of content, templates and public
 * on tmpfs, the checkout's `.cache` kept). Prints the medians of wall time and CPU (user + system
 * of the process tree, bench/measure-process.mjs), the medians of the per-round ratios to
 * Eleventy's, and the load average at each round.
 *
 *   node bench/eleventy-pairs.mjs [--runs 7] [--eleventy-dir DIR] [CHECKOUT...]   (default: this checkout)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { coldBuild } from './cold-pairs.mjs';
import { interleavedRounds } from './interleaved.mjs';
import { onInterrupt } from './interrupt.mjs';
import { measureCommand } from './measure-process.mjs';
import { median } from './report.mjs';

export const ELEVENTY_VERSION = '3.1.8';
/** Outside any checkout, so every checkout (and every bench run) shares one install. */
export const DEFAULT_ELEVENTY_DIR = path.join(os.tmpdir(), `cleansite-bench-eleventy-${ELEVENTY_VERSION}`);
const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ELEVENTY = Symbol('Eleventy');

const USAGE = `usage: node bench/eleventy-pairs.mjs [--runs N] [--eleventy-dir DIR] [CHECKOUT...]
Builds Eleventy ${ELEVENTY_VERSION}'s 62-page site and each checkout's committed site truly cold, in turn, and prints wall time, CPU and their ratios to Eleventy's.`;

/** Eleventy's command-line entry, installed into `dir` on first use (an install cut short leaves nothing behind). */
export function installEleventy(dir = DEFAULT_ELEVENTY_DIR, log = () => {}) {
  const command = path.join(dir, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  if (installedVersion(dir) === ELEVENTY_VERSION) return command;
  log(`installing @11ty/eleventy@${ELEVENTY_VERSION} into ${dir} (once)`);
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', partial, `@11ty/eleventy@${ELEVENTY_VERSION}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return command;
}

function installedVersion(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'node_modules', '@11ty', 'eleventy', 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** The Markdown files of Eleventy's site, relative to `content/`: 42 + 15 + 4 + 1. */
export function eleventyPagesOf(contentDir) {
  const markdown = (folder) => readdirSync(path.join(contentDir, folder)).filter((name) => name.endsWith('.md')).sort().map((name) => `${folder}/${name}`);
  const guide = markdown('guides').find((file) => !/^(draft|publishDate):/m.test(readFileSync(path.join(contentDir, file), 'utf8')));
  return [
    ...markdown('locations'),
    ...markdown('pages').filter((file) => file !== 'pages/sitemap.md'),
    ...markdown('pages/resources'),
    ...markdown('services'),
    guide,
  ];
}

const LAYOUT = `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ seoTitle or title or name }} | Riverbright Commercial Cleaning</title>
<meta name="description" content="{{ description }}">
{% if keywords %}<meta name="keywords" content="{{ keywords | join(', ') }}">{% endif %}
<link rel="canonical" href="https://example.com{{ page.url }}">
<link rel="stylesheet" href="/assets/site.css">
</head>
<body>
<header><a href="/">Riverbright</a>
<nav><ul>{% for item in collections.all | sort(false, false, 'url') %}{% if item.data.navLabel %}<li><a href="{{ item.url }}"{% if item.url == page.url %} aria-current="page"{% endif %}>{{ item.data.navLabel }}</a></li>{% endif %}{% endfor %}</ul></nav>
</header>
<main>
<h1>{{ title or name }}</h1>
{% if intro %}<p class="intro">{{ intro }}</p>{% endif %}
{% if image %}<img src="{{ image.src }}" alt="{{ image.alt }}" width="1200" height="675">{% endif %}
{% if region %}<p>{{ region }}, {{ state }}</p>{% endif %}
{% if features %}<ul class="features">{% for feature in features %}<li>{{ feature }}</li>{% endfor %}</ul>{% endif %}
<article>{{ content | safe }}</article>
</main>
<footer><p>&copy; Riverbright Commercial Cleaning</p>
<ul>{% for item in collections.all %}{% if item.data.region %}<li><a href="{{ item.url }}">{{ item.data.name }}</a></li>{% endif %}{% endfor %}</ul>
</footer>
</body>
</html>
`;

/** Eleventy's site in `siteDir`: the pages as committed, one layout given to all by a config file. Resolves the page count. */
export function makeEleventySite(contentDir, siteDir) {
  const pages = eleventyPagesOf(contentDir);
  for (const file of pages) cpSync(path.join(contentDir, file), path.join(siteDir, 'src', file));
  mkdirSync(path.join(siteDir, 'src', '_includes'), { recursive: true });
  writeFileSync(path.join(siteDir, 'src', '_includes', 'layout.njk'), LAYOUT);
  writeFileSync(path.join(siteDir, 'eleventy.config.mjs'), `export default function (config) {\n  config.addGlobalData('layout', 'layout.njk');\n  return { dir: { input: 'src' } };\n}\n`);
  return pages.length;
}

async function eleventyBuild(command, siteDir, pages) {
  const out = mkdtempSync(path.join('/dev/shm', 'cleansite-eleventy-out-'));
  const removed = onInterrupt(() => rmSync(out, { recursive: true, force: true }));
  try {
    const result = await measureCommand(process.execPath, [command, '--quiet', `--output=${out}`], { cwd: siteDir });
    if (result.code !== 0) throw new Error(`Eleventy failed (exit ${result.code})\n${result.stderr}`);
    // Every page written, or the comparison would be against less work (a front-matter Eleventy skipped).
    const written = readdirSync(out, { recursive: true }).filter((name) => String(name).endsWith('.html')).length;
    if (written !== pages) throw new Error(`Eleventy wrote ${written} pages, not ${pages}\n${result.stderr}`);
    return { ms: result.ms, cpuMs: result.cpuMs };
  } finally {
    removed();
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Interleaved rounds of Eleventy's build and each checkout's truly cold build. Resolves the load
 * at each round, Eleventy's medians, and each checkout's medians and median per-round ratios.
 */
export async function eleventyPairs({ checkouts, runs, eleventyDir = DEFAULT_ELEVENTY_DIR, log = () => {} }) {
  const command = installEleventy(eleventyDir, log);
  const siteDir = mkdtempSync(path.join('/dev/shm', 'cleansite-eleventy-site-'));
  // A `finally` does not run when the bench is stopped by a signal (bench/interrupt.mjs).
  const removed = onInterrupt(() => rmSync(siteDir, { recursive: true, force: true }));
  try {
    const pages = makeEleventySite(path.join(checkouts[0], 'content'), siteDir);
    const subjects = [ELEVENTY, ...checkouts];
    const { rows, loads } = await interleavedRounds(subjects, runs, (subject) => (subject === ELEVENTY ? eleventyBuild(command, siteDir, pages) : coldBuild(subject)));
    const medians = (row) => ({ wallMs: median(row.map((run) => run.ms)), cpuMs: median(row.map((run) => run.cpuMs)), wallRuns: row.map((run) => run.ms) });
    const ratios = (row, key) => row.map((run, round) => run[key] / rows[0][round][key]);
    return {
      loads,
      eleventy: { version: ELEVENTY_VERSION, pages, ...medians(rows[0]) },
      checkouts: checkouts.map((checkout, index) => {
        const row = rows[index + 1];
        return { checkout, ...medians(row), wallRatio: median(ratios(row, 'ms')), cpuRatio: median(ratios(row, 'cpuMs')), wallRatios: ratios(row, 'ms') };
      }),
    };
  } finally {
    removed();
    rmSync(siteDir, { recursive: true, force: true });
  }
}

function parseArguments(args) {
  const options = { runs: 7, eleventyDir: DEFAULT_ELEVENTY_DIR, checkouts: [] };
  for (let index = 0; index < args.length; index++) {
    const flag = args[index];
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === '--runs') options.runs = Number(args[++index]);
    else if (flag === '--eleventy-dir') options.eleventyDir = path.resolve(args[++index] ?? '');
    else if (flag.startsWith('-')) {
      console.error(`unknown option ${flag}\n${USAGE}`);
      process.exit(2);
    } else options.checkouts.push(path.resolve(flag));
  }
  if (!(Number.isInteger(options.runs) && options.runs >= 1)) {
    console.error(USAGE);
    process.exit(2);
  }
  if (options.checkouts.length === 0) options.checkouts.push(packageRoot);
  for (const checkout of options.checkouts) if (!existsSync(path.join(checkout, 'bin', 'cleansite.mjs'))) throw new Error(`${checkout} is not a cleansite checkout`);
  return options;
}

const milliseconds = (value) => `${value.toFixed(0)} ms`;

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const figures = await eleventyPairs({ ...options, log: (line) => console.error(line) });
  console.log(`load average (1 min) at each round: ${figures.loads.join(' ')}`);
  // As bench/run.mjs says it: cleansite's two threads suffer more from a busy machine than Eleventy's one.
  if (Math.max(...figures.loads.map(Number)) > os.cpus().length / 2) console.log('other work was running: wall times and their ratios are inflated and move from sitting to sitting (compare on a quiet machine)');
  console.log(`Eleventy ${figures.eleventy.version}, ${figures.eleventy.pages} pages: wall ${milliseconds(figures.eleventy.wallMs)}, CPU ${milliseconds(figures.eleventy.cpuMs)} (medians of ${options.runs})`);
  for (const row of figures.checkouts) {
    console.log(`${row.checkout}: wall ${milliseconds(row.wallMs)}, CPU ${milliseconds(row.cpuMs)}; per round / Eleventy: wall ${row.wallRatio.toFixed(3)}x (${row.wallRatios.map((ratio) => ratio.toFixed(2)).join(' ')}), CPU ${row.cpuRatio.toFixed(3)}x (target: wall at most 0.80x)`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
