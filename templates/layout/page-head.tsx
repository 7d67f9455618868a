/** The <head>: title, description, canonical, social cards, icons and the two assets. */
import type { ReactElement, ReactNode } from 'react';
import type { TemplateProps } from '../model/props.ts';
import { socialImageOf } from '../components/social-image.ts';

export const themeColor = '#0c2d48';

export function PageHead({ page, children }: { page: TemplateProps<unknown>; children?: ReactNode }): ReactElement {
  const { route, assets, content } = page;
  const { site } = content;
  const indexable = route.listed;
  const canonical = indexable ? page.absoluteUrl(route.path) : undefined;
  const image = socialImageOf(page.image(route.image.src));
  const imageUrl = page.absoluteUrl(image.path);
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{route.seoTitle}</title>
      <meta name="description" content={route.description} />
      {route.keywords.length > 0 && <meta name="keywords" content={route.keywords.join(', ')} />}
      {canonical ? <link rel="canonical" href={canonical} /> : <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="en_AU" />
      <meta property="og:title" content={route.seoTitle} />
      <meta property="og:description" content={route.description} />
      {canonical && <meta property="og:url" content={canonical} />}
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      <meta property="og:image:alt" content={route.image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={route.seoTitle} />
      <meta name="twitter:description" content={route.description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={route.image.alt} />
      <meta name="theme-color" content={themeColor} />
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      {assets.css && <link rel="stylesheet" href={assets.css} />}
      {assets.js && <script src={assets.js} defer />}
      {assets.devScripts.map((src) => <script key={src} src={src} defer />)}
      {children}
    </head>
  );
}
