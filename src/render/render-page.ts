/**
 * Stage 4, render: one route in, one HTML document out. Pure apart from
 * calling the templates; used in-process and inside render workers alike.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CleansiteError } from '../core/errors.ts';
import type { Route } from '../routes/route-table.ts';
import type { UnitRecorder } from './record-units.ts';
import type { SiteData, TemplateProps, TemplateSet } from './page-props.ts';
import type { SharedChunks } from './shared-chunks.ts';
import { createTemplateProps } from './template-props.ts';
import { responsiveMarkdownImages } from './markdown-images.ts';

export { createTemplateProps } from './template-props.ts';

export type RenderResult =
  | { ok: true; route: Route; html: string }
  | { ok: false; route: Route; html: string; error: CleansiteError };

type Template = ComponentType<TemplateProps>;

/**
 * Calls the page template from inside a root component instead of handing
 * React the props: createElement() would copy every prop, and the page
 * cache counts each read of the props as something the page depends on.
 */
function PageRoot({ template, props }: { template: Template; props: TemplateProps }): ReactNode {
  const isClass = Boolean((template as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent);
  return isClass ? createElement(template, props) : (template as (props: TemplateProps) => ReactNode)(props);
}

export interface RenderRouteOptions {
  /** Build-wide cache of the markup templates pass to shared(). */
  chunks?: SharedChunks;
  /** The recorder `props` came from, so shared markup's reads count for each page that shows it. */
  recorder?: UnitRecorder;
}

/**
 * Runs React's server renderer over a page-sized tree a few times, so that a thread that has not
 * rendered yet (watch's spare worker, render-threads.ts) renders its first real page with the
 * renderer already compiled by the JIT: measured, the first page in a fresh worker otherwise takes
 * several times as long as the next ones.
 */
export function warmUpRenderer(): void {
  const item = (index: number) => createElement('li', { key: index, className: 'card' }, createElement('a', { href: `/page-${index}/` }, 'Page ', index), createElement('p', null, 'Text & more <text>'));
  const tree = createElement('html', { lang: 'en' }, createElement('head', null, createElement('meta', { charSet: 'utf-8' }), createElement('title', null, 'Warm')),
    createElement('body', null, createElement('main', { id: 'main' }, createElement('h1', null, 'Warm'), createElement('ul', null, Array.from({ length: 100 }, (_, index) => item(index))))));
  for (let round = 0; round < 20; round++) renderToStaticMarkup(tree);
}

/** `props` defaults to the plain template props; the page cache passes recording ones. */
export function renderRoute(route: Route, site: SiteData, templates: TemplateSet, props?: TemplateProps, options: RenderRouteOptions = {}): RenderResult {
  try {
    const template = templates[route.template] as Template | undefined;
    if (!template) {
      throw new CleansiteError({
        code: 'TEMPLATE_MISSING',
        message: `no template named "${route.template}" in templates/index.tsx`,
        location: { file: route.source },
      });
    }
    const plain = props ?? createTemplateProps(route, site);
    if (route.format !== 'html') return { ok: true, route, html: renderText(route, template, plain) };
    const page = options.chunks?.forPage(plain, route, options.recorder);
    const used = page?.props ?? plain;
    const html = responsiveMarkdownImages(renderToStaticMarkup(createElement(PageRoot, { template, props: used })), used.image);
    return { ok: true, route, html: `<!DOCTYPE html>${page ? page.finish(html) : html}` };
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

/**
 * A route that names a file (`/guides/feed.xml`) is written as its template returns it: text,
 * not markup, and without a doctype. Anything but a string is a mistake in the template.
 */
function renderText(route: Route, template: Template, props: TemplateProps): string {
  const text = (template as unknown as (props: TemplateProps) => unknown)(props);
  if (typeof text !== 'string') {
    throw new CleansiteError({
      code: 'RENDER_FAILED',
      message: `${route.path} is a .${route.format} file, but its template "${route.template}" returned ${text === null ? 'null' : typeof text === 'object' ? 'markup' : typeof text}, not text`,
      hint: 'a template for a file that is not a page returns a string (say, atomFeed(...) or JSON.stringify(...))',
      location: { file: route.source },
    });
  }
  return text;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The spec's generic error screen, written for a route whose template threw
 * (only with --keep-going). Plain markup, so it cannot fail the same way.
 */
export function renderErrorScreen(route: Route, site: SiteData, error: CleansiteError): string {
  const name = escapeHtml(site.siteName);
  const stylesheet = site.assets.css ? `<link rel="stylesheet" href="${escapeHtml(site.assets.css)}">` : '';
  return `<!DOCTYPE html><html lang="${escapeHtml(site.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>Unexpected Application Error | ${name}</title><meta name="robots" content="noindex">${stylesheet}</head>`
    + `<body><main class="error-screen" id="main"><h1>Unexpected Application Error</h1><p>${escapeHtml(error.message)}</p>`
    + `<p><a href="/">Back to the ${name} home page</a></p></main></body></html>`;
}
