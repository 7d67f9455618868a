import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../src/content/schemas.ts';
import { buildNavigation, isNavGroup } from '../../src/routes/navigation.ts';
import { buildRouteTable } from '../../src/routes/route-table.ts';
import { loadBasicContent, thrownProblems } from './support/basic-content.ts';

let content: SiteContent;
beforeAll(async () => {
  content = await loadBasicContent();
});

describe('buildNavigation', () => {
  it('resolves paths against the route table, with the route label unless the menu gives one', () => {
    const navigation = buildNavigation(content, buildRouteTable(content));
    expect(navigation.header.map((link) => link.url)).toEqual(['/about/', '/services/']);
    expect(navigation.footerQuickLinks).toEqual([
      { label: expect.any(String), path: '/', url: '/' },
      { label: 'About Us', path: '/about', url: '/about/' },
    ]);
  });

  it('expands a region entry into the featured locations of that region, in content order', () => {
    const navigation = buildNavigation(content, buildRouteTable(content));
    const group = navigation.servicesMenu.find(isNavGroup);
    expect(group).toBeDefined();
    const featured = content.locations.filter((location) => location.featured && location.region === 'Brisbane Area');
    expect(featured.length).toBeGreaterThan(0);
    expect(group!.links.map((link) => link.path)).toEqual(featured.map((location) => `/locations/${location.slug}`));
  });

  it('refuses a menu entry with no route, naming the site file and the menu', () => {
    const site = { ...content.site, navigation: { ...content.site.navigation, header: ['/about', '/nowhere'] } };
    const problems = thrownProblems(() => buildNavigation({ ...content, site }, buildRouteTable(content)));
    expect(problems).toEqual(['UNKNOWN_ROUTE: navigation.header: /nowhere is not a page of this site']);
  });

  it('lists every listed route in exactly one sitemap group, and never the 404 page', () => {
    const table = buildRouteTable(content);
    const listed = buildNavigation(content, table).sitemap.flatMap((group) => group.links.map((link) => link.path));
    expect(listed.sort()).toEqual(table.routes.filter((route) => route.listed).map((route) => route.path).sort());
    expect(listed).not.toContain('/404');
  });
});
