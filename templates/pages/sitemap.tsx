/** /sitemap : every listed route, in the eight groups, plus the XML sitemap link. */
import type { ReactElement } from 'react';
import type { Page } from '../model/schemas.ts';
import type { TemplateProps } from '../model/props.ts';
import { Icon } from '../components/icon.tsx';
import { NavAnchor } from '../components/nav-list.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export function SitemapPage(props: TemplateProps<Page>): ReactElement {
  const { entry: page, navigation, route } = props;
  return (
    <PageLayout page={props}>
      <PageHero title={page.title} intro={page.intro} eyebrow="All pages">
        <p className="page-hero__meta"><a className="text-link" href="/sitemap.xml"><Icon name="document" />XML sitemap for search engines</a></p>
      </PageHero>
      <div className="section">
        <div className="container sitemap-groups">
          {navigation.sitemap.filter((group) => group.links.length > 0).map((group) => (
            <section className="sitemap-group" key={group.key} aria-labelledby={`sitemap-${group.key}`}>
              <h2 id={`sitemap-${group.key}`}>{group.title}</h2>
              <ul>
                {group.links.map((link) => <li key={link.path}><NavAnchor link={link} currentPath={route.path} /></li>)}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </PageLayout>
  );
}
