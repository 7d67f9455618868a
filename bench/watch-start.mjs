/**
 * How long `cleansite watch` takes to start: from the command to the
 * "Serving http://..." line, which it prints once its first pass has
 * written the output (src/commands/watch-command.ts). Then the watcher is
 * stopped with SIGTERM, as Ctrl-C would, and its exit awaited, so the next
 * start (a restart on the same folders) finds what this one saved.
 */
import { spawn } from 'node:child_process';

/** Resolves { ms, built } (`built`: the "Built N pages" line); rejects with the output when watch exits or does not serve within `timeoutMs`. */
export function measureWatchStart(cli, args, { cwd, env, timeoutMs = 300_000 }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, 'watch', '--port', '0', ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let served;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`watch did not serve within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const collect = (chunk) => {
      output += chunk;
      if (served !== undefined || !/^Serving http:\/\//m.test(output)) return;
      served = performance.now() - started;
      clearTimeout(timer);
      child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const built = /^Built .*$/m.exec(output)?.[0];
      if (served === undefined || !built) reject(new Error(`watch exited (${code}) before its first build was served:\n${output}`));
      else resolve({ ms: served, built, output });
    });
  });
}
