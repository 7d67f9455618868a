import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../templates/site.config.ts';
import { isNavGroup } from '../../templates/model/navigation.ts';
import { loadBasicContent, thrownProblems } from './support/basic-content.ts';
import { siteNavigation, siteRoutes } from '../support/site-config.ts';

let content: SiteContent;
beforeAll(async () => {
  content = await loadBasicContent();
});

describe('buildNavigation', () => {
  it('resolves paths against the route table, with the route label unless the menu gives one', () => {
    const navigation = siteNavigation(content, siteRoutes(content));
    expect(navigation.header.map((link) => link.url)).toEqual(['/about/', '/services/']);
    expect(navigation.footerQuickLinks).toEqual([
      { label: expect.any(String), path: '/', url: '/' },
      { label: 'About Us', path: '/about', url: '/about/' },
    ]);
  });

  it('expands a region entry into the featured locations of that region, in content order', () => {
    const navigation = siteNavigation(content, siteRoutes(content));
    const group = navigation.servicesMenu.find(isNavGroup);
    expect(group).toBeDefined();
    const featured = content.locations.filter((location) => location.featured && location.region === 'Brisbane Area');
    expect(featured.length).toBeGreaterThan(0);
    expect(group!.links.map((link) => link.path)).toEqual(featured.map((location) => `/locations/${location.slug}`));
  });

  it('refuses a menu entry with no route, naming the site file and the menu', () => {
    const site = { ...content.site, navigation: { ...content.site.navigation, header: ['/about', '/nowhere'] } };
    const problems = thrownProblems(() => siteNavigation({ ...content, site }, siteRoutes(content)));
    expect(problems).toEqual(['UNKNOWN_ROUTE: navigation.header: /nowhere is not a page of this site']);
  });

  it('lists every listed route in exactly one sitemap group, and never the 404 page', () => {
    const table = siteRoutes(content);
    const listed = siteNavigation(content, table).sitemap.flatMap((group) => group.links.map((link) => link.path));
    expect(listed.sort()).toEqual(table.routes.filter((route) => route.listed).map((route) => route.path).sort());
    expect(listed).not.toContain('/404');
  });
});
