#!/usr/bin/env node
// The deploy plan for 10,000 pages (issue 14 target: under 2 s): a generated build folder of
// 10,000 pages plus one hashed image each, against a listing of the previous deploy in which
// 1% of the pages differ and one page is gone. Reports the local listing (read and MD5 every
// file) and the plan separately; writes bench/results-deploy-plan.json.
//   node bench/deploy-plan-bench.mjs [pages]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pages = Number(process.argv[2] ?? 10_000);
const work = mkdtempSync(path.join(os.tmpdir(), 'cleansite-plan-bench-'));
try {
  // The TypeScript modules, bundled once for this Node.
  await esbuild.build({ entryPoints: { plan: path.join(root, 'src/deploy/deploy-plan.ts'), local: path.join(root, 'src/deploy/local-files.ts') }, bundle: true, platform: 'node', format: 'esm', outdir: work, logLevel: 'error', outExtension: { '.js': '.mjs' } });
  const { planDeploy } = await import(pathToFileURL(path.join(work, 'plan.mjs')).href);
  const { listLocalFiles } = await import(pathToFileURL(path.join(work, 'local.mjs')).href);

  const dist = path.join(work, 'dist');
  const page = (index) => `<!DOCTYPE html><html lang="en"><head><title>Page ${index}</title></head><body>${'<p>Commercial cleaning in Queensland. </p>'.repeat(100)}</body></html>\n`;
  for (let index = 0; index < pages; index++) {
    mkdirSync(path.join(dist, 'locations', `place-${index}`), { recursive: true });
    writeFileSync(path.join(dist, 'locations', `place-${index}`, 'index.html'), page(index));
  }
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  for (let index = 0; index < pages; index++) writeFileSync(path.join(dist, 'assets', `hero-${index}.${index.toString(16).padStart(10, '0')}.avif`), Buffer.alloc(2_000, index));

  let started = performance.now();
  const local = listLocalFiles(dist);
  const listMs = performance.now() - started;
  const remote = local.map((file, index) => ({ key: file.key, size: file.size, etag: index % 200 === 0 ? 'previous' : file.md5, lastModified: new Date(0) }));
  remote.push({ key: 'locations/removed/index.html', size: 10, etag: 'x', lastModified: new Date(0) });
  started = performance.now();
  const plan = planDeploy({ local, remote, unreferencedSince: {}, now: new Date(), pruneAssetsAfterDays: 7 });
  const planMs = performance.now() - started;

  const results = { pages, files: local.length, localListingMs: Math.round(listMs), planMs: Math.round(planMs * 10) / 10, uploads: plan.uploads.length, deletions: plan.deletions.length, target: { planMs: 2_000, met: listMs + planMs < 2_000 } };
  console.log(`deploy plan, ${pages.toLocaleString('en-AU')} pages (${local.length.toLocaleString('en-AU')} files): local listing with MD5 ${results.localListingMs} ms, plan ${results.planMs} ms (${plan.uploads.length} uploads, ${plan.deletions.length} deletion); target < 2,000 ms ${results.target.met ? 'met' : 'NOT MET'}`);
  writeFileSync(path.join(root, 'bench', 'results-deploy-plan.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
