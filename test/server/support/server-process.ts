/** The real `cleansite preview` process on a free port, for tests that must see it survive (or crash). */
import { spawn } from 'node:child_process';
import { cliPath } from '../../support/fixture-site.ts';

export interface ServerProcess {
  url: string;
  port: number;
  output: string[];
  alive(): boolean;
  stop(): Promise<number | null>;
}

export async function startPreviewProcess(siteDir: string, outDir: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, [cliPath, 'preview', '--port', '0', '--out', outDir], { cwd: siteDir });
  const output: string[] = [];
  let exited = false;
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => {
    exited = true;
    resolve(code);
  }));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview did not start:\n${output.join('\n')}`)), 20_000);
    const collect = (chunk: Buffer) => {
      output.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
      const serving = output.map((line) => /^Previewing .* at (http:\/\/\S+)/.exec(line)?.[1]).find(Boolean);
      if (serving) {
        clearTimeout(timer);
        resolve(serving);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exit.then(() => reject(new Error(`preview exited:\n${output.join('\n')}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    output,
    alive: () => !exited,
    stop: async () => {
      if (!exited) child.kill('SIGTERM');
      return exit;
    },
  };
}
