/**
 * Where a watch save spends its time, for the open-page bench
 * (bench/open-page-bench.mjs): with CLEANSITE_TRACE=1, each step of a pass
 * prints `trace: <label> <epoch ms>` to stderr, in the main thread and in
 * the render workers alike. Epoch milliseconds (with their fraction) are one
 * clock across threads and processes, so the bench lines them up with the
 * moment it saved the file. Off by default: one check of a constant.
 */
const ON = process.env.CLEANSITE_TRACE === '1';

export function trace(label: string): void {
  if (ON) process.stderr.write(`trace: ${label} ${(performance.timeOrigin + performance.now()).toFixed(1)}\n`);
}
