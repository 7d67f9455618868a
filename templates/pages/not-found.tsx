/** 404.html : a friendly dead end with the ways back in. */
import type { ReactElement } from 'react';
import type { TemplateProps } from '../model/props.ts';
import { Icon } from '../components/icon.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { PageLayout } from '../layout/page-layout.tsx';
import { phoneText, telHref } from '../components/phone.ts';

export function NotFoundPage(props: TemplateProps<null>): ReactElement {
  const { route, content } = props;
  const links = [
    { path: '/', label: 'Home page' },
    { path: '/services', label: 'Our services' },
    { path: '/contact', label: 'Contact us' },
    { path: '/sitemap', label: 'Site map' },
  ];
  return (
    <PageLayout page={props}>
      <PageHero title={route.title} intro={route.description} eyebrow="Error 404">
        <p className="page-hero__meta">Need a hand? Call us on <a href={telHref(content.site)}>{phoneText(content.site)}</a>.</p>
      </PageHero>
      <div className="section">
        <div className="container narrow">
          <ul className="link-cards">
            {links.map((link) => (
              <li key={link.path}>
                <a className="link-card" href={props.href(link.path)}>
                  <span className="link-card__title">{link.label}</span>
                  <Icon name="arrow" className="link-card__arrow" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </PageLayout>
  );
}
