/**
 * Sends one file that resolve-request.ts has already located inside the
 * served folder: validators (weak ETag, Last-Modified) and 304s, byte ranges
 * (byte-range.ts), HEAD without a body. The file is opened once and measured
 * through that handle, so a file replaced or deleted mid-request (watch mode
 * does both) is either sent whole as it was or reported missing, never sent
 * with a length that no longer fits. Headers already set on the response
 * (the site's _headers rules) win over the defaults here. Text is sent
 * gzipped to clients that accept it, as Netlify and CloudFront send it, so
 * pages measured through preview (the Lighthouse audit) weigh what visitors
 * download; a range request gets the bytes of the file itself.
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { ifRangeAllows, parseByteRange } from './byte-range.ts';

export type SendOutcome = 'sent' | 'missing';

/**
 * Types worth compressing (images and fonts already are), and the sizes: tiny files gain
 * nothing, and a file is compressed in memory, so a flood of requests for a large file must not
 * hold many large copies (the site's largest text file, sitemap.xml, is about 10 KB).
 */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
const GZIP_SIZES = { min: 1024, max: 1024 * 1024 } as const;
const gzipped = promisify(gzip);

export async function sendFile(request: IncomingMessage, response: ServerResponse, file: string, contentType: string): Promise<SendOutcome> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (isGone(error)) return 'missing';
    throw error;
  }
  let streaming = false;
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return 'missing';
    const etag = `W/"${stats.size}-${Math.trunc(stats.mtimeMs)}"`;
    const lastModified = stats.mtime.toUTCString();
    setDefault(response, 'Content-Type', contentType);
    setDefault(response, 'Cache-Control', 'no-cache');
    const compressible = COMPRESSIBLE.test(String(response.getHeader('Content-Type'))) && stats.size >= GZIP_SIZES.min && stats.size <= GZIP_SIZES.max;
    if (compressible) response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('ETag', etag);
    response.setHeader('Last-Modified', lastModified);
    response.setHeader('Accept-Ranges', 'bytes');

    if (isNotModified(request, etag, stats.mtimeMs)) {
      response.writeHead(304);
      response.end();
      return 'sent';
    }

    const range = request.method === 'GET' && ifRangeAllows(header(request, 'if-range'), lastModified)
      ? parseByteRange(header(request, 'range'), stats.size)
      : { kind: 'whole' as const };
    if (range.kind === 'unsatisfiable') {
      response.writeHead(416, { 'Content-Range': `bytes */${stats.size}`, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Range not satisfiable.\n');
      return 'sent';
    }
    if (range.kind === 'whole' && compressible && header(request, 'range') === undefined && acceptsGzip(header(request, 'accept-encoding'))) {
      const body = await gzipped(await handle.readFile());
      response.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': String(body.length) });
      response.end(request.method === 'HEAD' ? undefined : body);
      return 'sent';
    }
    const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, stats.size - 1];
    if (range.kind === 'partial') response.setHeader('Content-Range', `bytes ${start}-${end}/${stats.size}`);
    response.writeHead(range.kind === 'partial' ? 206 : 200, { 'Content-Length': String(end - start + 1) });
    if (request.method === 'HEAD' || end < start) {
      response.end();
      return 'sent';
    }
    streaming = true;
    // The stream owns the handle from here and closes it; an aborted download just ends the pipeline.
    pipeline(handle.createReadStream({ start, end }), response, () => {});
    return 'sent';
  } finally {
    if (!streaming) await handle.close();
  }
}

/** If-None-Match (weak comparison, 13.1.2) decides when present; If-Modified-Since only without it. */
function isNotModified(request: IncomingMessage, etag: string, mtimeMs: number): boolean {
  const ifNoneMatch = header(request, 'if-none-match');
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
  }
  const ifModifiedSince = header(request, 'if-modified-since');
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/** Accept-Encoding allows gzip: listed without `q=0`, or, when not listed, `*` without `q=0` (RFC 9110 12.5.3). */
function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const allowed = new Map<string, boolean>();
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...parameters] = part.trim().toLowerCase().split(';').map((piece) => piece.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    allowed.set(coding, !(quality !== undefined && Number(quality.slice(2)) === 0));
  }
  return allowed.get('gzip') ?? allowed.get('*') ?? false;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function setDefault(response: ServerResponse, name: string, value: string): void {
  if (!response.hasHeader(name)) response.setHeader(name, value);
}

function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ELOOP';
}
