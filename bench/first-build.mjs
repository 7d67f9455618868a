/**
 * A fresh clone's first build: no image cache, no cache of any kind, no output (issue 23's
 * "first build after npm ci"). The project's image cache (.cache/images, where the CLI keeps
 * it: beside node_modules) is moved aside for the measured builds and put back afterwards,
 * whatever happens (a failed build, Ctrl-C, SIGTERM), so the bench never costs the developer a
 * re-encode.
 */
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { onInterrupt } from './interrupt.mjs';
import { measureCommand } from './measure-process.mjs';

/** Resolves the samples ({ ms, cpuMs, peakRssBytes }) of `runs` first builds of the committed site. */
export async function benchFirstBuild({ packageRoot, tools, outRoot, runs, env, log }) {
  const imagesCache = path.join(packageRoot, '.cache', 'images');
  const kept = `${imagesCache}.kept-by-bench-${process.pid}`;
  const hadCache = existsSync(imagesCache);
  /** Puts the developer's cache back, once: after that `kept` is gone. */
  const restore = () => {
    if (!existsSync(kept)) return;
    rmSync(imagesCache, { recursive: true, force: true });
    renameSync(kept, imagesCache);
  };
  const work = mkdtempSync(path.join(outRoot, 'cleansite-first-build-'));
  const cleanUp = () => {
    rmSync(work, { recursive: true, force: true });
    restore();
  };
  if (hadCache) renameSync(imagesCache, kept);
  const cleanedUp = onInterrupt(cleanUp);
  const samples = [];
  try {
    for (let run = 1; run <= runs; run++) {
      rmSync(imagesCache, { recursive: true, force: true });
      // Fresh folders: no content cache, step cache or page manifest is keyed by them yet.
      const runDir = path.join(work, `run-${run}`);
      const templatesRoot = path.join(tools.dir, `first-build-${run}`);
      const dirs = { content: path.join(runDir, 'content'), templates: path.join(templatesRoot, 'templates'), public: path.join(runDir, 'public'), out: path.join(runDir, 'dist') };
      cpSync(path.join(packageRoot, 'content'), dirs.content, { recursive: true });
      cpSync(path.join(packageRoot, 'public'), dirs.public, { recursive: true });
      cpSync(tools.templatesDir, dirs.templates, { recursive: true });
      symlinkSync(path.join(packageRoot, 'src'), path.join(templatesRoot, 'src'), 'dir');
      const result = await measureCommand(process.execPath, [tools.cli, 'build', '--content', dirs.content, '--templates', dirs.templates, '--public', dirs.public, '--out', dirs.out, '--quiet'], { cwd: runDir, env });
      if (result.code !== 0) throw new Error(`first build failed (exit ${result.code})\n${result.stderr}`);
      samples.push(result);
      log(`first build (empty image cache): run ${run}/${runs}: ${(result.ms / 1000).toFixed(2)} s, CPU ${((result.cpuMs ?? 0) / 1000).toFixed(1)} s`);
    }
  } finally {
    cleanedUp();
    cleanUp();
  }
  return samples;
}
