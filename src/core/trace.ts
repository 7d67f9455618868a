/**
 * Where a watch save spends its time, for the open-page bench
 * (bench/open-page-bench.mjs): with CLEANSITE_TRACE=1, each step of a pass
 * prints `trace: <label> <epoch ms>` to stderr, in the main thread and in
 * the render workers alike (or, with CLEANSITE_TRACE=<file>, appends them to that file). Epoch milliseconds (with their fraction) are one
 * clock across threads and processes, so the bench lines them up with the
 * moment it saved the file. Off by default: one check of a constant.
 */
import { appendFileSync } from 'node:fs';

let target = process.env.CLEANSITE_TRACE;

export function trace(label: string): void {
  if (!target) return;
  const line = `trace: ${label} ${(performance.timeOrigin + performance.now()).toFixed(1)}\n`;
  // Any other value than 1 names a file: the lines are appended to it (stderr untouched, as tests compare it).
  if (target === '1') return void process.stderr.write(line);
  try {
    appendFileSync(target, line);
  } catch (error) {
    // A diagnostic must never fail the build or the save it times: say so once and stop tracing.
    process.stderr.write(`warning: CLEANSITE_TRACE=${target}: ${(error as Error).message}; tracing is off\n`);
    target = undefined;
  }
}
