/**
 * One cold build of a generated site of N locations, with any CLI options, measured:
 *   node bench/big-build.mjs <checkout> <count> [cleansite build options...]
 * e.g. `node bench/big-build.mjs . 100000 --jobs 2`. The site is generated once (from the
 * checkout's own content) into /dev/shm/cleansite-big/<count>-<checkout's name> and reused; the
 * templates are copied fresh and the output is a new folder, both removed afterwards. Prints one
 * JSON line: exit code, wall and CPU seconds (the process tree's, GNU time), the peak RSS of the
 * tree in MB and the load average before and after. Checkouts older than --render-timeout (such as
 * the baseline) need NO_RT=1. Run one at a time: 100,000 pages take a minute or more and
 * 1-1.6 GB.
 */
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { generateSite } from './generate-site.mjs';
import { measureCommand } from './measure-process.mjs';

const [checkout = '.', count = '10000', ...extra] = process.argv.slice(2);
const repo = path.resolve(checkout);
if (!existsSync(path.join(repo, 'bin/cleansite.mjs')) || !existsSync(path.join(repo, 'content'))) {
  process.stderr.write(`big-build: ${repo} is not a cleansite checkout (no bin/cleansite.mjs or content/): usage: node bench/big-build.mjs <checkout> <count> [build options]\n`);
  process.exit(2);
}
if (!/^[1-9]\d*$/.test(count)) {
  process.stderr.write(`big-build: the count of locations must be a whole number of 1 or more, not ${JSON.stringify(count)}\n`);
  process.exit(2);
}
const root = `/dev/shm/cleansite-big/${count}-${path.basename(repo)}`;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

if (!existsSync(path.join(root, 'content'))) generateSite(path.join(repo, 'content'), path.join(root, 'content'), Number(count));
const work = `${root}-run-${process.pid}`;
cpSync(path.join(repo, 'templates'), path.join(work, 'templates'), { recursive: true });
const timeout = process.env.NO_RT ? [] : ['--render-timeout', '300'];
const args = [path.join(repo, 'bin/cleansite.mjs'), 'build', '--content', path.join(root, 'content'), '--templates', path.join(work, 'templates'),
  '--public', path.join(repo, 'public'), '--out', path.join(work, 'out'), '--quiet', ...timeout, ...extra];
const before = loadAverage();
try {
  const run = await measureCommand(process.execPath, args, { cwd: work, env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600' } });
  console.log(JSON.stringify({
    checkout: repo, count: Number(count), options: extra, code: run.code, wallSeconds: +(run.ms / 1000).toFixed(1),
    cpuSeconds: run.cpuMs === undefined ? undefined : +(run.cpuMs / 1000).toFixed(1),
    peakMB: run.peakRssBytes === undefined ? undefined : Math.round(run.peakRssBytes / 1048576), load: [before, loadAverage()],
    ...(run.code === 0 ? {} : { stderr: run.stderr.slice(-600) }),
  }));
  process.exitCode = run.code === 0 ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
