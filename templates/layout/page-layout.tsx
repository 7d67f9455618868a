/** The document every page shares: head, skip link, header, main, footer, call button. */
import type { ReactElement, ReactNode } from 'react';
import type { TemplateProps } from '../model/props.ts';
import { isNavGroup, type Navigation, type NavItem } from '../model/navigation.ts';
import { CallButton } from './call-button.tsx';
import { PageHead } from './page-head.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export interface PageLayoutProps {
  page: TemplateProps<unknown>;
  children: ReactNode;
  /** Extra head content, e.g. JSON-LD. */
  head?: ReactNode;
}

export function PageLayout({ page, children, head }: PageLayoutProps): ReactElement {
  // Header and footer differ between pages only in what they mark as current: the link to
  // the page itself, or the menu of its section (/services for /services/x). Pages no
  // menu links to share one rendering per section. The call bar is the same on every page.
  const { path } = page.route;
  const current = isLinked(page.navigation, path) ? path : `${path.split('/').slice(0, 2).join('/')}/*`;
  return (
    <html lang="en-AU">
      <PageHead page={page}>{head}</PageHead>
      <body className={`template-${page.route.template}`}>
        <a className="skip-link" href="#main">Skip to main content</a>
        {page.shared(`site-header ${current}`, () => <SiteHeader page={page} />)}
        <main id="main" tabIndex={-1}>{children}</main>
        {page.shared(`site-footer ${current}`, () => <SiteFooter page={page} showAreas={path !== '/'} />)}
        {page.shared('call-bar', () => <CallButton site={page.content.site} quoteUrl={page.href('/contact')} />)}
      </body>
    </html>
  );
}

/** Whether the header, the footer or one of their menus links to `path` (the logo links to /). */
function isLinked(navigation: Navigation, path: string): boolean {
  if (path === '/') return true;
  const lists = [navigation.header, navigation.servicesMenu, navigation.mobileServicesMenu, navigation.footerQuickLinks, navigation.footerServices, navigation.footerAreas, navigation.legal];
  return lists.some((items: NavItem[]) => items.some((item) => (isNavGroup(item) ? item.links.some((link) => link.path === path) : item.path === path)));
}
