/**
 * The real `cleansite preview` (the product's own server, src/server/static-server.ts
 * with the build's _headers and _redirects) in a child process on a free port of
 * 127.0.0.1. Plain JavaScript so the scripts node runs without a TypeScript loader
 * (the Lighthouse audit, screenshots, the image bench) share it with the tests that
 * must see the process itself (exit code, output, surviving hostile requests).
 * Tests that only need the site served use the in-process `serveSite`
 * (test/support/site-server.ts): the same server, no process to start.
 *
 *   const preview = await startPreviewProcess('/tmp/site/dist');
 *   await fetch(`${preview.origin}/about/`);
 *   await preview.stop();   // SIGTERM, resolves with the exit code
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cliPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'cleansite.mjs');

/**
 * Starts `cleansite preview --out <outDir> --port 0` (loopback is the command's default)
 * and resolves once it prints the line with its URL.
 * @param {string} outDir the built folder
 * @param {{ cwd?: string, args?: string[], timeoutMs?: number }} [options] `args` go after the
 *   defaults; `cwd` decides how the folder is named in the output (default: this process's)
 * @returns {Promise<import('./preview-process.d.mts').PreviewProcess>}
 */
export async function startPreviewProcess(outDir, options = {}) {
  const child = spawn(process.execPath, [cliPath, 'preview', '--out', path.resolve(outDir), '--port', '0', ...(options.args ?? [])], {
    cwd: options.cwd ?? process.cwd(), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SOURCE_DATE_EPOCH: '1795140000', NO_COLOR: '1' } /* cli.ts's TEST_SOURCE_DATE_EPOCH: plain node cannot import it */,
  });
  const output = [];
  let exited = false;
  const exit = new Promise((resolve) => child.on('exit', (code) => {
    exited = true;
    resolve(code);
  }));
  let url;
  try {
    url = await new Promise((resolve, reject) => {
      // The first run after a source change compiles the CLI first (bin/compile-cli.mjs).
      const timer = setTimeout(() => reject(new Error(`cleansite preview did not start:\n${output.join('\n')}`)), options.timeoutMs ?? 60_000);
      const collect = (chunk) => {
        output.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
        const serving = output.map((line) => /^Previewing .* at (http:\/\/\S+)/.exec(line)?.[1]).find(Boolean);
        if (serving) {
          clearTimeout(timer);
          resolve(serving);
        }
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      void exit.then((code) => {
        clearTimeout(timer);
        reject(new Error(`cleansite preview exited ${code}:\n${output.join('\n')}`));
      });
    });
  } catch (error) {
    if (!exited) child.kill('SIGTERM');
    throw error;
  }
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    return exit;
  };
  return {
    url,
    origin: new URL(url).origin,
    port: Number(new URL(url).port),
    output,
    alive: () => !exited,
    stop,
    close: async () => {
      await stop();
    },
  };
}
