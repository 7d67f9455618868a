/**
 * The host configuration a build folder carries (_headers, _redirects), read
 * once so `preview` answers as Netlify would: the same headers for the same
 * path (matched like Netlify's own parser) and the same redirects.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CleansiteError } from '../core/errors.ts';
import { headersForPath, parseHeadersFile } from '../publish/parse-headers.ts';
import { parseRedirectsFile } from '../publish/redirect-rules.ts';
import { createRedirectMatcher, type RedirectAnswer } from './redirects.ts';

export interface HostRules {
  /** Whether the folder has a _headers file. */
  hasHeaders: boolean;
  headersFor(urlPath: string): Record<string, string>;
  redirectFor(urlPath: string): RedirectAnswer | undefined;
}

export function loadHostRules(root: string, shown = root): HostRules {
  const read = (name: string) => {
    const file = path.join(root, name);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  const headersText = read('_headers');
  let rules;
  try {
    rules = headersText === undefined ? [] : parseHeadersFile(headersText);
  } catch (error) {
    throw new CleansiteError({ code: 'OUTPUT_FAILED', message: (error as Error).message, location: { file: `${shown}/_headers` }, hint: 'rebuild the site: the file is generated', cause: error });
  }
  const redirects = createRedirectMatcher(parseRedirectsFile(read('_redirects') ?? ''));
  return {
    hasHeaders: headersText !== undefined,
    headersFor: (urlPath) => headersForPath(rules, urlPath),
    redirectFor: redirects,
  };
}
