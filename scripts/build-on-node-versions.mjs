#!/usr/bin/env node
// Builds the site with this Node and with Node 22 and 24 (the registry's `node` binary
// packages, installed once into .cache/node-versions/) and checks the outputs are byte
// for byte the same: netlify.toml and .nvmrc pin Node 24 while development and CI run 20.
//   node scripts/build-on-node-versions.mjs [22 24 ...]
// Each build goes to a fresh folder, so every page is rendered by that Node (the image
// and compile caches are shared: sharp, esbuild and lightningcss are native and Node-independent).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const versions = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['22', '24'];
// A fixed build date, so the outputs can only differ by what Node does.
const env = { ...process.env, SOURCE_DATE_EPOCH: '1795140000' };

function nodeBinary(major) {
  const prefix = path.join(root, '.cache', 'node-versions', major);
  const binary = path.join(prefix, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true });
    console.log(`Installing node@${major} from the registry into ${path.relative(root, prefix)}/ ...`);
    // The package's install script is blocked by npm 11, and not needed: the binary comes with it.
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', prefix, `node@${major}`], { stdio: 'inherit', env });
  }
  return binary;
}

function fingerprint(dir) {
  const files = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file).split(path.sep).join('/'), createHash('sha256').update(readFileSync(file)).digest('hex'));
  }
  return files;
}

const work = mkdtempSync(path.join(tmpdir(), 'cleansite-node-versions-'));
try {
  const builds = [];
  for (const version of ['current', ...versions]) {
    const binary = version === 'current' ? process.execPath : nodeBinary(version);
    const shown = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
    const out = path.join(work, version, 'dist');
    const started = performance.now();
    execFileSync(binary, [path.join(root, 'bin', 'cleansite.mjs'), 'build', '--quiet', '--out', out], { cwd: root, stdio: 'inherit', env });
    console.log(`Built with Node ${shown} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    builds.push({ shown, files: fingerprint(out) });
  }
  const [reference, ...others] = builds;
  let differences = 0;
  for (const other of others) {
    const names = new Set([...reference.files.keys(), ...other.files.keys()]);
    const differing = [...names].filter((name) => reference.files.get(name) !== other.files.get(name)).sort();
    differences += differing.length;
    if (differing.length === 0) console.log(`Node ${other.shown}: ${other.files.size} files, identical to Node ${reference.shown}`);
    else console.error(`Node ${other.shown}: ${differing.length} files differ from Node ${reference.shown}: ${differing.slice(0, 10).join(', ')}${differing.length > 10 ? ', ...' : ''}`);
  }
  process.exitCode = differences === 0 ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
