/**
 * What a watch pass writes, through the one output writer
 * (src/output/staging.ts). The first complete output is written whole and
 * swapped in atomically, so the served folder never holds a half-built site.
 * After that a pass writes in place: the changed pages (and sitemap.xml when
 * the route table changed) are moved into the served folder only when every
 * one of them rendered, so a failed rebuild leaves the last good pages.
 */
import type { BuiltAsset } from '../assets/build-css.ts';
import { placeImageFiles } from '../assets/images/place-image-files.ts';
import type { ImageStage } from '../assets/resolve-images.ts';
import type { LoadedSite } from '../routes/route-content.ts';
import { CleansiteErrorList, type CleansiteError } from '../core/errors.ts';
import { listPublicFiles, placePublicFiles } from '../output/public-files.ts';
import { renderRobotsTxt, renderSitemapXml } from '../output/sitemap-xml.ts';
import { createStaging } from '../output/staging.ts';
import type { Staging } from '../output/staging.ts';

/** Stable URLs in watch mode, so a stylesheet edit changes one file and no page. */
export const CSS_FILE = 'assets/site.css';
export const SCRIPT_FILE = 'assets/site.js';

export interface PassInput {
  outDir: string;
  site: LoadedSite;
  /**
   * Renders the pages into the pass's staging folder (none: nothing to render, the pass only
   * removes or rewrites the sitemap), recording the units each read; `committed()` once the
   * pass is in the output.
   */
  render(paths: string[], staging: Staging): Promise<{ failures: readonly CleansiteError[]; committed(): void }>;
  /** Turns render failures into the errors reported (e.g. located in the template). */
  explain(error: CleansiteError): CleansiteError;
}

export interface Pass {
  /** Site paths to render. */
  paths: string[];
  /** Output files of pages that no longer exist (in place only). */
  removals: string[];
  /** Write sitemap.xml and robots.txt (the route table changed). */
  sitemap: boolean;
  /** Given for the first complete output: everything besides the pages, written atomically with them. */
  whole?: { publicDir: string; css: BuiltAsset | undefined; script: BuiltAsset | undefined; images: ImageStage | undefined };
}

/** Writes one pass; throws (writing nothing) when a page fails. */
export async function writePass(input: PassInput, pass: Pass): Promise<void> {
  const out = createStaging(input.outDir, pass.whole ? 'atomic' : 'in-place', 'watch');
  let committed = false;
  try {
    if (pass.whole) {
      // As `build` places them; nothing is linked from a previous output.
      placePublicFiles(await listPublicFiles(pass.whole.publicDir), pass.whole.publicDir, out, input.outDir, () => false);
      if (pass.whole.css) out.write(CSS_FILE, pass.whole.css.contents);
      if (pass.whole.script) out.write(SCRIPT_FILE, pass.whole.script.contents);
      if (pass.whole.images) placeImageFiles(pass.whole.images.files, out.dir);
    }
    const outcome = await input.render(pass.paths, out);
    if (outcome.failures.length > 0) throw new CleansiteErrorList(outcome.failures.map(input.explain));
    if (!pass.whole) out.remove(pass.removals);
    if (pass.sitemap || pass.whole) {
      out.write('sitemap.xml', await renderSitemapXml(input.site.table.routes, input.site.baseUrl));
      out.write('robots.txt', renderRobotsTxt(input.site.baseUrl));
    }
    await out.commit();
    committed = true;
    outcome.committed();
  } finally {
    if (!committed) await out.abort();
  }
}

/** Writes files into the served folder at once (a stylesheet, a public file), moved in whole; `removals` are deleted. */
export async function writeInPlace(outDir: string, place: (out: ReturnType<typeof createStaging>) => void, removals: readonly string[] = []): Promise<void> {
  const out = createStaging(outDir, 'in-place');
  let committed = false;
  try {
    place(out);
    out.remove(removals);
    await out.commit();
    committed = true;
  } finally {
    if (!committed) await out.abort();
  }
}
