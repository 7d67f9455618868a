/**
 * The two programs the benchmark runs, prepared once per bench run inside
 * the project (so `react`, `esbuild` and `sharp` resolve from node_modules):
 *
 * - a snapshot of the compiled CLI: bin/cleansite.mjs compiles src/ when it
 *   changed; the bench runs a copy, so an edit to src/ during a run cannot
 *   swap the code (and its cache keys) between two measurements. The runner
 *   does what the launcher does after its stamp check: it runs cli.mjs, which
 *   imports the CLI (with Node's compile cache where Node has one, filled by
 *   the warm-up build), as every run after the first does.
 * - the bare render loop (bench/bare-loop.tsx), bundled with esbuild with
 *   React and the templates inside, the way such a script would be shipped.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export async function prepareTools(packageRoot, sourceTemplatesDir) {
  const dir = path.join(packageRoot, '.cache', `bench-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const templatesDir = path.join(dir, 'templates');
  cpSync(sourceTemplatesDir, templatesDir, { recursive: true });

  // Compiles the CLI if src/ changed since the last run.
  execFileSync(process.execPath, [path.join(packageRoot, 'bin', 'cleansite.mjs'), '--version'], { cwd: packageRoot, stdio: 'ignore' });
  const cliDir = path.join(dir, 'cli');
  cpSync(path.join(packageRoot, 'lib', 'cli'), cliDir, { recursive: true, filter: (source) => !source.endsWith('.map') });
  const cli = path.join(cliDir, 'run.mjs');
  writeFileSync(cli, "const cli = await import('./cli.mjs');\nprocess.exitCode = await cli.main(process.argv);\nif (cli.processMayEnd()) cli.endProcess();\n");

  const esbuild = await import('esbuild');
  const bareLoop = path.join(dir, 'bare-loop.mjs');
  const templatesEntry = ['index.tsx', 'index.ts'].map((name) => path.join(templatesDir, name)).find((file) => existsSync(file));
  if (!templatesEntry) throw new Error(`no templates entry (index.tsx) in ${templatesDir}`);
  await esbuild.build({
    entryPoints: [path.join(packageRoot, 'bench', 'bare-loop.tsx')],
    outfile: bareLoop,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    // Native: the image stage loads it only when its cache misses.
    external: ['sharp'],
    // The site's modules import the engine by the package name (src/index.ts), as a published site would.
    alias: { cleansite: path.join(packageRoot, 'src', 'index.ts') },
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: { js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);" },
    logLevel: 'warning',
    plugins: [{
      name: 'bench-templates',
      setup(build) {
        build.onResolve({ filter: /^bench-templates$/ }, () => ({ path: templatesEntry }));
      },
    }],
  });

  return { dir, cli, bareLoop, templatesDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
