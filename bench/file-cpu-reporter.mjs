/**
 * A vitest reporter that prints the CPU each test file cost, Chromium's included: the CPU of
 * the cgroup vitest runs in (cgroup v1 `cpuacct.usage`), read when each file starts and ends.
 * GNU time misses most of a browser file's CPU (the renderers are forked by Chromium's zygote,
 * which nobody waits for); a cgroup holds every process the command starts. The figures are
 * the file's own only when files run one at a time (docs/testing.md, Round 4):
 *
 *   sudo mkdir /sys/fs/cgroup/cpuacct/suite && echo $$ | sudo tee /sys/fs/cgroup/cpuacct/suite/cgroup.procs
 *   npx vitest run --maxWorkers=1 --no-file-parallelism --reporter=default --reporter=./bench/file-cpu-reporter.mjs <files>
 *
 * Prints, after the run: each file's CPU seconds (in run order) and the run's total.
 */
import { readFileSync } from 'node:fs';

/** This process's cpuacct cgroup usage file; fails when the process is in the root cgroup (the whole machine's CPU). */
function usageFile() {
  const line = readFileSync('/proc/self/cgroup', 'utf8').split('\n').find((entry) => /:(?:[^:]*,)?cpuacct(?:,[^:]*)?:/.test(entry));
  const group = line?.split(':')[2];
  if (!group || group === '/') throw new Error('file-cpu-reporter: run vitest in a cpuacct cgroup of its own (see the comment at the top of bench/file-cpu-reporter.mjs)');
  const controllers = line.split(':')[1];
  return `/sys/fs/cgroup/${controllers}${group}/cpuacct.usage`;
}

export default class FileCpuReporter {
  file = usageFile();
  started = new Map();
  rows = [];
  first = this.cpu();

  cpu() {
    return Number(readFileSync(this.file, 'utf8')) / 1e9;
  }

  onTestModuleStart(module) {
    this.started.set(module.moduleId, this.cpu());
  }

  onTestModuleEnd(module) {
    const cpu = this.cpu() - (this.started.get(module.moduleId) ?? this.first);
    this.rows.push([module.moduleId.replace(/^.*?\/(test\/)/, '$1'), cpu]);
  }

  onTestRunEnd() {
    const lines = this.rows.map(([file, cpu]) => `${cpu.toFixed(1).padStart(7)} s  ${file}`);
    process.stdout.write(`\nCPU per file (the cgroup's, Chromium included):\n${lines.join('\n')}\n${(this.cpu() - this.first).toFixed(1).padStart(7)} s  in all\n`);
  }
}
