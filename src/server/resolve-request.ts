/**
 * Maps a request URL to a file inside the served folder, the way a static
 * host does: `/about/` -> `about/index.html`, `/about` -> 301 to `/about/`,
 * anything else -> not found. The served folder is a hard boundary: encoded
 * `..`, backslashes, NUL bytes and symlinks that lead outside are refused.
 */
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';

export type RequestTarget =
  | { kind: 'file'; /** Path inside the root, forward slashes, no leading slash. */ relative: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }
  | { kind: 'bad-request'; reason: string };

/** `root` must already be a real path (see realRoot). */
export function resolveRequest(root: string, url: string): RequestTarget {
  const queryAt = url.search(/[?#]/);
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 || url[queryAt] === '#' ? '' : url.slice(queryAt).replace(/#.*$/, '');
  if (!rawPath.startsWith('/')) return { kind: 'bad-request', reason: 'the path must start with /' };
  if (rawPath.includes('\\')) return { kind: 'bad-request', reason: 'backslashes are not allowed in paths' };

  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { kind: 'bad-request', reason: 'malformed percent-encoding' };
    }
    // A decoded separator or dot segment could only be an attempt to leave the folder.
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return { kind: 'bad-request', reason: 'path traversal is not allowed' };
    // Dot files (.git, editor back-ups) are never part of a published site.
    if (segment.startsWith('.') && segment !== '.well-known') return { kind: 'not-found' };
    segments.push(segment);
  }

  const wantsFolder = rawPath.endsWith('/') || segments.length === 0;
  const candidate = path.join(root, ...segments);
  if (wantsFolder) return fileTarget(root, path.join(candidate, 'index.html'));

  const stats = statInside(root, candidate);
  if (stats?.isFile()) return fileTarget(root, candidate);
  if (stats?.isDirectory() && fileTarget(root, path.join(candidate, 'index.html')).kind === 'file') {
    // Built from the checked segments, so the location can never be protocol-relative (`//host`).
    return { kind: 'redirect', location: `/${segments.map(encodeURIComponent).join('/')}/${query}` };
  }
  return { kind: 'not-found' };
}

export function realRoot(root: string): string {
  return realpathSync(path.resolve(root));
}

function fileTarget(root: string, file: string): RequestTarget {
  const stats = statInside(root, file);
  if (!stats?.isFile()) return { kind: 'not-found' };
  return { kind: 'file', relative: path.relative(root, file).split(path.sep).join('/') };
}

/** Stats a path only when its real location (after symlinks) is inside the root. */
function statInside(root: string, file: string) {
  try {
    const real = realpathSync(file);
    if (real !== root && !real.startsWith(root + path.sep)) return undefined;
    return statSync(real);
  } catch {
    return undefined;
  }
}
