/**
 * How watch mode decides what to re-render: the dependency tracker records
 * what each route's render reads, and the planner compares the last good
 * site with the edited one. Both run here in-process on a temporary copy of
 * the fixture content, with small inline templates.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtureSite, removeSite } from '../support/fixture-site.ts';
import type { LoadedSite } from '../../src/build.ts';
import type { Location, Page } from '../../src/content/schemas.ts';
import type { SiteData, TemplateProps, TemplateSet } from '../../src/render/page-props.ts';
import { renderRoute } from '../../src/render/render-page.ts';
import { loadContentSources, type ContentSources } from '../../src/watch/content-sources.ts';
import { planRerender } from '../../src/watch/plan-rerender.ts';
import { createDependencyTracker, type Dependency } from '../../src/watch/track-dependencies.ts';

let site: string;
let sources: ContentSources;

beforeAll(async () => {
  site = makeFixtureSite('watch-overlay');
  sources = await loadContentSources(path.join(site, 'content'), site);
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

function siteData(loaded: LoadedSite): SiteData {
  return {
    content: loaded.content, routes: loaded.table.routes, navigation: loaded.navigation,
    images: { '/images/pixel.png': { src: '/images/pixel.png', width: 1, height: 1, srcset: '', sources: [] } },
    assets: { css: '', js: '', devScripts: [] }, buildDate: '2026-11-21', baseUrl: loaded.baseUrl,
  };
}

function recordDependencies(loaded: LoadedSite): Map<string, Dependency[]> {
  const tracker = createDependencyTracker(siteData(loaded));
  const recorded = new Map<string, Dependency[]>();
  for (const route of loaded.table.routes) {
    const { result, dependencies } = tracker.track(route, () => renderRoute(route, tracker.site, templates));
    expect(result.ok, route.path).toBe(true);
    recorded.set(route.path, dependencies);
  }
  return recorded;
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
    run(sources.assemble(undefined));
  } finally {
    if (original === undefined) rmSync(file, { force: true });
    else writeFileSync(file, original);
    await sources.update([relative], original === undefined || edited === undefined);
  }
}

describe('dependency tracking', () => {
  it('records which parts of the site data each route read', () => {
    const recorded = recordDependencies(sources.assemble(undefined));
    expect(recorded.get('/')).toEqual(['content.locations', 'content.locations.intro', 'content.locations.name', 'content.locations.slug']);
    expect(recorded.get('/about')).toEqual(['content.testimonials', 'content.testimonials.author', 'routes']);
    expect(recorded.get('/services')).toEqual(['images']);
    expect(recorded.get('/sitemap')).toEqual(['navigation']);
  });

  it('does not count a page reading its own entry as reading its whole kind', () => {
    const recorded = recordDependencies(sources.assemble(undefined));
    for (const slug of ['brisbane-cbd', 'new-farm', 'west-end']) expect(recorded.get(`/locations/${slug}`)).toEqual([]);
  });
});

describe('re-render planning', () => {
  const touched = new Set(['locations'] as const);

  it('re-renders only its own page for a location body edit: no list shows bodies', async () => {
    const previous = sources.assemble(undefined);
    const recorded = recordDependencies(previous);
    await withEdit('locations/new-farm.md', (text) => text!.replace('Body for New Farm.', 'New body.'), (next) => {
      expect(planRerender(previous, next, touched, recorded)).toEqual({ all: false, paths: ['/locations/new-farm'], removedOutputs: [] });
    });
  });

  it('re-renders an edited location and the pages that list what changed', async () => {
    const previous = sources.assemble(undefined);
    const recorded = recordDependencies(previous);
    await withEdit('locations/new-farm.md', (text) => text!.replace('intro: Cleaning in New Farm.', 'intro: Offices and strata in New Farm.'), (next) => {
      expect(planRerender(previous, next, touched, recorded)).toEqual({ all: false, paths: ['/', '/locations/new-farm'], removedOutputs: [] });
    });
  });

  it('re-renders everything when a rename moves a page, and the route-table readers when a route changes', async () => {
    const previous = sources.assemble(undefined);
    const recorded = recordDependencies(previous);
    await withEdit('locations/west-end.md', (text) => text!.replace('name: West End', 'name: West End Markets'), (next) => {
      // A rename changes the slug, so the route set changes: everything is rendered again, and the old page removed.
      expect(planRerender(previous, next, touched, recorded)).toMatchObject({ all: true, removedOutputs: ['locations/west-end/index.html'] });
    });
    await withEdit('locations/west-end.md', (text) => text!.replace('description: Commercial cleaning in West End', 'description: Office cleaning in West End'), (next) => {
      // The description is part of the route: the route itself, and every page that reads the route table
      // (/about); not the home page, which lists locations without their descriptions.
      expect(planRerender(previous, next, touched, recorded).paths).toEqual(['/about', '/locations/west-end']);
    });
  });

  it('re-renders only the readers of a collection field when an entry changes', async () => {
    const previous = sources.assemble(undefined);
    const recorded = recordDependencies(previous);
    const testimonials = new Set(['testimonials'] as const);
    await withEdit('testimonials/one.md', (text) => text!.replace('author: Pat Example', 'author: Pat Exemplar'), (next) => {
      expect(planRerender(previous, next, testimonials, recorded).paths).toEqual(['/about']);
    });
    await withEdit('testimonials/one.md', (text) => text!.replace(/^rating: \d$/m, 'rating: 4'), (next) => {
      // /about shows authors, not ratings.
      expect(planRerender(previous, next, testimonials, recorded).paths).toEqual([]);
    });
  });

  it('re-renders everything for site.md, and removes the output of a deleted location', async () => {
    const previous = sources.assemble(undefined);
    const recorded = recordDependencies(previous);
    await withEdit('site.md', (text) => text!.replace('tagline: Test fixture', 'tagline: Test fixture, edited'), (next) => {
      const plan = planRerender(previous, next, new Set(['site'] as const), recorded);
      expect(plan.all).toBe(true);
      expect(plan.paths).toEqual(next.table.routes.map((route) => route.path));
    });
    await withEdit('locations/new-farm.md', () => undefined, (next) => {
      expect(planRerender(previous, next, touched, recorded)).toMatchObject({ all: true, removedOutputs: ['locations/new-farm/index.html'] });
      expect(next.table.byPath.has('/locations/new-farm')).toBe(false);
    });
  });

  it('renders a route with no recorded dependencies (its last render failed)', async () => {
    const previous = sources.assemble(undefined);
    const recorded = recordDependencies(previous);
    recorded.delete('/services');
    await withEdit('testimonials/one.md', (text) => text!.replace(/^rating: \d$/m, 'rating: 3'), (next) => {
      expect(planRerender(previous, next, new Set(['testimonials'] as const), recorded).paths).toEqual(['/services']);
    });
  });
});
