/**
 * Bundles templates/styles/site.css (following @import) and minifies it with
 * lightningcss for the browsers named in TARGETS. Custom media queries are
 * enabled so the breakpoints are written once, in styles/breakpoints.css.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadLightningCss } from '../core/common-js-packages.ts';
import { CleansiteError } from '../core/errors.ts';
import { hashedName } from './hashed-name.ts';

/** Browserslist equivalent: Chrome/Edge 100+, Firefox 100+, Safari/iOS 15.4+. */
const TARGETS = { chrome: 100 << 16, firefox: 100 << 16, safari: (15 << 16) | (4 << 8), ios_saf: (15 << 16) | (4 << 8) };

export interface BuiltAsset {
  /** Public URL, e.g. /assets/site.3f2a9c1b.css */
  url: string;
  /** File under the output folder, e.g. assets/site.3f2a9c1b.css */
  file: string;
  contents: Uint8Array;
  /** Absolute paths of the sources, for watch mode. */
  inputs: string[];
}

export async function buildCss(templatesDir: string): Promise<BuiltAsset | undefined> {
  const entry = path.join(templatesDir, 'styles', 'site.css');
  if (!existsSync(entry)) return undefined;
  const { bundleAsync } = loadLightningCss();
  const inputs = new Set<string>();
  try {
    const result = await bundleAsync({
      filename: entry,
      minify: true,
      targets: TARGETS,
      drafts: { customMedia: true },
      errorRecovery: false,
      resolver: {
        read(file: string) {
          inputs.add(file);
          return readFileSync(file, 'utf8');
        },
      },
    });
    const file = hashedName('assets/site', result.code, 'css');
    return { url: `/${file}`, file, contents: result.code, inputs: [...inputs] };
  } catch (error) {
    const failure = error as { message?: string; fileName?: string; loc?: { line: number; column: number } };
    throw new CleansiteError({
      code: 'ASSET_FAILED',
      message: `stylesheet does not compile: ${failure.message ?? String(error)}`,
      location: failure.fileName ? { file: path.relative(process.cwd(), failure.fileName), line: failure.loc?.line, column: failure.loc?.column } : { file: path.relative(process.cwd(), entry) },
      cause: error,
    });
  }
}
