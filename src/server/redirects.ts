/**
 * Answers redirect rules the way Netlify does for the rules the build
 * writes: a rule's path matches with or without its trailing slash, the
 * first matching rule wins, a file at the path shadows a rule unless it is
 * forced (`301!`), the query string is kept. Pattern rules
 * (`/blog/*`, `:name`) are matched too, `:splat` filled in.
 */
import type { ServerResponse } from 'node:http';
import type { RedirectRule } from '../publish/redirect-rules.ts';

export interface RedirectAnswer {
  status: number;
  location: string;
  /** `301!`: applies even where a file exists (otherwise the file shadows the rule, as on Netlify). */
  force: boolean;
}

export function createRedirectMatcher(rules: readonly RedirectRule[]): (urlPath: string) => RedirectAnswer | undefined {
  const compiled = rules.filter((rule) => rule.status >= 300 && rule.status < 400).map((rule) => ({ rule, pattern: toPattern(rule.from) }));
  return (urlPath) => {
    for (const { rule, pattern } of compiled) {
      const match = pattern.exec(urlPath);
      if (!match) continue;
      let location = rule.to.replace(':splat', match.groups?.splat ?? '');
      for (const [name, value] of Object.entries(match.groups ?? {})) if (name !== 'splat') location = location.replace(`:${name}`, value ?? '');
      return { status: rule.status, location, force: rule.force };
    }
    return undefined;
  };
}

function toPattern(from: string): RegExp {
  const parts = from.split('/').filter(Boolean);
  const body = parts.map((part) => {
    if (part === '*') return '(?:/(?<splat>.*))?';
    if (part.startsWith(':')) return `/(?<${part.slice(1).replace(/\W/g, '')}>[^/]+)`;
    return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }).join('');
  return new RegExp(`^${body}/?$`);
}

/** The redirect response; the request's query string is carried over unless the target has its own. */
export function sendRedirect(response: ServerResponse, redirect: RedirectAnswer, url: string): void {
  const query = /\?[^#]*/.exec(url)?.[0] ?? '';
  const location = redirect.location.includes('?') ? redirect.location : `${redirect.location}${query}`;
  response.writeHead(redirect.status, { Location: location, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  response.end(`Moved to ${location}\n`);
}
