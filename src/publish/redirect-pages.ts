/**
 * The fallback page written at each redirect source (`quote/index.html`),
 * for hosts that honour neither _redirects nor S3 website redirects: a meta
 * refresh and a canonical link (search engines treat the pair like a
 * redirect), a plain link for people, and noindex. No script, so the site's
 * CSP holds.
 */
import { toOutputFile } from '../core/urls.ts';
import type { RedirectRule } from './redirect-rules.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function redirectPageFile(rule: RedirectRule): string {
  return toOutputFile(rule.from);
}

export function renderRedirectPage(rule: RedirectRule, baseUrl: string): string {
  // The refresh and the link stay relative, so a staging host keeps visitors on staging; the canonical is absolute.
  const href = escapeHtml(rule.to);
  const canonical = escapeHtml(rule.to.startsWith('/') ? new URL(rule.to, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href : rule.to);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8"/>',
    '<meta name="robots" content="noindex"/>',
    `<meta http-equiv="refresh" content="0; url=${href}"/>`,
    `<link rel="canonical" href="${canonical}"/>`,
    '<title>This page has moved</title>',
    '</head>',
    '<body>',
    `<p>This page has moved to <a href="${href}">${href}</a>.</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
