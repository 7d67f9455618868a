/**
 * The committed site's truly cold build, checkouts in turn (issue 23, item 5): each run copies
 * the content, templates and public folders of the checkout to a fresh folder on tmpfs (no
 * content cache, page manifest or previous output can match it; the checkout's own `.cache`,
 * with its image cache, is kept), builds them with that checkout's compiled CLI, and measures
 * wall time and CPU (user + system of the process tree, bench/measure-process.mjs). Checkouts
 * alternate, order reversed every other round, so the machine's load falls on each alike; the
 * CPU ratio is the median of the per-round ratios to the first checkout.
 *
 *   node bench/cold-pairs.mjs [--runs 7] CHECKOUT [CHECKOUT...]
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { measureCommand } from './measure-process.mjs';

const USAGE = `usage: node bench/cold-pairs.mjs [--runs N] CHECKOUT [CHECKOUT...]
Builds each checkout's committed site truly cold, in turn, and prints wall time, CPU and CPU ratios.`;

function parseArguments(args) {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  let runs = 7;
  const checkouts = [];
  for (let index = 0; index < args.length; index++) {
    if (args[index] === '--runs') runs = Number(args[++index]);
    else if (args[index].startsWith('-')) {
      console.error(`unknown option ${args[index]}\n${USAGE}`);
      process.exit(2);
    } else checkouts.push(path.resolve(args[index]));
  }
  if (checkouts.length === 0 || !(runs >= 1)) {
    console.error(USAGE);
    process.exit(2);
  }
  return { runs, checkouts };
}

async function coldBuild(checkout) {
  const dir = mkdtempSync(path.join('/dev/shm', 'cleansite-cold-'));
  try {
    for (const folder of ['content', 'templates', 'public']) cpSync(path.join(checkout, folder), path.join(dir, folder), { recursive: true });
    const env = { ...process.env };
    delete env.NODE_ENV;
    const args = [path.join(checkout, 'bin/cleansite.mjs'), 'build', '--quiet', '--content', `${dir}/content`, '--templates', `${dir}/templates`, '--public', `${dir}/public`, '--out', `${dir}/dist`];
    const result = await measureCommand('node', args, { cwd: checkout, env });
    if (result.code !== 0) throw new Error(`${checkout}: build failed (exit ${result.code})\n${result.stderr}`);
    return { ms: result.ms, cpuMs: result.cpuMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const { runs, checkouts } = parseArguments(process.argv.slice(2));
  const rows = checkouts.map(() => []);
  const loads = [];
  for (let round = 0; round < runs; round++) {
    loads.push(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
    const order = checkouts.map((_, index) => index);
    for (const index of round % 2 ? order.reverse() : order) rows[index].push(await coldBuild(checkouts[index]));
  }
  console.log(`load average (1 min) at each round: ${loads.join(' ')}`);
  checkouts.forEach((checkout, index) => {
    const cpu = rows[index].map((row) => row.cpuMs);
    const ratio = index === 0 ? '' : `, CPU / first: ${median(cpu.map((value, round) => value / rows[0][round].cpuMs)).toFixed(3)}`;
    console.log(`${checkout}: wall ${median(rows[index].map((row) => row.ms)).toFixed(0)} ms, CPU ${median(cpu).toFixed(0)} ms (${cpu.map((value) => value.toFixed(0)).join(' ')})${ratio}`);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
