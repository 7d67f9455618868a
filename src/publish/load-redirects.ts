/**
 * Reads and checks content/redirects.md against the route table: a source
 * must be a path with no page of its own, a target a page of the site (or
 * an absolute URL), no source twice, no target that is itself a source
 * (chains and loops). Targets are written under the trailing-slash policy.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CleansiteError, CleansiteErrorList } from '../core/errors.ts';
import { parseFrontMatter } from '../content/load-content.ts';
import { redirectsSchema } from './redirect-schema.ts';
import { decodeSourceText } from '../content/source-text.ts';
import type { Route } from '../routes/route-table.ts';
import { toUrl } from '../core/urls.ts';
import type { RedirectRule } from './redirect-rules.ts';

export const REDIRECTS_FILE = 'redirects.md';

/** `routes` undefined: only the file's own checks (the watch server, which answers before the build has routes). */
export function loadRedirects(contentDir: string, routes: readonly Route[] | undefined, baseUrl: string, rootDir = process.cwd()): RedirectRule[] {
  const file = path.join(contentDir, REDIRECTS_FILE);
  if (!existsSync(file)) return [];
  const shown = path.relative(rootDir, file).split(path.sep).join('/');
  // The same decoding, front-matter parser and input bounds as every other content file.
  const text = decodeSourceText(readFileSync(file), shown);
  const lineOf = (needle: string) => {
    const index = text.split('\n').findIndex((line) => line.includes(needle));
    return index === -1 ? undefined : index + 1;
  };
  const fail = (message: string, needle?: string, hint?: string) => new CleansiteError({ code: 'CONTENT_INVALID', message, hint, location: { file: shown, line: needle ? lineOf(needle) : 1 } });
  const { data } = parseFrontMatter(text, shown);
  const parsed = redirectsSchema.safeParse(data);
  if (!parsed.success) {
    throw new CleansiteErrorList(parsed.error.issues.map((issue) => {
      const where = issue.path.join('.');
      const rule = typeof issue.path[1] === 'number' ? (data as { rules?: Array<Record<string, unknown>> }).rules?.[issue.path[1]] : undefined;
      const value = rule && typeof issue.path[2] === 'string' ? rule[issue.path[2]] : undefined;
      return fail(`${where}: ${issue.message}${value !== undefined ? `, received ${JSON.stringify(value)}` : ''}`, typeof value === 'string' ? value : undefined);
    }));
  }

  const routePaths = new Set(routes?.map((route) => route.path));
  const checkRoutes = routes !== undefined;
  const ownHost = new URL(baseUrl).host;
  const sitePathOf = (to: string): string | undefined => {
    if (to.startsWith('/')) return to.replace(/\/+$/, '') || '/';
    const url = new URL(to);
    return url.host === ownHost ? url.pathname.replace(/\/+$/, '') || '/' : undefined;
  };
  const sources = new Set(parsed.data.rules.map((rule) => rule.from));
  const errors: CleansiteError[] = [];
  const seen = new Set<string>();
  const rules: RedirectRule[] = [];
  for (const rule of parsed.data.rules) {
    if (seen.has(rule.from)) errors.push(fail(`${rule.from} is redirected twice`, `from: ${rule.from}`, 'keep one rule per source'));
    seen.add(rule.from);
    if (checkRoutes && routePaths.has(rule.from)) {
      errors.push(fail(`${rule.from} is a page of the site, so it cannot also redirect (to ${rule.to})`, `from: ${rule.from}`, 'remove the rule, or remove or move the page first'));
      continue;
    }
    const target = sitePathOf(rule.to);
    if (target !== undefined && sources.has(target)) {
      errors.push(fail(`${rule.from} redirects to ${rule.to}, which redirects again${target === rule.from ? ' (to itself)' : ''}`, `to: ${rule.to}`, 'point every rule straight at its final page: chains are slow and loops never end'));
      continue;
    }
    if (checkRoutes && target !== undefined && !routePaths.has(target)) {
      errors.push(fail(`${rule.from} redirects to ${rule.to}, which is not a page of the site`, `to: ${rule.to}`, 'use the path of an existing page, such as /contact/'));
      continue;
    }
    rules.push({ from: rule.from, to: rule.to.startsWith('/') ? toUrl(target!) : rule.to, status: rule.status, force: true });
  }
  if (errors.length > 0) throw errors.length === 1 ? errors[0]! : new CleansiteErrorList(errors);
  return rules.sort((a, b) => (a.from < b.from ? -1 : 1));
}
