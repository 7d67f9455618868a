/** sitemap.xml (via the `sitemap` package) and robots.txt, both from the route table. */
import { SitemapStream, streamToPromise } from 'sitemap';
import type { Route } from '../routes/route-table.ts';
import { toAbsoluteUrl } from '../core/urls.ts';

export async function renderSitemapXml(routes: Route[], baseUrl: string): Promise<string> {
  const stream = new SitemapStream({ hostname: baseUrl, lastmodDateOnly: true, xmlns: { news: false, xhtml: false, image: false, video: false } });
  for (const route of routes) {
    // Only pages: a feed or a text file is never a sitemap URL.
    if (route.listed && route.format === 'html') stream.write({ url: toAbsoluteUrl(baseUrl, route.path), lastmod: route.lastmod });
  }
  stream.end();
  return (await streamToPromise(stream)).toString('utf8');
}

export function renderRobotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${toAbsoluteUrl(baseUrl, '/sitemap.xml')}\n`;
}
