/**
 * The last step of a build: writes the host configuration (Netlify's
 * _headers and _redirects) for the finished output folder, after checking
 * that the folder cached for a year holds content-hashed files only.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CleansiteError } from '../core/errors.ts';
import { HASHED_DIR, isHashedName } from './cache-rules.ts';
import { renderNetlifyHeaders } from './netlify-headers.ts';
import { renderNetlifyRedirects } from './netlify-redirects.ts';

/** The files writePublishFiles() adds. */
export const PUBLISH_FILES = ['_headers', '_redirects'] as const;

export function writePublishFiles(outDir: string): { files: number; bytes: number } {
  const entries = readdirSync(outDir, { withFileTypes: true });
  if (entries.some((entry) => entry.isDirectory() && entry.name === HASHED_DIR)) assertHashedOnly(path.join(outDir, HASHED_DIR));
  const outputs: Record<(typeof PUBLISH_FILES)[number], string> = {
    _headers: renderNetlifyHeaders(entries.map((entry) => ({ name: entry.name, directory: entry.isDirectory() }))),
    _redirects: renderNetlifyRedirects(),
  };
  let bytes = 0;
  for (const [name, text] of Object.entries(outputs)) {
    writeFileSync(path.join(outDir, name), text);
    bytes += Buffer.byteLength(text);
  }
  return { files: Object.keys(outputs).length, bytes };
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
