#!/usr/bin/env node
/**
 * node bench/netlify-cache-check.mjs ENGINE_DIR
 *
 * Checks, offline, that Netlify builds keep the image cache between deploys (netlify.toml's
 * netlify-plugin-cache), with Netlify's own build engine. ENGINE_DIR is a scratch folder where
 * `npm install --no-save node@22 @netlify/build@37` was run (docs/performance.md, Caches). The
 * committed HEAD is cloned into a temporary folder (node_modules hard-linked from this
 * project), then `netlify-build --offline --context production` runs twice: the first with no
 * image cache, which must save it; the second after `rm -rf .cache/images dist`, which must
 * restore it, encode nothing and write the same dist/. Prints both builds' times.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const engine = path.resolve(process.argv[2] ?? '');
const bin = path.join(engine, 'node_modules', '.bin');
if (!existsSync(path.join(bin, 'netlify-build'))) {
  console.error(`no netlify-build under ${bin}: run \`npm install --no-save node@22 @netlify/build@37\` in a scratch folder and pass it`);
  process.exit(2);
}
const clone = mkdtempSync(path.join(os.tmpdir(), 'cleansite-netlify-'));
try {
  execFileSync('git', ['clone', '-q', packageRoot, clone]);
  // Hard links: the copy's own path, so the CLI's cache (beside node_modules) is the clone's .cache.
  execFileSync('cp', ['-al', path.join(packageRoot, 'node_modules'), path.join(clone, 'node_modules')]);
  const env = { ...process.env, PATH: `${path.join(engine, 'node_modules', 'node', 'bin')}:${bin}:${process.env.PATH}` };
  const run = (label) => {
    const started = performance.now();
    const result = spawnSync('netlify-build', ['--offline', '--context', 'production'], { cwd: clone, env, encoding: 'utf8', maxBuffer: 64 << 20 });
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== 0) throw new Error(`${label}: netlify-build exited ${result.status}\n${result.stdout}\n${result.stderr}`);
    console.log(`${label}: ${seconds.toFixed(1)} s`);
    return result.stdout + result.stderr;
  };
  const first = run('first build, no image cache');
  expect(first.includes("A cache of '.cache/images' doesn't exist (yet)"), 'the first build found no cache');
  expect(first.includes('Successfully cached: .cache/images'), 'the first build saved the cache');
  const cached = countFiles(path.join(clone, '.cache', 'images'));
  const firstDist = snapshot(path.join(clone, 'dist'));
  rmSync(path.join(clone, '.cache', 'images'), { recursive: true, force: true });
  rmSync(path.join(clone, 'dist'), { recursive: true, force: true });
  const second = run('second build, cache restored by the plugin');
  expect(second.includes('Successfully restored: .cache/images'), 'the second build restored the cache');
  expect(!/^images: /m.test(second), 'the second build spent no slow image stage');
  expect(countFiles(path.join(clone, '.cache', 'images')) === cached, `the restored cache has the ${cached} files saved`);
  expect(snapshot(path.join(clone, 'dist')) === firstDist, 'both builds wrote the same dist/');
  console.log(`ok: ${cached} cache files kept between the two builds; dist/ identical`);
} finally {
  rmSync(clone, { recursive: true, force: true });
}

function expect(condition, what) {
  if (!condition) throw new Error(`not so: ${what}`);
}

function countFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

function snapshot(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name)).sort()
    .map((file) => `${path.relative(dir, file)} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`).join('\n');
}
