/**
 * Redirects on S3: the build writes each redirect source's fallback page
 * (`<from>/index.html`) and lists the rule in dist/_redirects. Uploading that
 * page with `WebsiteRedirectLocation` makes the S3 website endpoint (and
 * CloudFront in front of it) answer `/<from>/` with a 301 to the target;
 * `/<from>` reaches it through S3's own slash redirect. Hosts that honour
 * neither serve the fallback page (meta refresh plus canonical link). The
 * rules a site wrote in public/_redirects, merged in after the generated
 * ones, are Netlify's (statuses, conditions, rules an existing page shadows):
 * S3 would answer each with a 301, so they are listed as skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_REDIRECTS_HEADING } from '../publish/netlify-redirects.ts';
import { parseRedirectsFile } from '../publish/redirect-rules.ts';
import type { LocalFile } from './local-files.ts';

export interface RedirectSkip {
  from: string;
  reason: string;
}

/** Sets redirectLocation on the fallback pages named in `<dir>/_redirects`; returns the rules S3 cannot express. */
export function attachRedirects(dir: string, files: LocalFile[]): RedirectSkip[] {
  const file = path.join(dir, '_redirects');
  if (!existsSync(file)) return [];
  const byKey = new Map(files.map((entry) => [entry.key, entry]));
  const skipped: RedirectSkip[] = [];
  const [generated = '', sites] = readFileSync(file, 'utf8').split(PUBLIC_REDIRECTS_HEADING);
  for (const rule of sites === undefined ? [] : parseRedirectsFile(sites)) skipped.push({ from: rule.from, reason: 'from public/_redirects: Netlify only' });
  for (const rule of parseRedirectsFile(generated)) {
    if (/[*:]/.test(rule.from) || !rule.from.startsWith('/')) {
      skipped.push({ from: rule.from, reason: 'S3 has no pattern redirects' });
      continue;
    }
    const key = `${rule.from.replace(/^\/+|\/+$/g, '')}/index.html`.replace(/^\//, '');
    const page = byKey.get(key);
    if (!page) {
      skipped.push({ from: rule.from, reason: `${key} (its fallback page) is not in the build` });
      continue;
    }
    page.redirectLocation = rule.to;
  }
  return skipped;
}
