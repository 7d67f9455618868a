/**
 * The end of the committed site's truly cold build (issue 23, item 5): how long the CLI process
 * lives after its render worker wrote the last page (the commit, the page manifest, stopping the
 * worker, the process's own exit). Each run builds fresh copies of the checkout's content,
 * templates and public folders on tmpfs, as bench/cold-pairs.mjs does, with CLEANSITE_TRACE
 * pointed at a file (src/core/trace.ts: the worker's `worker: rendered N` lines carry epoch
 * milliseconds, the same clock as this process's). Checkouts alternate, order reversed every
 * other round.
 *
 *   node bench/cold-tail.mjs [--runs 9] CHECKOUT [CHECKOUT...]
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const USAGE = `usage: node bench/cold-tail.mjs [--runs N] CHECKOUT [CHECKOUT...]
Builds each checkout's committed site truly cold, in turn, and prints the time from the render worker's last page to the process's end.`;

function parseArguments(args) {
  let runs = 9;
  const checkouts = [];
  for (let index = 0; index < args.length; index++) {
    if (args[index] === '--help' || args[index] === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
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

/** Milliseconds from the worker's last `rendered` trace line to the CLI process's close. */
async function coldTail(checkout) {
  const dir = mkdtempSync(path.join('/dev/shm', 'cleansite-tail-'));
  const traceFile = `${dir}.trace`;
  try {
    for (const folder of ['content', 'templates', 'public']) cpSync(path.join(checkout, folder), path.join(dir, folder), { recursive: true });
    const env = { ...process.env, CLEANSITE_TRACE: traceFile };
    delete env.NODE_ENV;
    const args = [path.join(checkout, 'bin/cleansite.mjs'), 'build', '--quiet', '--content', `${dir}/content`, '--templates', `${dir}/templates`, '--public', `${dir}/public`, '--out', `${dir}/dist`];
    const child = spawn(process.execPath, args, { cwd: checkout, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => { stderr += chunk; });
    const code = await new Promise((resolve, reject) => child.on('error', reject).on('close', resolve));
    const gone = performance.timeOrigin + performance.now();
    if (code !== 0) throw new Error(`${checkout}: build failed (exit ${code})\n${stderr}`);
    const pages = [...readFileSync(traceFile, 'utf8').matchAll(/^trace: worker: rendered \d+ ([\d.]+)$/gm)].map((match) => Number(match[1]));
    if (pages.length === 0) throw new Error(`${checkout}: no render worker's trace lines (a build from source renders on the main thread)`);
    return gone - Math.max(...pages);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(traceFile, { force: true });
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
    for (const index of round % 2 ? order.reverse() : order) rows[index].push(await coldTail(checkouts[index]));
  }
  console.log(`load average (1 min) at each round: ${loads.join(' ')}`);
  checkouts.forEach((checkout, index) => {
    console.log(`${checkout}: last page to process gone, median ${median(rows[index]).toFixed(0)} ms (${rows[index].map((value) => value.toFixed(0)).join(' ')})`);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
