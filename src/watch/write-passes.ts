/**
 * The two ways watch mode writes pages. The first complete output is built
 * in a staging folder and swapped in whole (src/output/staging.ts), so the
 * served folder never holds a half-built site. After that, changed pages are
 * rendered into a side folder and moved in only when every one of them
 * rendered: a failed rebuild leaves the last good pages in place.
 */
import type { BuiltAsset } from '../assets/build-css.ts';
import { placeImageFiles } from '../assets/images/place-image-files.ts';
import type { ImageStage } from '../assets/resolve-images.ts';
import type { LoadedSite } from '../build.ts';
import { CleansiteErrorList, type CleansiteError } from '../core/errors.ts';
import { listPublishedPaths } from '../output/public-files.ts';
import { renderRobotsTxt, renderSitemapXml } from '../output/sitemap-xml.ts';
import { createStaging } from '../output/staging.ts';
import type { BatchResult, RenderedPage } from '../render/render-batch.ts';
import { copyIntoOutput, createSideFolder, moveIntoOutput, removeFolder, removeFromOutput, writeOutputFile } from './watch-output.ts';

/** Stable URLs in watch mode, so a stylesheet edit changes one file and no page. */
export const CSS_FILE = 'assets/site.css';
export const SCRIPT_FILE = 'assets/site.js';

export interface PassInput {
  outDir: string;
  site: LoadedSite;
  /** Renders the pages into a folder, recording the units each read. */
  render(paths: string[], outDir: string): Promise<BatchResult>;
  /** Turns render failures into the errors reported (e.g. located in the template). */
  explain(error: CleansiteError): CleansiteError;
}

export interface FullOutput {
  publicDir: string;
  css: BuiltAsset | undefined;
  script: BuiltAsset | undefined;
  images: ImageStage | undefined;
}

/** Writes everything into a staging folder and swaps it in; throws (leaving the old output) when a page fails. */
export async function writeFullOutput(input: PassInput, assets: FullOutput): Promise<RenderedPage[]> {
  const staging = createStaging(input.outDir);
  let committed = false;
  try {
    for (const relative of await listPublishedPaths(assets.publicDir)) copyIntoOutput(assets.publicDir, staging.dir, relative);
    if (assets.css) staging.write(CSS_FILE, assets.css.contents);
    if (assets.script) staging.write(SCRIPT_FILE, assets.script.contents);
    if (assets.images) placeImageFiles(assets.images.files, staging.dir);
    const paths = input.site.table.routes.map((route) => route.path);
    const outcome = await input.render(paths, staging.dir);
    if (outcome.failures.length > 0) throw new CleansiteErrorList(outcome.failures.map(input.explain));
    staging.write('sitemap.xml', await renderSitemapXml(input.site.table.routes, input.site.baseUrl));
    staging.write('robots.txt', renderRobotsTxt(input.site.baseUrl));
    await staging.commit();
    committed = true;
    return outcome.rendered ?? [];
  } finally {
    if (!committed) await staging.abort();
  }
}

export interface ChangedPages {
  /** Site paths to render. */
  paths: string[];
  /** Output files of pages that no longer exist. */
  removals: string[];
  /** Rewrite sitemap.xml and robots.txt (the route table changed). */
  sitemap: boolean;
}

/** Renders the given pages aside, then moves them in and deletes removed pages; throws (writing nothing) when a page fails. */
export async function writeChangedPages(input: PassInput, change: ChangedPages): Promise<RenderedPage[]> {
  const side = createSideFolder(input.outDir);
  try {
    const outcome = change.paths.length > 0 ? await input.render(change.paths, side) : undefined;
    if (outcome && outcome.failures.length > 0) throw new CleansiteErrorList(outcome.failures.map(input.explain));
    moveIntoOutput(side, input.outDir, change.paths.map((routePath) => input.site.table.byPath.get(routePath)!.outputFile));
    removeFromOutput(input.outDir, change.removals);
    if (change.sitemap) {
      writeOutputFile(input.outDir, 'sitemap.xml', await renderSitemapXml(input.site.table.routes, input.site.baseUrl));
      writeOutputFile(input.outDir, 'robots.txt', renderRobotsTxt(input.site.baseUrl));
    }
    return outcome?.rendered ?? [];
  } finally {
    removeFolder(side);
  }
}
