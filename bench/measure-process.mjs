/**
 * Runs a command and measures its wall time and the peak resident memory of
 * its whole process tree (the CLI, its worker threads, and children such as
 * esbuild's service process), read from /proc every few milliseconds:
 * the peak of the summed VmRSS, and never less than any one process's own
 * high-water mark (VmHWM), which catches peaks between two samples.
 * Linux only; elsewhere the memory column is left empty.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { onInterrupt } from './interrupt.mjs';

const SAMPLE_MS = 5;
const hasProc = existsSync('/proc/self/status');

/** GNU time reports the CPU time of the command and of every child it waited for. */
const GNU_TIME = '/usr/bin/time';
const hasGnuTime = existsSync(GNU_TIME);
const TIME_MARK = '__cleansite_bench_time__';

/**
 * Resolves { ms, cpuMs, peakRssBytes, code, stdout, stderr }; rejects only when the command
 * cannot start. cpuMs (user + system, children included) needs GNU time (/usr/bin/time):
 * on a busy machine it is the figure that still means something.
 */
export function measureCommand(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [program, programArgs] = hasGnuTime ? [GNU_TIME, ['-f', `${TIME_MARK} %U %S`, command, ...args]] : [command, args];
    const child = spawn(program, programArgs, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    // Stopping the bench stops what it measures: the time wrapper would leave the build running.
    const stopped = onInterrupt(() => stopTree(child));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    const highWater = new Map();
    let peakSum = 0;
    const sample = () => {
      if (!hasProc) return;
      let sum = 0;
      // The time wrapper itself (~2 MB) is not part of what is measured.
      for (const pid of processTree(child.pid).slice(hasGnuTime ? 1 : 0)) {
        const memory = readMemory(pid);
        if (!memory) continue;
        sum += memory.rss;
        highWater.set(pid, Math.max(highWater.get(pid) ?? 0, memory.hwm));
      }
      peakSum = Math.max(peakSum, sum);
    };
    const timer = setInterval(sample, SAMPLE_MS);
    sample();
    child.once('error', (error) => {
      clearInterval(timer);
      stopped();
      reject(error);
    });
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      clearInterval(timer);
      stopped();
      const peakRssBytes = hasProc ? Math.max(peakSum, ...highWater.values(), 0) : undefined;
      child.once('close', () => {
        const timing = new RegExp(`${TIME_MARK} ([\\d.]+) ([\\d.]+)\\s*$`).exec(stderr);
        const cpuMs = timing ? (Number(timing[1]) + Number(timing[2])) * 1000 : undefined;
        if (timing) stderr = stderr.slice(0, timing.index);
        resolve({ ms, cpuMs, peakRssBytes, code, stdout, stderr });
      });
    });
  });
}

function stopTree(child) {
  for (const pid of hasProc ? processTree(child.pid) : [child.pid]) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

function processTree(root) {
  const pids = [root];
  for (let index = 0; index < pids.length; index++) {
    const pid = pids[index];
    let tasks;
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ')) {
          if (child.trim()) pids.push(Number(child));
        }
      } catch {
        // The task ended between the listing and the read.
      }
    }
  }
  return pids;
}

function readMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
  } catch {
    return undefined;
  }
}
