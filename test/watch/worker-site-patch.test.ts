/**
 * Site data reaches a render worker one way, for build and watch: a patch
 * naming every entry by fingerprint, with only the entries the worker lacks
 * sent ahead of it (src/render/worker-handle.ts). After a one-file edit one
 * entry crosses; after a new site config every entry does (the same file
 * validates into another entry); the image map only when it changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FingerprintedEntry } from '../../src/content/content-loader.ts';
import { createContentLoader } from '../../src/content/content-loader.ts';
import { validatedFile } from '../../src/content/assemble-content.ts';
import { createHoldings } from '../../src/render/worker-handle.ts';
import type { RenderSettings } from '../../src/render/worker-protocol.ts';
import { makeFixtureSite, removeSite } from '../support/fixture-site.ts';
import { siteConfig } from '../support/site-config.ts';

const render = (images: RenderSettings['images']): RenderSettings => ({ images, assets: { css: '/a.css', js: '', devScripts: [] }, buildDate: '2026-11-20', lang: 'en-AU', templatesModule: '/t.mjs', recordUnits: true, shareChunks: false });
const route = { drafts: true };

describe('the site patch a render worker is sent', () => {
  it('names every entry by fingerprint and sends only the entries the worker lacks', async () => {
    const site = makeFixtureSite('watch-overlay');
    try {
      const loader = createContentLoader({ contentDir: path.join(site, 'content'), rootDir: site, collections: siteConfig.collections, codeVersion: 'test' });
      await loader.refresh();
      const before: readonly FingerprintedEntry[] = loader.assemble().items;
      const holdings = createHoldings();
      const images = { '/images/pixel.png': { src: '/images/pixel.png', width: 1, height: 1, srcset: '', sources: [] } };

      const first = holdings.patch(before, { configModule: '/config-a.mjs', route, render: render(images) });
      expect(first.missing).toHaveLength(before.length);
      expect(first.sent.order).toEqual(before.map(({ fingerprint }) => fingerprint));
      expect(first.sent.render?.images).toBe(images);

      const file = path.join(site, 'content', 'locations', 'new-farm.md');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\nOne edit.\n`);
      await loader.refresh({ relatives: ['locations/new-farm.md'], relist: false });
      const after = loader.assemble().items;
      const edit = holdings.patch(after, { configModule: '/config-a.mjs', route, render: render(images) });
      // One entry crosses; the order names all of them, the edited one by its new fingerprint.
      expect(edit.missing.map(({ item }) => validatedFile(item))).toEqual(['content/locations/new-farm.md']);
      expect(edit.sent.order).toEqual(after.map(({ fingerprint }) => fingerprint));
      expect(edit.sent.order).not.toEqual(first.sent.order);
      // The same image map is not sent again.
      expect(edit.sent.render?.images).toBeUndefined();

      // Another declaration validates the same files into other entries: all are sent again.
      const reconfigured = holdings.patch(after, { configModule: '/config-b.mjs', route, render: render({ ...images }) });
      expect(reconfigured.missing).toHaveLength(after.length);
      expect(reconfigured.sent.render?.images).toBeDefined();

      // A parse under yet another declaration (the worker validated files by it) forgets what was
      // held: the same entries patched again under that declaration are all sent.
      holdings.validatedBy('/config-c.mjs');
      expect(holdings.patch(after, { configModule: '/config-c.mjs', route, render: render(images) }).missing).toHaveLength(after.length);

      // A patch that failed leaves what the worker holds unknown: the images go again.
      holdings.unknown();
      expect(holdings.patch(after, { configModule: '/config-b.mjs', route, render: render(reconfigured.sent.render!.images) }).sent.render?.images).toBeDefined();
    } finally {
      removeSite(site);
    }
  });
});
