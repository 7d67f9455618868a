/**
 * How watch mode decides what to re-render, with the build's own machinery: the unit recorder
 * (src/render/record-units.ts) notes what each route's render reads, each page is keyed by the
 * values of its units (src/render/unit-values.ts), and after an edit the pages whose key no
 * longer matches are the ones to render again (the page manifest's plan(), src/session/page-manifest.ts), as the
 * watch session does. All in-process on a temporary copy of the fixture content, read through
 * the one content loader, with small inline templates.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtureSite, removeSite } from '../support/fixture-site.ts';
import type { LoadedSite } from '../../src/build.ts';
import { createPageManifest, type PageManifest } from '../../src/session/page-manifest.ts';
import { createUnitRecorder } from '../../src/render/record-units.ts';
import { createUnitValues } from '../../src/render/unit-values.ts';
import type { Location, Page } from '../../templates/model/schemas.ts';
import type { SiteData, TemplateSet } from '../../src/render/page-props.ts';
import type { TemplateProps } from '../../templates/model/props.ts';
import { renderRoute } from '../../src/render/render-page.ts';
import { keepContent, type KeptContent } from '../support/load-site.ts';

let site: string;
let sources: KeptContent;

beforeAll(async () => {
  site = makeFixtureSite('watch-overlay');
  sources = await keepContent(site);
});

afterAll(() => removeSite(site));

const generic = (props: TemplateProps<unknown>) => createElement('html', null, createElement('nav', null, props.navigation.header.map((link) => link.label).join(' ')));
const templates = {
  ...Object.fromEntries(['home', 'about', 'services', 'how-it-works', 'guide', 'checklist', 'gallery', 'contact', 'faq', 'cleaning-guide', 'reviews', 'legal', 'info', 'sitemap', 'service', 'not-found'].map((name) => [name, generic])),
  home: (props: TemplateProps<Page>) => createElement('ul', null, props.content.locations.map((location) => createElement('li', { key: location.slug }, `${location.name}: ${location.intro}`))),
  about: (props: TemplateProps<Page>) => createElement('p', null, `${props.content.testimonials.map((item) => item.author).join(', ')}; ${props.routes.length} routes`),
  services: (props: TemplateProps<Page>) => createElement('img', { src: props.image('/images/pixel.png').src, alt: '' }),
  location: (props: TemplateProps<Location>): ReactElement => createElement('h1', null, props.entry.name),
} as unknown as TemplateSet;

const SALT = 'one template module';

function siteData(loaded: LoadedSite): SiteData {
  return {
    content: loaded.content, routes: loaded.table.routes, navigation: loaded.navigation,
    images: { '/images/pixel.png': { src: '/images/pixel.png', width: 1, height: 1, srcset: '', sources: [] } },
    assets: { css: '', js: '', devScripts: [] }, buildDate: '2026-11-21', baseUrl: loaded.baseUrl, siteName: loaded.siteName, lang: 'en-AU',
  };
}

/** Renders every route as the render worker does for watch, and keeps each page's units and key. */
function recordPages(loaded: LoadedSite): PageManifest {
  const data = siteData(loaded);
  const recorder = createUnitRecorder(data);
  const values = createUnitValues(data, loaded.fingerprints ?? new Map(), SALT);
  const recorded = createPageManifest();
  for (const route of loaded.table.routes) {
    const result = renderRoute(route, data, templates, recorder.propsFor(route), { recorder });
    const units = recorder.takeUnits();
    expect(result.ok, route.path).toBe(true);
    recorded.remember(route.path, { outputFile: route.outputFile, bytes: 0, units, key: values.pageKey(route, units)! });
  }
  return recorded;
}

/** What the watch session renders again for the site `next`, given what it recorded before. */
function plan(next: LoadedSite, recorded: PageManifest) {
  const planned = recorded.plan(next.table.routes, createUnitValues(siteData(next), next.fingerprints ?? new Map(), SALT));
  return { paths: planned.stale.map((route) => route.path).sort(), removedOutputs: planned.removedOutputs };
}

/** Applies an edit to a content file, returns the re-assembled site, and puts the file back. */
async function withEdit(relative: string, change: (text: string | undefined) => string | undefined, run: (next: LoadedSite) => void): Promise<void> {
  const file = path.join(site, 'content', relative);
  let original: string | undefined;
  try {
    original = readFileSync(file, 'utf8');
  } catch { /* a new file */ }
  const edited = change(original);
  if (edited === undefined) rmSync(file);
  else writeFileSync(file, edited);
  try {
    await sources.update([relative], original === undefined || edited === undefined);
    run(sources.assemble());
  } finally {
    if (original === undefined) rmSync(file, { force: true });
    else writeFileSync(file, original);
    await sources.update([relative], original === undefined || edited === undefined);
  }
}

describe('unit recording', () => {
  it('records which units of the site data each route read', () => {
    const recorded = recordPages(sources.assemble());
    expect(recorded.get('/')!.units).toEqual(['content.locations#length', 'content.locations@0-2.intro', 'content.locations@0-2.name', 'content.locations@0-2.slug', 'route']);
    expect(recorded.get('/about')!.units).toEqual(['content.testimonials#length', 'content.testimonials@0.author', 'route', 'routes']);
    expect(recorded.get('/services')!.units).toEqual(['image:/images/pixel.png', 'route']);
    expect(recorded.get('/sitemap')!.units).toEqual(['navigation.header', 'route']);
  });

  it('does not count a page reading its own entry as reading its whole collection', () => {
    const recorded = recordPages(sources.assemble());
    for (const slug of ['brisbane-cbd', 'new-farm', 'west-end']) expect(recorded.get(`/locations/${slug}`)!.units).toEqual(['entry', 'route']);
  });
});

describe('re-render planning', () => {
  it('re-renders nothing when nothing changed', () => {
    const loaded = sources.assemble();
    expect(plan(sources.assemble(), recordPages(loaded))).toEqual({ paths: [], removedOutputs: [] });
  });

  it('re-renders only its own page for a location body edit: no list shows bodies', async () => {
    const recorded = recordPages(sources.assemble());
    await withEdit('locations/new-farm.md', (text) => text!.replace('Body for New Farm.', 'New body.'), (next) => {
      expect(plan(next, recorded)).toEqual({ paths: ['/locations/new-farm'], removedOutputs: [] });
    });
  });

  it('re-renders an edited location and the pages that list what changed, not unrelated pages', async () => {
    const recorded = recordPages(sources.assemble());
    await withEdit('locations/new-farm.md', (text) => text!.replace('intro: Cleaning in New Farm.', 'intro: Offices and strata in New Farm.'), (next) => {
      // The home page lists intros; the other location pages, /about and the rest do not.
      expect(plan(next, recorded)).toEqual({ paths: ['/', '/locations/new-farm'], removedOutputs: [] });
    });
  });

  it('re-renders the lists and the route-table readers when a rename moves a page, and removes its old output', async () => {
    const recorded = recordPages(sources.assemble());
    await withEdit('locations/west-end.md', (text) => text!.replace('name: West End', 'name: West End Markets'), (next) => {
      // The slug comes from the name: a new route (rendered), the old one's file removed, the
      // home page (names and slugs), /about (the route table) and the other location pages (their
      // routes' nearby lists name it) re-rendered; no page that shows none of that.
      expect(next.table.byPath.has('/locations/west-end-markets')).toBe(true);
      expect(plan(next, recorded)).toEqual({
        paths: ['/', '/about', '/locations/brisbane-cbd', '/locations/new-farm', '/locations/west-end-markets'],
        removedOutputs: ['locations/west-end/index.html'],
      });
    });
    await withEdit('locations/west-end.md', (text) => text!.replace('description: Commercial cleaning in West End', 'description: Office cleaning in West End'), (next) => {
      // The description is part of the route: the route itself, and every page that reads the route table
      // (/about); not the home page, which lists locations without their descriptions.
      expect(plan(next, recorded).paths).toEqual(['/about', '/locations/west-end']);
    });
  });

  it('re-renders only the readers of a collection field when an entry changes', async () => {
    const recorded = recordPages(sources.assemble());
    await withEdit('testimonials/one.md', (text) => text!.replace('author: Pat Example', 'author: Pat Exemplar'), (next) => {
      expect(plan(next, recorded).paths).toEqual(['/about']);
    });
    await withEdit('testimonials/one.md', (text) => text!.replace(/^rating: \d$/m, 'rating: 4'), (next) => {
      // /about shows authors, not ratings.
      expect(plan(next, recorded).paths).toEqual([]);
    });
  });

  it('re-renders the readers of a menu changed in site.md, and the lists and route readers when a location is deleted', async () => {
    const recorded = recordPages(sources.assemble());
    await withEdit('site.md', (text) => text!.replace('header: [/about, /services]', 'header: [/about]'), (next) => {
      expect(plan(next, recorded)).toEqual({ paths: ['/404', '/services/office-cleaning', '/sitemap'], removedOutputs: [] });
    });
    await withEdit('locations/new-farm.md', () => undefined, (next) => {
      expect(next.table.byPath.has('/locations/new-farm')).toBe(false);
      // The list's length and entries (home), the route table (/about), the nearby lists of the other locations.
      expect(plan(next, recorded)).toEqual({ paths: ['/', '/about', '/locations/brisbane-cbd', '/locations/west-end'], removedOutputs: ['locations/new-farm/index.html'] });
    });
  });

  it('renders a route with no record (its last render failed)', async () => {
    const recorded = recordPages(sources.assemble());
    recorded.forget(['/services']);
    await withEdit('testimonials/one.md', (text) => text!.replace(/^rating: \d$/m, 'rating: 3'), (next) => {
      expect(plan(next, recorded).paths).toEqual(['/services']);
    });
  });
});
