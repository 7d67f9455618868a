/**
 * Bundles the browser script (templates/client/main.ts) into one minified,
 * content-hashed file with esbuild. No runtime framework is involved.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadEsbuild } from '../core/common-js-packages.ts';
import { CleansiteError } from '../core/errors.ts';
import type { BuiltAsset } from './build-css.ts';
import { hashedName } from './hashed-name.ts';

export async function buildClientScript(entryFile: string, stem = 'assets/site'): Promise<BuiltAsset | undefined> {
  if (!existsSync(entryFile)) return undefined;
  const esbuild = loadEsbuild();
  try {
    const result = await esbuild.build({
      entryPoints: [entryFile],
      bundle: true,
      write: false,
      minify: true,
      format: 'iife',
      platform: 'browser',
      target: ['chrome100', 'firefox100', 'safari15'],
      metafile: true,
      logLevel: 'silent',
      legalComments: 'none',
    });
    const output = result.outputFiles[0]!;
    const file = hashedName(stem, output.contents, 'js');
    const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(input));
    return { url: `/${file}`, file, contents: output.contents, inputs };
  } catch (error) {
    const first = (error as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } }> }).errors?.[0];
    throw new CleansiteError({
      code: 'ASSET_FAILED',
      message: `client script does not compile: ${first?.text ?? String(error)}`,
      location: first?.location ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 } : { file: entryFile },
      cause: error,
    });
  }
}
