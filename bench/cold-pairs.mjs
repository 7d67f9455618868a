/**
 * The committed site's truly cold build, checkouts in turn (issue 23, item 5): each run copies
 * the content, templates and public folders of the checkout to a fresh folder on tmpfs (no
 * content cache, page manifest or previous output can match it; the checkout's own `.cache`,
 * with its image cache, is kept), builds them with that checkout's compiled CLI, and measures
 * wall time and CPU (user + system of the process tree, bench/measure-process.mjs). Checkouts
 * alternate, order reversed every other round, so the machine's load falls on each alike; the
 * CPU and wall ratios are the medians of the per-round ratios to the first checkout.
 *
 *   node bench/cold-pairs.mjs [--runs 7] CHECKOUT [CHECKOUT...]
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { onInterrupt } from './interrupt.mjs';
import { measureCommand } from './measure-process.mjs';
import { interleavedRounds, parseCheckoutArguments } from './interleaved.mjs';
import { median } from './report.mjs';

const USAGE = `usage: node bench/cold-pairs.mjs [--runs N] CHECKOUT [CHECKOUT...]
Builds each checkout's committed site truly cold, in turn, and prints wall time, CPU, and their ratios to the first.`;

/** One truly cold build of the checkout's committed site: { ms, cpuMs } of its process tree (also bench/eleventy-pairs.mjs). */
export async function coldBuild(checkout) {
  const dir = mkdtempSync(path.join('/dev/shm', 'cleansite-cold-'));
  // A `finally` does not run when the bench is stopped by a signal.
  const removed = onInterrupt(() => rmSync(dir, { recursive: true, force: true }));
  try {
    for (const folder of ['content', 'templates', 'public']) cpSync(path.join(checkout, folder), path.join(dir, folder), { recursive: true });
    const env = { ...process.env };
    delete env.NODE_ENV;
    const args = [path.join(checkout, 'bin/cleansite.mjs'), 'build', '--quiet', '--content', `${dir}/content`, '--templates', `${dir}/templates`, '--public', `${dir}/public`, '--out', `${dir}/dist`];
    const result = await measureCommand('node', args, { cwd: checkout, env });
    if (result.code !== 0) throw new Error(`${checkout}: build failed (exit ${result.code})\n${result.stderr}`);
    return { ms: result.ms, cpuMs: result.cpuMs };
  } finally {
    removed();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { runs, checkouts } = parseCheckoutArguments(process.argv.slice(2), USAGE, 7);
  const { rows, loads } = await interleavedRounds(checkouts, runs, coldBuild);
  console.log(`load average (1 min) at each round: ${loads.join(' ')}`);
  checkouts.forEach((checkout, index) => {
    const cpu = rows[index].map((row) => row.cpuMs);
    const wallRatio = median(rows[index].map((row, round) => row.ms / rows[0][round].ms));
    const ratio = index === 0 ? '' : `, CPU / first: ${median(cpu.map((value, round) => value / rows[0][round].cpuMs)).toFixed(3)}, wall / first: ${wallRatio.toFixed(3)}`;
    console.log(`${checkout}: wall ${median(rows[index].map((row) => row.ms)).toFixed(0)} ms, CPU ${median(cpu).toFixed(0)} ms (${cpu.map((value) => value.toFixed(0)).join(' ')})${ratio}`);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
