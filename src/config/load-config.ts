/**
 * Stage 0, config: compiles the site's declaration, `site.config.ts` in the
 * templates folder, and imports it, in the main thread and in each render
 * worker that parses or assembles content. Its shape is checked here, once,
 * so later stages can trust it and a mistake is reported with the file.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileModule, type CompiledModule } from '../core/compile-module.ts';
import { CleansiteError } from '../core/errors.ts';
import { importModule } from '../core/import-module.ts';
import { shownPath } from '../core/inside-folder.ts';
import { findMarkdownFieldsProblem } from './markdown-fields.ts';
import { claimsDataFilesOnly, fileExtensionsOf } from './collection-files.ts';
import { engineApiPlugin, provideEngineApi } from './engine-api.ts';
import type { SiteConfig } from './site-config.ts';

export const CONFIG_FILE = 'site.config.ts';

export function configEntry(templatesDir: string): string {
  return path.join(templatesDir, CONFIG_FILE);
}

/** The config file as errors name it: relative to the project, as content files are. */
export function shownConfigFile(templatesDir: string, rootDir: string): string {
  return shownPath(configEntry(templatesDir), rootDir);
}

export async function compileSiteConfig(templatesDir: string, cacheDir: string): Promise<CompiledModule> {
  const entry = configEntry(templatesDir);
  if (!existsSync(entry)) {
    throw new CleansiteError({
      code: 'CONFIG_INVALID',
      message: `no site config: expected ${entry}`,
      hint: 'site.config.ts declares the collections under content/ and how they become pages: `export default defineSite({ ... })`',
    });
  }
  return compileModule({ entry, name: 'config', cacheDir, code: 'CONFIG_INVALID', what: 'the site config', plugins: [engineApiPlugin] });
}

const imported = new Map<string, Promise<SiteConfig>>();
/** Configs kept per thread: a watch session imports a new one at each edit of the config, and needs only the latest. */
const KEPT_CONFIGS = 4;

/** The config a compiled module declares; imported once per thread. */
export function importSiteConfig(modulePath: string, shownAs = CONFIG_FILE): Promise<SiteConfig> {
  let config = imported.get(modulePath);
  if (!config) {
    imported.set(modulePath, (config = importChecked(modulePath, shownAs)));
    if (imported.size > KEPT_CONFIGS) imported.delete(imported.keys().next().value!);
  }
  return config;
}

async function importChecked(modulePath: string, shownAs: string): Promise<SiteConfig> {
  provideEngineApi();
  let module: { default?: unknown };
  try {
    module = (await importModule(pathToFileURL(modulePath).href)) as { default?: unknown };
  } catch (error) {
    throw new CleansiteError({
      code: 'CONFIG_INVALID',
      message: `threw while loading: ${error instanceof Error ? error.message : String(error)}`,
      hint: 'code at the top level of the site config runs when the build loads it: check what it calls',
      location: { file: shownAs },
      cause: error,
    });
  }
  const problem = findConfigProblem(module.default);
  if (problem) throw new CleansiteError({ code: 'CONFIG_INVALID', message: problem, hint: 'export default defineSite({ lang, utcOffsetHours, collections, settings, notFound, navigation })', location: { file: shownAs } });
  return module.default as SiteConfig;
}

/** Why `value` is not a usable SiteConfig, or undefined. */
export function findConfigProblem(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return 'the default export must be the site\'s declaration: export default defineSite({ ... })';
  const config = value as Record<string, unknown>;
  if (typeof config.lang !== 'string' || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(config.lang)) return 'lang: must be a language tag such as en-GB';
  if (typeof config.utcOffsetHours !== 'number' || !(Math.abs(config.utcOffsetHours) <= 14)) return 'utcOffsetHours: must be a number of hours between -14 and 14, such as 10';
  for (const name of ['settings', 'notFound', 'navigation']) if (typeof config[name] !== 'function') return `${name}: must be a function`;
  const collections = config.collections as Record<string, Record<string, unknown>> | undefined;
  if (!collections || typeof collections !== 'object' || Object.keys(collections).length === 0) return 'collections: must declare at least one collection';
  const folders = new Map<string, string>();
  for (const [name, collection] of Object.entries(collections)) {
    const at = `collections.${name}`;
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) return `${at}: a collection's name must be letters and digits (it is a key of the content templates read)`;
    if (typeof collection?.files !== 'string' || fileExtensionsOf(collection.files) === undefined) {
      return `${at}.files: must be a folder's Markdown files or data files (folder/*.md, folder/**/*.md with sub-folders, folder/*.yaml, folder/*.{md,yaml,json}) or one file (name.md, name.yaml)`;
    }
    const folder = collection.files.split('/')[0]!;
    const other = folders.get(folder);
    if (other) return `${at}.files: ${folder} is already the files of collections.${other}`;
    folders.set(folder, name);
    if (typeof (collection.schema as { safeParse?: unknown } | undefined)?.safeParse !== 'function') return `${at}.schema: must be a zod schema (z.strictObject({ ... }))`;
    if (!['markdown', 'required', 'none'].includes(collection.body as string)) return `${at}.body: must be 'markdown', 'required' or 'none'`;
    if (collection.body === 'required' && claimsDataFilesOnly(collection.files)) return `${at}.body: data files (.yaml, .json) have no body, so it cannot be 'required': declare 'none'`;
    const markdownProblem = findMarkdownFieldsProblem(collection.markdown, collection.schema);
    if (markdownProblem) return `${at}.markdown: ${markdownProblem}`;
    const routes = collection.routes as Record<string, unknown> | undefined;
    if (routes !== undefined) {
      if (!collection.files.includes('*')) return `${at}.routes: a one-file collection has no pages of its own`;
      const slug = routes.slug as unknown;
      if (slug !== 'path' && slug !== 'file' && !(slug && typeof slug === 'object' && typeof (slug as { field?: unknown }).field === 'string')) return `${at}.routes.slug: must be 'path', 'file' or { field: 'name' }`;
      if (slug === 'path' && routes.base !== undefined) return `${at}.routes.base: the 'path' rule takes the whole path from the file's folders, so it has no base`;
      if (routes.base !== undefined && (typeof routes.base !== 'string' || !/^(\/[a-z0-9-]+)+$/.test(routes.base))) return `${at}.routes.base: must be a site path such as /books`;
      if (typeof routes.pages !== 'function') return `${at}.routes.pages: must be a function from the entries to their pages`;
    }
  }
  return undefined;
}
