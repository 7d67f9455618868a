/**
 * Redirect rules in Netlify's `_redirects` line format (`/from /to 301`):
 * what the build writes for Netlify, what `deploy` reads to set S3 website
 * redirects, and what `preview`/`watch` answer with.
 */

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  /** Written `301!`: applies even where a file exists. The build's own rules are forced, since each source has a fallback page. */
  force: boolean;
}

/** Reads the rules of a `_redirects` file: `from to [status][!]`, comments and blank lines skipped. */
export function parseRedirectsFile(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    const [from, to, status] = line.split(/\s+/);
    if (!from || !to) continue;
    const code = Number.parseInt(status ?? '301', 10);
    rules.push({ from, to, status: Number.isFinite(code) ? code : 301, force: status?.endsWith('!') ?? false });
  }
  return rules;
}

export function renderRedirectLines(rules: readonly RedirectRule[]): string[] {
  return rules.map((rule) => `${rule.from} ${rule.to} ${rule.status}${rule.force ? '!' : ''}`);
}
