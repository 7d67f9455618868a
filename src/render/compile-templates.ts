/**
 * Compiles templates/index.tsx (and everything it imports) into one ES
 * module, once per build (core/compile-module.ts), and imports it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileModule, type CompiledModule, type IncrementalCompiles } from '../core/compile-module.ts';
import { engineApiPlugin, provideEngineApi } from '../config/engine-api.ts';
import { CleansiteError } from '../core/errors.ts';
import { importModule } from '../core/import-module.ts';
import type { TemplateSet } from './page-props.ts';

/** `hash` is part of every page's cache key. */
export type CompiledTemplates = CompiledModule;

/** `compiles`: esbuild contexts kept from save to save (watch). */
export async function compileTemplates(templatesDir: string, cacheDir: string, compiles?: IncrementalCompiles): Promise<CompiledTemplates> {
  const entry = ['index.tsx', 'index.ts'].map((name) => path.join(templatesDir, name)).find((file) => existsSync(file));
  if (!entry) {
    throw new CleansiteError({
      code: 'TEMPLATE_MISSING',
      message: `no templates entry: expected ${path.join(templatesDir, 'index.tsx')}`,
      hint: 'templates/index.tsx must export `templates`, one component per template name',
    });
  }
  return compileModule({ entry, name: 'templates', cacheDir, code: 'TEMPLATE_COMPILE', what: 'template', plugins: [engineApiPlugin] }, compiles);
}

export async function importTemplates(modulePath: string): Promise<TemplateSet> {
  let module: { templates?: TemplateSet };
  provideEngineApi();
  try {
    module = (await importModule(pathToFileURL(modulePath).href)) as { templates?: TemplateSet };
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
