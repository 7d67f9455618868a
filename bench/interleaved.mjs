/**
 * Runs one measurement on several checkouts in interleaved rounds (A B, then B A, ...), so each
 * sees the same machine state on average: bench/cold-pairs.mjs and bench/cold-tail.mjs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Resolves each checkout's results in round order, and the 1-minute load average at each round. */
export async function interleavedRounds(checkouts, runs, measure) {
  const rows = checkouts.map(() => []);
  const loads = [];
  for (let round = 0; round < runs; round++) {
    loads.push(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
    const order = checkouts.map((_, index) => index);
    for (const index of round % 2 ? order.reverse() : order) rows[index].push(await measure(checkouts[index]));
  }
  return { rows, loads };
}

/** `[--runs N] CHECKOUT [CHECKOUT...]`: the checkouts as absolute paths; usage on --help (exit 0) or a mistake (exit 2). */
export function parseCheckoutArguments(args, usage, defaultRuns) {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  let runs = defaultRuns;
  const checkouts = [];
  for (let index = 0; index < args.length; index++) {
    if (args[index] === '--runs') runs = Number(args[++index]);
    else if (args[index].startsWith('-')) {
      console.error(`unknown option ${args[index]}\n${usage}`);
      process.exit(2);
    } else checkouts.push(path.resolve(args[index]));
  }
  if (checkouts.length === 0 || !(Number.isInteger(runs) && runs >= 1)) {
    console.error(usage);
    process.exit(2);
  }
  return { runs, checkouts };
}
