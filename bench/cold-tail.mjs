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
import { interleavedRounds, parseCheckoutArguments } from './interleaved.mjs';
import { median } from './report.mjs';

const USAGE = `usage: node bench/cold-tail.mjs [--runs N] CHECKOUT [CHECKOUT...]
Builds each checkout's committed site truly cold, in turn, and prints the time from the render worker's last page to the process's end.`;

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

async function main() {
  const { runs, checkouts } = parseCheckoutArguments(process.argv.slice(2), USAGE, 9);
  const { rows, loads } = await interleavedRounds(checkouts, runs, coldTail);
  console.log(`load average (1 min) at each round: ${loads.join(' ')}`);
  checkouts.forEach((checkout, index) => {
    console.log(`${checkout}: last page to process gone, median ${median(rows[index]).toFixed(0)} ms (${rows[index].map((value) => value.toFixed(0)).join(' ')})`);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
