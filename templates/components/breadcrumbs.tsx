/** A visible breadcrumb trail and the matching BreadcrumbList structured data. */
import type { ReactElement } from 'react';
import type { BreadcrumbList, WithContext } from 'schema-dts';
import type { TemplateProps } from '../model/props.ts';

export interface Crumb {
  label: string;
  /** Site path, e.g. `/cleaning-guide`. */
  path: string;
}

export function Breadcrumbs({ page, crumbs }: { page: TemplateProps<unknown>; crumbs: Crumb[] }): ReactElement {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => (index === crumbs.length - 1
          ? <li key={crumb.path}><a href={page.href(crumb.path)} aria-current="page">{crumb.label}</a></li>
          : <li key={crumb.path}><a href={page.href(crumb.path)}>{crumb.label}</a></li>))}
      </ol>
    </nav>
  );
}

export function buildBreadcrumbList(page: TemplateProps<unknown>, crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: page.absoluteUrl(crumb.path),
    })),
  };
}
