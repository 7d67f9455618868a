/**
 * The build orchestrator: it only orders the stages
 * (load -> validate -> route -> assets -> render -> write) and times them.
 */
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { globby } from 'globby';
import { buildClientScript } from './assets/build-client.ts';
import { buildCss, type BuiltAsset } from './assets/build-css.ts';
import { placeImageFiles } from './assets/images/place-image-files.ts';
import { runImageStage } from './assets/resolve-images.ts';
import { loadContent } from './content/load-content.ts';
import type { SiteContent } from './content/schemas.ts';
import { validateContent } from './content/validate-content.ts';
import { CleansiteError, CleansiteErrorList } from './core/errors.ts';
import type { Logger } from './core/logger.ts';
import { compileTemplates } from './render/compile-templates.ts';
import type { SiteData } from './render/page-props.ts';
import type { BatchResult } from './render/render-batch.ts';
import { createRenderPool } from './render/render-pool.ts';
import { buildNavigation, type Navigation } from './routes/navigation.ts';
import { buildRouteTable, type RouteTable } from './routes/route-table.ts';
import { renderRobotsTxt, renderSitemapXml } from './output/sitemap-xml.ts';
import { createStaging } from './output/staging.ts';
import { writePublishFiles } from './publish/write-publish-files.ts';

/** Below this many routes, worker start-up (~0.3 s each) costs more than it saves. */
const PARALLEL_THRESHOLD = 400;

export interface BuildOptions {
  rootDir: string;
  contentDir: string;
  templatesDir: string;
  publicDir: string;
  outDir: string;
  cacheDir: string;
  /** Overrides the base URL in content/site.md. */
  baseUrl?: string;
  /** Write the error screen for routes that fail to render, and finish the build. */
  keepGoing: boolean;
  /** ISO date (YYYY-MM-DD) the build is stamped with. */
  buildDate: string;
  /** Render worker threads; 0 renders in the main thread. Default: one per core for large sites. */
  jobs?: number;
  /** Extra script URLs added to every page (watch mode's live-reload client). */
  devScripts?: string[];
}

export interface BuildSummary {
  pages: number;
  files: number;
  bytes: number;
  milliseconds: number;
  /** Routes that failed to render (only non-empty with keepGoing). */
  errors: CleansiteError[];
}

export interface LoadedSite {
  content: SiteContent;
  table: RouteTable;
  navigation: Navigation;
  baseUrl: string;
}

/** Stages 1-3: content in, typed content + route table + navigation out. Throws a CleansiteErrorList. */
export async function loadSite(options: BuildOptions): Promise<LoadedSite> {
  const { sources, errors } = await loadContent(options.contentDir, options.rootDir);
  const content = validateContent(sources, errors);
  const table = buildRouteTable(content);
  const navigation = buildNavigation(content, table);
  return { content, table, navigation, baseUrl: options.baseUrl ?? content.site.baseUrl };
}

export async function build(options: BuildOptions, logger: Logger): Promise<BuildSummary> {
  const started = performance.now();
  const step = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await work();
    logger.debug(`${label}: ${(performance.now() - t).toFixed(0)} ms`);
    return result;
  };

  const [site, css, script, images, compiled] = await Promise.all([
    step('load content', () => loadSite(options)),
    step('css', () => buildCss(options.templatesDir)),
    step('client script', () => buildClientScript(path.join(options.templatesDir, 'client', 'main.ts'))),
    step('images', () => runImageStage({ publicDir: options.publicDir, cacheDir: options.cacheDir })),
    step('compile templates', () => compileTemplates(options.templatesDir, options.cacheDir)),
  ]);

  const data: SiteData = {
    content: site.content,
    routes: site.table.routes,
    navigation: site.navigation,
    images: images.images,
    assets: { css: css?.url ?? '', js: script?.url ?? '', devScripts: options.devScripts ?? [] },
    buildDate: options.buildDate,
    baseUrl: site.baseUrl,
  };

  const staging = createStaging(options.outDir);
  try {
    let bytes = 0;
    let files = 0;
    const write = (file: string, contents: string | Uint8Array) => {
      bytes += staging.write(file, contents);
      files++;
    };

    for (const relative of await globby('**/*', { cwd: options.publicDir, onlyFiles: true, dot: false })) {
      const target = path.join(staging.dir, relative);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(path.join(options.publicDir, relative), target);
      bytes += statSync(target).size;
      files++;
    }
    for (const asset of [css, script].filter((a): a is BuiltAsset => a !== undefined)) write(asset.file, asset.contents);
    const placed = placeImageFiles(images.files, staging.dir);
    bytes += placed.bytes;
    files += placed.files;
    logger.debug(`images: ${images.stats.sources} sources, ${images.stats.cacheHits} cached, ${images.stats.cacheMisses} encoded`);

    const threads = options.jobs ?? (site.table.routes.length >= PARALLEL_THRESHOLD ? availableParallelism() : 0);
    const pool = await step(`start ${threads || 'no'} render workers`, () => createRenderPool({ templatesModule: compiled.modulePath, site: data, threads }));
    let rendered: BatchResult;
    try {
      rendered = await step('render', () => pool.render(site.table.routes, staging.dir));
    } finally {
      await pool.close();
    }
    bytes += rendered.bytes;
    files += rendered.pages;
    const failures = rendered.failures;
    if (failures.length > 0 && !options.keepGoing) throw new CleansiteErrorList(failures);

    write('sitemap.xml', await renderSitemapXml(site.table.routes, site.baseUrl));
    write('robots.txt', renderRobotsTxt(site.baseUrl));
    const published = writePublishFiles(staging.dir);
    bytes += published.bytes;
    files += published.files;

    await staging.commit();
    return {
      pages: site.table.routes.length,
      files,
      bytes,
      milliseconds: performance.now() - started,
      errors: failures,
    };
  } catch (error) {
    await staging.abort();
    throw error;
  }
}
