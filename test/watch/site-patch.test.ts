/**
 * The render worker's copy of the site data is kept up to date with patches;
 * after any sequence of edits it must equal the full data, while a one-file
 * edit sends only that file's entry.
 */
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { makeFixtureSite, removeSite } from '../support/fixture-site.ts';
import type { SiteData } from '../../src/render/page-props.ts';
import { applySitePatch, createSitePatcher } from '../../src/render/site-patch.ts';
import type { LoadedSite } from '../../src/build.ts';
import { keepContent } from '../support/load-site.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function toSiteData(loaded: LoadedSite, images: SiteData['images'] = {}): SiteData {
  return { content: loaded.content, routes: loaded.table.routes, navigation: loaded.navigation, images, assets: { css: '/a.css', js: '', devScripts: [] }, buildDate: '2026-11-21', baseUrl: loaded.baseUrl, siteName: loaded.siteName, lang: 'en-AU' };
}

/** What the worker ends up with: the patch crosses a structured clone, as postMessage does. */
const receive = (previous: SiteData | undefined, patch: ReturnType<ReturnType<typeof createSitePatcher>['patch']>) => applySitePatch(previous, structuredClone(patch));

describe('site patches for the render worker', () => {
  it('rebuild the full site data after each edit, sending only what changed', async () => {
    const site = makeFixtureSite('watch-overlay');
    try {
      const sources = await keepContent(site);
      const patcher = createSitePatcher();
      let sent = toSiteData(sources.assemble());
      const first = patcher.patch(sent);
      let held = receive(undefined, first);
      expect(held).toEqual(structuredClone(sent));

      const file = path.join(site, 'content', 'locations', 'new-farm.md');
      for (const [index, body] of ['One edit.', 'Another edit.', 'A third edit.'].entries()) {
        writeFileSync(file, readFileSync(file, 'utf8').replace(/\n[^\n]*\n?$/, `\n${body}\n`));
        await sources.update(['locations/new-farm.md'], false);
        sent = toSiteData(sources.assemble());
        const patch = patcher.patch(sent);
        // Only the edited list travels, with one new entry; everything else is a reference.
        expect(Object.keys(patch.content), `edit ${index + 1}`).toEqual(['locations']);
        expect((patch.content.locations as Array<number | object>).filter((part) => typeof part !== 'number')).toHaveLength(1);
        expect(patch.navigation).toBeUndefined();
        // A body edit changes no route.
        expect(patch.routes).toBeUndefined();
        expect(serialize(patch).length).toBeLessThan(serialize(first).length / 10);
        held = receive(held, patch);
        expect(held).toEqual(structuredClone(sent));
      }

      // A new image table and a worker restart (reset) are handled too.
      const images = { '/images/pixel.png': { src: '/images/pixel.png', width: 1, height: 1, srcset: '', sources: [] } };
      sent = toSiteData(sources.assemble(), images);
      held = receive(held, patcher.patch(sent));
      expect(held).toEqual(structuredClone(sent));
      patcher.reset();
      expect(receive(undefined, patcher.patch(sent))).toEqual(structuredClone(sent));
    } finally {
      removeSite(site);
    }
  });
});
