/**
 * The project's other benchmarks (bench/<name>-bench.mjs: the watch
 * engineer's watch-bench.mjs, the image pipeline's images-bench.mjs) run as
 * child processes after ours, so `npm run bench` reports every figure. Each
 * writes its own bench/results-<name>.json; the figures of those written by
 * this run are copied into bench/results.json under `extra`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export function runExtraBenches(packageRoot, log) {
  const benchDir = path.join(packageRoot, 'bench');
  const extra = {};
  for (const file of readdirSync(benchDir).filter((name) => name.endsWith('-bench.mjs')).sort()) {
    const name = file.replace(/-bench\.mjs$/, '');
    const resultsFile = path.join(benchDir, `results-${name}.json`);
    const started = Date.now();
    log(`\nrunning bench/${file} (its own output follows)`);
    // Its standard output goes to our standard error: our standard output is the table.
    const result = spawnSync(process.execPath, [path.join(benchDir, file)], { cwd: packageRoot, stdio: ['ignore', process.stderr, process.stderr], timeout: 10 * 60_000 });
    if (result.status !== 0) {
      extra[name] = { failed: true, summary: `bench/${file} failed (exit ${result.status ?? result.signal})` };
      continue;
    }
    const fresh = existsSync(resultsFile) && statSync(resultsFile).mtimeMs >= started;
    extra[name] = fresh ? JSON.parse(readFileSync(resultsFile, 'utf8')) : { summary: `bench/${file} finished without writing ${path.basename(resultsFile)}` };
  }
  return extra;
}
