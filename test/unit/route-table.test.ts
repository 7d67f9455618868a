import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../templates/site.config.ts';
import { loadBasicContent, thrownProblems } from './support/basic-content.ts';
import { siteRoutes } from '../support/site-config.ts';

let content: SiteContent;
beforeAll(async () => {
  content = await loadBasicContent();
});

describe('buildRouteTable', () => {
  it('gives every page, service and location one route, sorted by path, plus the unlisted 404 page', () => {
    const { routes, byPath } = siteRoutes(content);
    expect(routes.map((route) => route.path)).toEqual([
      '/', '/404', '/about', '/locations/brisbane-cbd', '/locations/west-end', '/services', '/services/office-cleaning',
    ]);
    expect([...byPath.keys()].sort()).toEqual(routes.map((route) => route.path).sort());
    expect(routes.filter((route) => !route.listed).map((route) => route.path)).toEqual(['/404']);
  });

  it('applies the trailing-slash policy to URLs and output files', () => {
    const { byPath } = siteRoutes(content);
    expect(byPath.get('/')).toMatchObject({ url: '/', outputFile: 'index.html', template: 'home' });
    expect(byPath.get('/about')).toMatchObject({ url: '/about/', outputFile: 'about/index.html' });
    expect(byPath.get('/locations/west-end')).toMatchObject({ url: '/locations/west-end/', outputFile: 'locations/west-end/index.html', template: 'location' });
    expect(byPath.get('/404')).toMatchObject({ url: '/404.html', outputFile: '404.html', template: 'not-found' });
  });

  it('points each route back at its source file and content entry', () => {
    const { byPath } = siteRoutes(content);
    const service = byPath.get('/services/office-cleaning')!;
    expect(service.source).toMatch(/content\/services\/office-cleaning\.md$/);
    expect(service.entry).toEqual({ collection: 'services', index: 0 });
    expect(content.services[0]!.file).toBe(service.source);
  });

  it('titles a location page "Commercial Cleaning in {name}"', () => {
    const { byPath } = siteRoutes(content);
    expect(byPath.get('/locations/brisbane-cbd')!.title).toBe('Commercial Cleaning in Brisbane CBD');
  });

  it('refuses two files that give one path, naming both', () => {
    const copy = { ...content.locations[0]!, file: 'content/locations/brisbane-cbd-copy.md' };
    const problems = thrownProblems(() => siteRoutes({ ...content, locations: [...content.locations, copy] }));
    expect(problems).toEqual([
      `DUPLICATE_ROUTE: /locations/brisbane-cbd is produced by two files: ${content.locations[0]!.file} and content/locations/brisbane-cbd-copy.md`,
    ]);
  });

  it('refuses a route whose sitemap group does not exist', () => {
    const page = { ...content.pages[0]!, sitemapGroup: 'nowhere' };
    const problems = thrownProblems(() => siteRoutes({ ...content, pages: [page, ...content.pages.slice(1)] }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^CONTENT_INVALID: sitemapGroup: "nowhere" is not one of the sitemap groups \(/);
  });
});
