/**
 * Stage 4, render: one route in, one HTML document out. Pure apart from
 * calling the templates; used in-process and inside render workers alike.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CleansiteError } from '../core/errors.ts';
import type { Route } from '../routes/route-table.ts';
import { toAbsoluteUrl, toUrl } from '../routes/urls.ts';
import type { ResolvedImage, SiteData, TemplateProps, TemplateSet } from './page-props.ts';

export type RenderResult =
  | { ok: true; route: Route; html: string }
  | { ok: false; route: Route; html: string; error: CleansiteError };

export function renderRoute(route: Route, site: SiteData, templates: TemplateSet): RenderResult {
  try {
    const template = templates[route.template] as ComponentType<TemplateProps> | undefined;
    if (!template) {
      throw new CleansiteError({
        code: 'TEMPLATE_MISSING',
        message: `no template named "${route.template}" in templates/index.tsx`,
        location: { file: route.source },
      });
    }
    const props = createTemplateProps(route, site);
    return { ok: true, route, html: `<!DOCTYPE html>${renderToStaticMarkup(createElement(template, props))}` };
  } catch (thrown) {
    const error = thrown instanceof CleansiteError
      ? thrown
      : new CleansiteError({
          code: 'RENDER_FAILED',
          message: `${route.path} failed to render with template "${route.template}": ${thrown instanceof Error ? thrown.message : String(thrown)}`,
          hint: 'the error was thrown by a template component; run with --debug for its stack',
          location: { file: route.source },
          cause: thrown,
        });
    return { ok: false, route, html: renderErrorScreen(route, site, error), error };
  }
}

const routeIndexes = new WeakMap<SiteData, ReadonlySet<string>>();

/** The set of routable paths, built once per SiteData rather than once per page. */
function routePaths(site: SiteData): ReadonlySet<string> {
  let paths = routeIndexes.get(site);
  if (!paths) {
    paths = new Set(site.routes.map((candidate) => candidate.path));
    routeIndexes.set(site, paths);
  }
  return paths;
}

export function createTemplateProps(route: Route, site: SiteData): TemplateProps {
  const routesByPath = routePaths(site);
  const { content } = site;
  const entry = route.entry.kind === 'page' ? content.pages[route.entry.index]
    : route.entry.kind === 'service' ? content.services[route.entry.index]
    : route.entry.kind === 'location' ? content.locations[route.entry.index]
    : null;
  return {
    ...site,
    route,
    entry,
    href(path: string): string {
      const [pathname = '', fragment] = path.split('#');
      if (!routesByPath.has(pathname)) {
        throw new CleansiteError({
          code: 'UNKNOWN_ROUTE',
          message: `${route.path} links to ${path}, which is not a page of this site`,
          location: { file: route.source },
        });
      }
      return toUrl(pathname) + (fragment ? `#${fragment}` : '');
    },
    absoluteUrl: (path: string) => toAbsoluteUrl(site.baseUrl, path),
    image(src: string): ResolvedImage {
      const image = site.images[src];
      if (!image) {
        throw new CleansiteError({
          code: 'IMAGE_MISSING',
          message: `${route.path} uses the image ${src}, which is not in public/`,
          location: { file: route.source },
        });
      }
      return image;
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The spec's generic error screen, written for a route whose template threw
 * (only with --keep-going). Plain markup, so it cannot fail the same way.
 */
export function renderErrorScreen(route: Route, site: SiteData, error: CleansiteError): string {
  const name = escapeHtml(site.content.site.name);
  const stylesheet = site.assets.css ? `<link rel="stylesheet" href="${escapeHtml(site.assets.css)}">` : '';
  return `<!DOCTYPE html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>Unexpected Application Error | ${name}</title><meta name="robots" content="noindex">${stylesheet}</head>`
    + `<body><main class="error-screen" id="main"><h1>Unexpected Application Error</h1><p>${escapeHtml(error.message)}</p>`
    + `<p><a href="/">Back to the ${name} home page</a></p></main></body></html>`;
}
