/**
 * The four compile steps (the site config, stylesheet with lightningcss,
 * client script and templates with esbuild), each reused from the step
 * cache while its input files are unchanged. The config is handed over as
 * soon as it is ready (`onConfig`): the content stage waits for it, the
 * others do not. esbuild's service process is stopped once all are done: it
 * would otherwise stay up, idle (~90 MB), for the rest of the build.
 */
import path from 'node:path';
import { buildClientScript } from '../assets/build-client.ts';
import { buildCss, type BuiltAsset } from '../assets/build-css.ts';
import { compileSiteConfig } from '../config/load-config.ts';
import type { CompiledModule } from '../core/compile-module.ts';
import { compileTemplates, type CompiledTemplates } from '../render/compile-templates.ts';
import { cachedStep } from '../cache/step-cache.ts';

export interface CompileOptions {
  rootDir: string;
  templatesDir: string;
  /** Where compiled templates are written. */
  cacheDir: string;
  /** Undefined compiles everything afresh. */
  stepCacheDir: string | undefined;
  /** The generator's code version: other code, other results. */
  code: string;
  time: <T>(label: string, work: () => Promise<T>) => Promise<T>;
  /** Called once, as esbuild starts on a step the step cache did not hold (it then works in its own process for a while). */
  onEsbuildStart?: () => void;
}

export interface Compiled {
  config: CompiledModule;
  css: BuiltAsset | undefined;
  script: BuiltAsset | undefined;
  templates: CompiledTemplates;
}

export async function compileWithCache(options: CompileOptions, onConfig: (config: Promise<CompiledModule>) => void = () => {}): Promise<Compiled> {
  const { templatesDir, stepCacheDir, code, time } = options;
  const cssEntry = path.join(templatesDir, 'styles', 'site.css');
  const scriptEntry = path.join(templatesDir, 'client', 'main.ts');
  // esbuild reads them: a change to either can change its output.
  const projectFiles = ['tsconfig.json', 'package.json'].map((name) => path.join(options.rootDir, name));
  let startedEsbuild = false;
  const esbuildStarts = () => {
    if (!startedEsbuild) options.onEsbuildStart?.();
    startedEsbuild = true;
  };
  const config = time('compile site config', () => cachedStep(stepCacheDir, `config\n${code}\n${templatesDir}\n${options.cacheDir}`, async () => {
    esbuildStarts();
    const built = await compileSiteConfig(templatesDir, options.cacheDir);
    return { value: built, inputs: [...built.inputs, built.modulePath, ...projectFiles] };
  }));
  onConfig(config);
  const [compiledConfig, css, script, templates] = await Promise.all([
    config,
    time('css', () => cachedStep(stepCacheDir, `css\n${code}\n${cssEntry}`, async () => {
      const built = await buildCss(templatesDir);
      return { value: built, inputs: [cssEntry, ...built?.inputs ?? []] };
    })),
    time('client script', () => cachedStep(stepCacheDir, `script\n${code}\n${scriptEntry}`, async () => {
      esbuildStarts();
      const built = await buildClientScript(scriptEntry);
      return { value: built, inputs: [scriptEntry, ...built?.inputs ?? [], ...projectFiles] };
    })),
    time('compile templates', () => cachedStep(stepCacheDir, `templates\n${code}\n${templatesDir}\n${options.cacheDir}`, async () => {
      esbuildStarts();
      const built = await compileTemplates(templatesDir, options.cacheDir);
      return { value: built, inputs: [...built.inputs, built.modulePath, ...projectFiles] };
    })),
  ]);
  if (startedEsbuild) await (await import('esbuild')).stop();
  return { config: compiledConfig, css, script, templates };
}
