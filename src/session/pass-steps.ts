/**
 * The table of a pass's steps, the one order `build` and watch both run:
 * each step names the step it waits for and what it does to the pass's
 * state. The config step is awaited by the content step only: the compiles,
 * the images and the public files run beside them (the images once the
 * content and templates say which are used). Compiles go through the step
 * cache (cache/step-cache.ts) when the session has one: a build, and
 * watch's passes over everything (a save compiles afresh). The runner
 * (run-pass.ts) decides which steps a change selects and collects each
 * step's problems the same way for both.
 */
import path from 'node:path';
import { buildClientScript } from '../assets/build-client.ts';
import { buildCss, type BuiltAsset } from '../assets/build-css.ts';
import { imageUsesOf, type ImageUses } from '../assets/images/image-uses.ts';
import { runImageStage, type ImageStage } from '../assets/resolve-images.ts';
import { moveModule, type CompiledModule, type IncrementalCompiles } from '../core/compile-module.ts';
import type { StageHandle } from '../core/progress.ts';
import { isInside } from '../core/inside-folder.ts';
import { trace } from '../core/trace.ts';
import { cachedStep, type PortableStep } from '../cache/step-cache.ts';
import { compileSiteConfig } from '../config/load-config.ts';
import { listPublicFiles, type PublicFile } from '../output/public-files.ts';
import { compileTemplates } from '../render/compile-templates.ts';
import type { LoadedSite } from '../routes/route-content.ts';
import { STABLE_CSS_FILE, STABLE_SCRIPT_FILE } from './output-files.ts';
import type { SessionRenderers } from './renderers.ts';
import type { SiteSource } from './site-source.ts';

export type StepName = 'config' | 'content' | 'templates' | 'styles' | 'client' | 'images' | 'public';
export const STEP_NAMES: readonly StepName[] = ['config', 'content', 'templates', 'styles', 'client', 'images', 'public'];

/** Source files of the last compiled config, templates, stylesheet and script (absolute paths): what a change feeds. */
export interface BundleInputs {
  config: Set<string>;
  templates: Set<string>;
  styles: Set<string>;
  client: Set<string>;
}

/** What a session keeps from pass to pass. */
export interface PassState {
  site: LoadedSite | undefined;
  css: BuiltAsset | undefined;
  script: BuiltAsset | undefined;
  images: ImageStage | undefined;
  /** The image uses `images` was made for (usesKey()); undefined: every image. */
  imagesFor: string | undefined;
  publicFiles: PublicFile[] | undefined;
  inputs: BundleInputs;
}

export interface StepOptions {
  rootDir: string;
  contentDir: string;
  templatesDir: string;
  publicDir: string;
  /** Compiled modules and the image cache. */
  compileDir: string;
  /** The step cache's folder; undefined compiles afresh. */
  stepCacheDir: string | undefined;
  /**
   * Only a pass that reads everything uses the step cache (watch: its first pass, so a start on an
   * unchanged site compiles nothing, as a warm build): after a save, a compile stamped by size and
   * modification time could miss a second save within the same millisecond that kept the size.
   */
  stepCacheOnlyWhole?: boolean;
  /** esbuild contexts kept between passes (watch): a template save rebuilds only what changed. */
  compiles?: IncrementalCompiles;
  /** Make only the images the content and templates use (the CLI's build, and watch). */
  onlyUsedImages: boolean;
  /** Stylesheet and script at stable URLs (watch) instead of content-hashed ones. */
  stableAssetNames: boolean;
  code: string;
}

/** What a step gets: the session's parts, the pass's state, and what changed. */
export interface StepContext {
  options: StepOptions;
  source: SiteSource;
  renderers: SessionRenderers;
  state: PassState;
  /** Content files changed (content-relative), or everything. */
  contentChanges: { relatives: readonly string[]; relist: boolean } | 'all';
  /** Set by the config step when the declaration is another one: every content file is read again. */
  reloadContent: boolean;
  /** Set by the content step when it routed the site anew. */
  siteChanged: boolean;
  /** No image file changed: the image step runs only if the images pages use did (onlyUsedImages). */
  imagesIfUsesChanged: boolean;
  /** When a step of this pass has settled (at once for a step the pass does not run). */
  settled(name: StepName): Promise<void>;
  /** Called once, as esbuild starts on a step the step cache did not hold. */
  onEsbuildStart(): void;
}

export interface Step {
  /** The step this one waits for (whether it succeeded or not). */
  after?: StepName;
  /** `stage` counts the items done, for progress (core/progress.ts). */
  run(context: StepContext, stage?: StageHandle): Promise<void>;
}

/**
 * The images the content and the templates use: known once both steps of this pass settled.
 * The image stage awaits it only after listing its sources, so the three overlap; without a
 * site or templates (a step failed) every image is made.
 */
function imagesInUse({ state, renderers, settled }: StepContext): Promise<ImageUses | undefined> {
  const uses = Promise.all([settled('content'), settled('templates')]).then(() => {
    const templates = renderers.templates;
    const site = state.site;
    return site && templates ? imageUsesOf(site.checkedElsewhere?.imageUses ?? site.content, templates.modulePath) : undefined;
  });
  // A rejection is the image step's problem, reported when it awaits this; never unhandled meanwhile.
  uses.catch(() => undefined);
  return uses;
}

// esbuild reads them: a change to either can change its output.
const projectFiles = (rootDir: string) => ['tsconfig.json', 'package.json'].map((name) => path.join(rootDir, name));

/**
 * The site's declaration compiled through the step cache: the pass's config step, and the
 * placeholder check `build` makes before it claims its output, so that check costs no second
 * esbuild run (the pass then finds the step cached and the module imported).
 */
export async function compileConfigCached(options: Pick<StepOptions, 'templatesDir' | 'compileDir' | 'stepCacheDir' | 'code' | 'rootDir'>, onEsbuildStart: () => void = () => {}) {
  const { templatesDir, compileDir, stepCacheDir, code } = options;
  return cachedStep(stepCacheDir, `config\n${code}\n${templatesDir}\n${compileDir}`, async () => {
    onEsbuildStart();
    const built = await compileSiteConfig(templatesDir, compileDir);
    return { value: built, inputs: [...built.inputs, ...projectFiles(options.rootDir)], outputs: [built.modulePath] };
  }, portableModule('config', options));
}

/** The templates compiled through the step cache; `onEsbuildStart` is called when they are compiled now. */
export async function compileTemplatesCached(options: Pick<StepOptions, 'templatesDir' | 'compileDir' | 'stepCacheDir' | 'code' | 'rootDir' | 'compiles'>, onEsbuildStart: () => void = () => {}) {
  const { templatesDir, compileDir, stepCacheDir, code, compiles } = options;
  // Watch: in its kept esbuild context. A start from the step cache builds none (it starts no
  // esbuild, as a warm build): the first save builds the context, the next ones rebuild in it.
  return cachedStep(stepCacheDir, `templates\n${code}\n${templatesDir}\n${compileDir}`, async () => {
    onEsbuildStart();
    const built = await compileTemplates(templatesDir, compileDir, compiles);
    return { value: built, inputs: [...built.inputs, ...projectFiles(options.rootDir)], outputs: [built.modulePath] };
  }, portableModule('templates', options));
}

/**
 * A compiled module (the site config, the templates) reused by a copy of the templates folder
 * with the same bytes (a fresh clone or CI checkout), moved to it (core/compile-module.ts).
 */
function portableModule(name: 'config' | 'templates', { templatesDir, compileDir, code, rootDir }: Pick<StepOptions, 'templatesDir' | 'compileDir' | 'code' | 'rootDir'>): PortableStep<CompiledModule> {
  return {
    folder: templatesDir,
    key: `${name}\n${code}\n${compileDir}\n${rootDir}`,
    async move(compiled, from, to) {
      const moved = await moveModule(compiled, from, to, { name, cacheDir: compileDir });
      return moved && { value: moved, inputs: [...moved.inputs, ...projectFiles(rootDir)], outputs: [moved.modulePath] };
    },
  };
}

/** A stylesheet or script: the same bytes wherever the templates folder is; only its inputs move. */
function portableAsset(name: 'css' | 'script', entry: string, { templatesDir, code, rootDir }: Pick<StepOptions, 'templatesDir' | 'code' | 'rootDir'>): PortableStep<BuiltAsset | undefined> {
  return {
    folder: templatesDir,
    key: `${name}\n${code}\n${path.relative(templatesDir, entry)}\n${rootDir}`,
    async move(built, from, to) {
      // A source outside the folder (a package's stylesheet) could be another file for the copy: compiled again.
      if (built?.inputs.some((file) => !isInside(file, from))) return undefined;
      const value = built && { ...built, inputs: built.inputs.map((file) => path.join(to, path.relative(from, file))) };
      return { value, inputs: [entry, ...value?.inputs ?? [], ...name === 'script' ? projectFiles(rootDir) : []] };
    },
  };
}

/** What the image stage makes for these uses: each image and the width it is needed at. */
function usesKey(uses: ImageUses | undefined): string | undefined {
  return uses?.sources().map((src) => `${src} ${uses.neededWidth(src)}`).join('\n');
}

function replaceSet(set: Set<string>, values: Iterable<string>): void {
  set.clear();
  for (const value of values) set.add(value);
}

export const STEPS: Record<StepName, Step> = {
  config: {
    async run(context) {
      const { options, source, renderers, state, onEsbuildStart } = context;
      const compiled = await compileConfigCached(options, onEsbuildStart);
      replaceSet(state.inputs.config, compiled.inputs);
      // Render workers that parse content import it as soon as it exists.
      renderers.threads?.setConfig(compiled.modulePath);
      // Other collections, schemas or route rules: every entry is read and checked again.
      if (await source.configure(compiled)) context.reloadContent = true;
    },
  },
  content: {
    after: 'config',
    async run(context) {
      const { source, state } = context;
      if (!source.config) return;
      const all = context.reloadContent || context.contentChanges === 'all';
      const touched = await source.refresh(all || context.contentChanges === 'all' ? 'all' : context.contentChanges);
      // Files no collection claims (notes, images kept next to the text) change nothing.
      if (!touched && state.site) return;
      // A build with parse helpers: the first one routes the site, this thread keeps only what it reads of it.
      state.site = await source.routed({ publicDir: context.options.publicDir, rootDir: context.options.rootDir });
      context.siteChanged = true;
    },
  },
  templates: {
    async run({ options, renderers, state, onEsbuildStart }) {
      let compiledNow = false;
      const compiled = await compileTemplatesCached(options, () => {
        onEsbuildStart();
        compiledNow = true;
      });
      replaceSet(state.inputs.templates, compiled.inputs);
      trace('templates compiled');
      // Every page's key is salted with the templates: new ones render every page again.
      await renderers.useTemplates(compiled, compiledNow);
      trace('templates loaded');
    },
  },
  styles: {
    async run({ options, state }) {
      const entry = path.join(options.templatesDir, 'styles', 'site.css');
      const built = await cachedStep(options.stepCacheDir, `css\n${options.code}\n${entry}`, async () => {
        const css = await buildCss(options.templatesDir);
        return { value: css, inputs: [entry, ...css?.inputs ?? []] };
      }, portableAsset('css', entry, options));
      replaceSet(state.inputs.styles, built?.inputs ?? []);
      state.css = built && options.stableAssetNames ? { ...built, file: STABLE_CSS_FILE, url: `/${STABLE_CSS_FILE}` } : built;
    },
  },
  client: {
    async run({ options, state, onEsbuildStart }) {
      const entry = path.join(options.templatesDir, 'client', 'main.ts');
      const built = await cachedStep(options.stepCacheDir, `script\n${options.code}\n${entry}`, async () => {
        onEsbuildStart();
        const script = await buildClientScript(entry);
        return { value: script, inputs: [entry, ...script?.inputs ?? [], ...projectFiles(options.rootDir)] };
      }, portableAsset('script', entry, options));
      replaceSet(state.inputs.client, built?.inputs ?? []);
      state.script = built && options.stableAssetNames ? { ...built, file: STABLE_SCRIPT_FILE, url: `/${STABLE_SCRIPT_FILE}` } : built;
    },
  },
  images: {
    async run(context, stage) {
      const { options, state } = context;
      const uses = options.onlyUsedImages ? imagesInUse(context) : undefined;
      const wanted = uses?.then(usesKey);
      // A pass that changed no image file makes them again only for other uses (another image shown, or wider).
      if (context.imagesIfUsesChanged && state.images !== undefined && (await wanted) === state.imagesFor) return;
      const next = await runImageStage({
        publicDir: options.publicDir, cacheDir: options.compileDir, uses,
        onEncoded: (done, total) => stage?.count(done, total),
        // Saved while the pages render (write-output.ts), or at the end of the pass (run-pass.ts).
        deferIndexSave: true,
      });
      state.imagesFor = await wanted;
      const same = state.images !== undefined && JSON.stringify(next.images) === JSON.stringify(state.images.images);
      // The same image map stays the same object, so the pass (site data and keys) stays the same too.
      state.images = same ? { ...next, images: state.images!.images } : next;
      // Pages that showed an image that changed see it through their units; references are checked again.
      if (!same) context.siteChanged = true;
    },
  },
  public: {
    async run({ options, state }) {
      state.publicFiles = await listPublicFiles(options.publicDir);
    },
  },
};
