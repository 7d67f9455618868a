/**
 * Reads a Netlify `_headers` file and answers which headers a request path
 * gets, the way Netlify does: every matching rule applies and a header set
 * by several rules gets their values joined with ", ". Paths are matched
 * with the regex of Netlify's own parser (@netlify/headers-parser,
 * for_regexp.js), ported because the preview runs without dev dependencies
 * and checked against it by test/publish/netlify-parity.test.ts: a standalone
 * `*` also makes the slash before it optional (`/assets/*` matches
 * `/assets-register.pdf`), matching ignores case.
 */

export interface HeaderRule {
  path: string;
  pattern: RegExp;
  headers: Array<[name: string, value: string]>;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (/^\s/.test(raw)) {
      const rule = rules.at(-1);
      const colon = line.indexOf(':');
      if (!rule || colon <= 0) throw new Error(`_headers line ${index + 1}: "${line}" is neither a path nor a "Name: value" header under one`);
      rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    } else {
      if (!line.startsWith('/')) throw new Error(`_headers line ${index + 1}: a path rule must start with "/", received "${line}"`);
      rules.push({ path: line, pattern: toPattern(line), headers: [] });
    }
  }
  return rules;
}

export function toPattern(rulePath: string): RegExp {
  const pattern = rulePath.split('/').map((part) => part.trimEnd()).filter(Boolean).map((part) => {
    if (part.startsWith(':')) return '([^/]+)';
    if (part === '*') return '?(.*)';
    // Netlify does not escape the rest of such a part either.
    if (part.includes('*')) return part.replaceAll('*', '(.*)');
    return part.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&').replace(/-/g, '\\x2d');
  }).join('/');
  return new RegExp(`^/${pattern}/?$`, 'iu');
}

/** The headers for a URL path (no query), names as first written, repeated values joined. */
export function headersForPath(rules: readonly HeaderRule[], urlPath: string): Record<string, string> {
  const byName = new Map<string, { name: string; values: string[] }>();
  for (const rule of rules) {
    if (!rule.pattern.test(urlPath)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const current = byName.get(key) ?? { name, values: [] };
      current.values.push(value);
      byName.set(key, current);
    }
  }
  return Object.fromEntries([...byName.values()].map(({ name, values }) => [name, values.join(', ')]));
}
