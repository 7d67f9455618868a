/**
 * The last step of a build: writes each redirect source's fallback page and
 * the host configuration (Netlify's _headers and _redirects) for the
 * finished output folder, after checking that the folder cached for a year
 * holds content-hashed files only. A _headers or _redirects copied from
 * public/ is merged into the generated one (or refused), never dropped.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFileNamed } from '../core/atomic-write.ts';
import path from 'node:path';
import { CleansiteError } from '../core/errors.ts';
import { HASHED_DIR, isHashedName } from './cache-rules.ts';
import { renderNetlifyHeaders } from './netlify-headers.ts';
import { renderNetlifyRedirects } from './netlify-redirects.ts';
import { redirectPageFile, renderRedirectPage } from './redirect-pages.ts';
import type { RedirectRule } from './redirect-rules.ts';

/** The files writePublishFiles() adds besides the fallback pages. */
export const PUBLISH_FILES = ['_headers', '_redirects'] as const;

export interface PublishInputs {
  redirects: readonly RedirectRule[];
  baseUrl: string;
}

export function writePublishFiles(outDir: string, inputs: PublishInputs = { redirects: [], baseUrl: 'https://example.com/' }): { files: number; bytes: number } {
  let bytes = 0;
  let files = 0;
  // Replaces rather than writes through: a file here may be a hard link into the previous output.
  const put = (relative: string, text: string) => {
    const file = path.join(outDir, relative);
    rmSync(file, { force: true });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileNamed(file, text);
    bytes += Buffer.byteLength(text);
    files++;
  };
  for (const rule of inputs.redirects) {
    const page = redirectPageFile(rule);
    if (existsSync(path.join(outDir, page))) {
      throw new CleansiteError({ code: 'CONTENT_INVALID', message: `${rule.from} is redirected, but the output already has ${page} (from public/)`, location: { file: 'content/redirects.md' }, hint: 'remove the file from public/ or the rule' });
    }
    put(page, renderRedirectPage(rule, inputs.baseUrl));
  }
  const entries = readdirSync(outDir, { withFileTypes: true });
  if (entries.some((entry) => entry.isDirectory() && entry.name === HASHED_DIR)) assertHashedOnly(path.join(outDir, HASHED_DIR));
  const userFile = (name: string) => (existsSync(path.join(outDir, name)) ? readFileSync(path.join(outDir, name), 'utf8') : undefined);
  const filesUnder = (dir: string) => readdirSync(path.join(outDir, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(path.join(outDir, dir), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  const headers = renderNetlifyHeaders(entries.map((entry) => ({ name: entry.name, directory: entry.isDirectory() })), userFile('_headers'), filesUnder);
  const redirects = renderNetlifyRedirects(inputs.redirects, userFile('_redirects'));
  put('_headers', headers);
  put('_redirects', redirects);
  return { files, bytes };
}

function assertHashedOnly(dir: string): void {
  const unhashed = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !isHashedName(entry.name))
    .map((entry) => path.relative(path.dirname(dir), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  if (unhashed.length === 0) return;
  throw new CleansiteError({
    code: 'OUTPUT_FAILED',
    message: `${unhashed[0]} has no content hash in its name, but everything under /${HASHED_DIR}/ is cached by browsers for a year${unhashed.length > 1 ? ` (and ${unhashed.length - 1} more)` : ''}`,
    hint: `/${HASHED_DIR}/ is reserved for the build's hashed files: move static files to another folder of public/`,
    location: { file: `public/${unhashed[0]}` },
  });
}

/** Whether the output's _redirects is what these inputs make (a changed content/redirects.md alone must rebuild). */
export function publishFilesCurrent(outDir: string, publicDir: string, inputs: PublishInputs): boolean {
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  try {
    return read(path.join(outDir, '_redirects')) === renderNetlifyRedirects(inputs.redirects, read(path.join(publicDir, '_redirects')))
      && inputs.redirects.every((rule) => read(path.join(outDir, redirectPageFile(rule))) === renderRedirectPage(rule, inputs.baseUrl));
  } catch {
    return false;
  }
}
