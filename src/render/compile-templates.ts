/**
 * Compiles templates/index.tsx (and everything it imports) into one ES
 * module with esbuild, once per build. The file name carries the bundle's
 * content hash, so an unchanged template set is reused and a changed one is
 * a new module (never a cache-busting re-import of the same URL).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { removeStaleFiles } from '../cache/remove-stale.ts';
import { CleansiteError } from '../core/errors.ts';
import type { TemplateSet } from './page-props.ts';

export interface CompiledTemplates {
  /** Absolute path of the compiled module. */
  modulePath: string;
  /** Content hash of the bundle; part of every page's cache key. */
  hash: string;
  /** Source files the bundle was built from (absolute paths), for watch mode. */
  inputs: string[];
}

const TEMPLATE_BUNDLES_KEPT = 200;

export async function compileTemplates(templatesDir: string, cacheDir: string): Promise<CompiledTemplates> {
  const entry = ['index.tsx', 'index.ts'].map((name) => path.join(templatesDir, name)).find((file) => existsSync(file));
  if (!entry) {
    throw new CleansiteError({
      code: 'TEMPLATE_MISSING',
      message: `no templates entry: expected ${path.join(templatesDir, 'index.tsx')}`,
      hint: 'templates/index.tsx must export `templates`, one component per template name',
    });
  }
  const esbuild = await import('esbuild');
  let result: Awaited<ReturnType<typeof esbuild.build>> & { outputFiles: Array<{ contents: Uint8Array; text: string }> };
  try {
    result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      packages: 'external',
      metafile: true,
      logLevel: 'silent',
      sourcemap: 'inline',
      sourcesContent: false,
    });
  } catch (error) {
    throw compileError(error);
  }
  const output = result.outputFiles[0]!;
  const hash = createHash('sha256').update(output.contents).digest('hex').slice(0, 16);
  const outDir = path.join(cacheDir, 'templates');
  const modulePath = path.join(outDir, `templates-${hash}.mjs`);
  if (!existsSync(modulePath)) {
    await mkdir(outDir, { recursive: true });
    // Write then rename: concurrent builds share the cache and must never import a half-written file.
    const partial = `${modulePath}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(partial, output.text);
    await rename(partial, modulePath);
    // Generous: a build that is still to import an older bundle must find it.
    removeStaleFiles(outDir, modulePath, Date.now(), TEMPLATE_BUNDLES_KEPT);
  }
  const inputs = Object.keys(result.metafile!.inputs).map((input) => path.resolve(input));
  return { modulePath, hash, inputs };
}

export async function importTemplates(modulePath: string): Promise<TemplateSet> {
  let module: { templates?: TemplateSet };
  try {
    module = (await import(pathToFileURL(modulePath).href)) as { templates?: TemplateSet };
  } catch (error) {
    throw new CleansiteError({
      code: 'TEMPLATE_COMPILE',
      message: `templates/index.tsx (or a module it imports) threw while loading: ${error instanceof Error ? error.message : String(error)}`,
      hint: 'code at the top level of a template module runs when the build loads it: move it into a component; --debug shows where it threw',
      cause: error,
    });
  }
  if (!module.templates) {
    throw new CleansiteError({ code: 'TEMPLATE_MISSING', message: 'templates/index.tsx does not export `templates`' });
  }
  return module.templates;
}

function compileError(error: unknown): CleansiteError {
  const failure = error as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number; lineText: string } }> };
  const first = failure.errors?.[0];
  if (!first) return new CleansiteError({ code: 'TEMPLATE_COMPILE', message: `templates failed to compile: ${String(error)}`, cause: error });
  const more = (failure.errors?.length ?? 1) - 1;
  return new CleansiteError({
    code: 'TEMPLATE_COMPILE',
    message: `template does not compile: ${first.text}${more > 0 ? ` (and ${more} more)` : ''}`,
    location: first.location ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 } : undefined,
    cause: error,
  });
}
