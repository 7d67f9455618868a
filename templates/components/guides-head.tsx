/** What every Guides page adds to its <head>: the two feeds, and a listing's neighbouring pages. */
import type { ReactElement } from 'react';
import { GUIDES } from '../model/guide-paths.ts';
import type { TemplateProps } from '../model/props.ts';

export function GuidesHead({ page }: { page: TemplateProps<unknown> }): ReactElement {
  const data = page.route.data?.guides;
  return (
    <>
      <link rel="alternate" type="application/atom+xml" title="Cleaning Guides (Atom)" href={page.href(GUIDES.feeds.atom)} />
      <link rel="alternate" type="application/feed+json" title="Cleaning Guides (JSON Feed)" href={page.href(GUIDES.feeds.json)} />
      {data?.kind === 'listing' && data.previous && <link rel="prev" href={page.href(data.previous)} />}
      {data?.kind === 'listing' && data.next && <link rel="next" href={page.href(data.next)} />}
    </>
  );
}
