/** The document every page shares: head, skip link, header, main, footer, call button. */
import type { ReactElement, ReactNode } from 'react';
import type { TemplateProps } from '../../src/render/page-props.ts';
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
  return (
    <html lang="en-AU">
      <PageHead page={page}>{head}</PageHead>
      <body className={`template-${page.route.template}`}>
        <a className="skip-link" href="#main">Skip to main content</a>
        <SiteHeader page={page} />
        <main id="main" tabIndex={-1}>{children}</main>
        <SiteFooter page={page} />
        <CallButton site={page.content.site} />
      </body>
    </html>
  );
}
