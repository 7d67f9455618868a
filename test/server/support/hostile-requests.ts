/**
 * Generated hostile HTTP requests for the server fuzzer, as raw bytes: every
 * part a client controls (method, target, version, headers, ranges, body)
 * drawn from shapes known to break servers, plus how the bytes are sent
 * (at once, trickled, cut off, pipelined). The same seed gives the same
 * requests, so a failure can be replayed.
 */
import type { Random } from '../../fuzz/support/random.ts';

export interface HostileRequest {
  /** The whole request as written to the socket. */
  bytes: Buffer;
  /**
   * How it is sent: `whole`; in `trickle`d pieces; `abort`ed after `abortAfter` bytes; or `stall`ed
   * there (the connection held open, silent, then dropped).
   */
  delivery: 'whole' | 'trickle' | 'abort' | 'stall';
  abortAfter: number;
  /** A readable summary for failure messages. */
  label: string;
}

export interface RequestTargets {
  /** Paths that exist in the served folder, e.g. `/`, `/about/`, `/assets/site.css`. */
  servedPaths: string[];
  /** Names of files outside the folder (relative to the folder's parent) and their absolute paths. */
  outsideNames: string[];
  outsideAbsolute: string[];
  hostHeader: string;
}

/** Most requests are well-formed enough to reach the server's own code; the rest test the parser's edge. */
const METHODS = ['GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'HEAD', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND'];
const BROKEN_METHODS = ['CONNECT', 'get', 'GeT', 'G\u0000T', 'BREW', 'X'.repeat(300), ''];
const BROKEN_VERSIONS = ['HTTP/2.0', 'HTTP/0.9', 'HTTP/1.1 extra', 'HTTP/9.9', 'http/1.1', ''];

/** Ways to write "go up one folder" that a server might decode into `..`. */
const DOT_DOTS = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e', '%25252e%25252e', '%c0%ae%c0%ae', '%e0%80%ae%e0%80%ae', '%u002e%u002e', '..%00', '..%c0%af', '..%2f', '..%5c', '..\\', '%2e%2e%2f', '%2e%2e%5c', '...', '....//', '.%00.'];
const SEPARATORS = ['/', '/', '/', '//', '\\', '%2f', '%5c', '%252f', '%c0%af', '%e0%80%af', '/./', '/%2e/', ';/', '%00/'];
const ODD_SEGMENTS = ['%00', '%', '%%', '%zz', '%e0%a4%a', '%ff%fe', '%c3%28', '%ed%a0%80', 'caf%C3%A9', 'Caf\u00e9', '\u{1F600}', '%F0%9F%98%80', 'a b', 'a%20b', '~', '.git', '.well-known', '.env', '_headers', '_redirects', 'index.html', 'index.html%00.txt', 'index.html.', 'INDEX.HTML', 'index.html::$DATA', 'con', 'nul', '*', '?', '#', ';x=1', '%3f', '%23', '__cleansite', '__cleansite/events', '__cleansite/live-reload.js'];

export function generateRequest(random: Random, targets: RequestTargets): HostileRequest {
  const method = random.chance(0.06) ? random.pick(BROKEN_METHODS) : random.pick(METHODS);
  const target = generateTarget(random, targets);
  const version = random.chance(0.06) ? random.pick(BROKEN_VERSIONS) : random.pick(['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0']);
  const headers = generateHeaders(random, targets);
  const body = random.chance(0.15) ? generateBody(random, headers) : '';
  const text = `${method} ${target} ${version}\r\n${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}${headers.length > 0 ? '\r\n' : ''}\r\n${body}`;
  const bytes = Buffer.concat([Buffer.from(text, 'latin1'), random.chance(0.03) ? random.bytes(random.int(1, 200)) : Buffer.alloc(0)]);
  const roll = random.next();
  const delivery = roll < 0.03 ? 'trickle' : roll < 0.08 ? 'abort' : roll < 0.09 ? 'stall' : 'whole';
  return { bytes, delivery, abortAfter: random.int(0, bytes.length), label: `${delivery} ${JSON.stringify(`${method} ${target.slice(0, 120)} ${version}`)} ${JSON.stringify(headers.map(([name, value]) => `${name}: ${value.slice(0, 60)}`))}` };
}

function generateTarget(random: Random, targets: RequestTargets): string {
  const roll = random.next();
  if (roll < 0.35) return random.pick(targets.servedPaths) + maybeSuffix(random);
  if (roll < 0.4) return random.pick(targets.outsideAbsolute);
  if (roll < 0.43) return random.pick(['*', '', 'http://127.0.0.1/../', `http://${targets.hostHeader}/`, 'https://example.com/', '//example.com/', 'example.com', '/'.repeat(random.int(2, 50))]);
  if (roll < 0.45) return `/${'a'.repeat(random.int(1_000, 20_000))}`;
  if (roll < 0.47) return `/${Array.from({ length: random.int(100, 600) }, () => random.pick(DOT_DOTS)).join('/')}/${random.pick(targets.outsideNames)}`;
  // A path built from pieces: climbs, odd separators, odd segments, and names of the secret files.
  const parts: string[] = [];
  const count = random.int(1, 8);
  for (let index = 0; index < count; index++) {
    const piece = random.next();
    if (piece < 0.35) parts.push(random.pick(DOT_DOTS));
    else if (piece < 0.55) parts.push(random.pick(ODD_SEGMENTS));
    else if (piece < 0.75) parts.push(random.pick(targets.outsideNames));
    else parts.push(random.pick(targets.servedPaths).replace(/^\/|\/$/g, ''));
    parts.push(random.pick(SEPARATORS));
  }
  if (random.chance(0.5)) parts.pop();
  return `/${parts.join('')}${maybeSuffix(random)}`;
}

function maybeSuffix(random: Random): string {
  return random.pick(['', '', '', '', '', '', '?', '?a=1', '?..%2f..%2f', '#x', '?x#y', '%00', '/', '/..', '/.', '%2f', '\\', ';', `?${'q'.repeat(random.int(1, 4000))}`]);
}

function generateHeaders(random: Random, targets: RequestTargets): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const host = random.next();
  if (host < 0.85) headers.push(['Host', targets.hostHeader]);
  else if (host < 0.9) headers.push(['Host', random.pick(['attacker.example', 'localhost', '[::1]:1', '', '127.0.0.1:0', 'x'.repeat(500), '127.0.0.1\u0000'])]);
  else if (host < 0.93) headers.push(['Host', targets.hostHeader], ['Host', 'attacker.example']);
  // Most requests ask to close, so each one is one connection; the others test keep-alive being cut.
  if (random.chance(0.85)) headers.push(['Connection', random.pick(['close', 'close', 'Close', 'keep-alive, close', 'Upgrade, close'])]);
  if (random.chance(0.5)) headers.push(...generateRange(random));
  if (random.chance(0.1)) headers.push(['If-None-Match', random.pick(['*', 'W/"1-2"', '"x"', '', 'W/', '"a", W/"b"', '\u00ff'.repeat(50)])]);
  if (random.chance(0.08)) headers.push(['If-Modified-Since', random.pick(['Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT', 'yesterday', '', '-1'])]);
  if (random.chance(0.05)) headers.push(['If-Range', random.pick(['"x"', 'W/"x"', 'Thu, 01 Jan 1970 00:00:00 GMT', 'garbage'])]);
  if (random.chance(0.05)) headers.push(['Expect', random.pick(['100-continue', 'nonsense'])]);
  if (random.chance(0.03)) headers.push(['Upgrade', 'websocket']);
  if (random.chance(0.04)) headers.push(['Accept-Encoding', random.pick(['gzip, br', 'identity;q=0', '*'.repeat(1000)])]);
  if (random.chance(0.04)) headers.push([random.pick(['X-Odd', 'x\u0000y', 'Bad Name', '', ':authority', 'Transfer-Encoding']), random.pick(['', ' ', '\u00e9\u00ff', 'chunked', 'x'.repeat(random.int(1, 20_000))])]);
  if (random.chance(0.02)) for (let index = 0; index < random.int(50, 300); index++) headers.push([`X-Many-${index}`, 'y']);
  if (random.chance(0.02)) headers.push(['X-Folded', 'first\r\n continued (obsolete line folding)']);
  return headers;
}

function generateRange(random: Random): Array<[string, string]> {
  const n = () => String(random.pick([0, 1, 5, 9, 10, 50, 99, 100, 101, 1_000, 65_535, 1_000_000, 2 ** 31, 2 ** 53, random.int(0, 100_000)]));
  const spec = () => random.pick([
    `${n()}-${n()}`, `${n()}-`, `-${n()}`, '-', '', `${n()}`, `-${n()}-${n()}`, `${n()}--${n()}`, `+${n()}-${n()}`,
    `${n()}.5-${n()}`, `0x${n()}-`, `${'9'.repeat(random.int(16, 400))}-`, `-${'9'.repeat(random.int(16, 400))}`, ` ${n()} - ${n()} `,
  ]);
  // Half are well-formed single ranges, so 206 and 416 are reached as often as the refusals.
  if (random.chance(0.5)) return [['Range', `bytes=${random.pick([`${n()}-${n()}`, `${n()}-`, `-${n()}`])}`]];
  const unit = random.pick(['bytes', 'bytes', 'bytes', 'BYTES', 'items', '', 'bytes ', 'byte']);
  const count = random.pick([1, 1, 1, 2, 3, random.int(10, 500)]);
  const value = `${unit}=${Array.from({ length: count }, spec).join(random.pick([',', ', ', ',,']))}`;
  const headers: Array<[string, string]> = [['Range', random.chance(0.05) ? value.replace('=', '') : value]];
  // Repeated Range headers are joined by Node; they must be as harmless as one.
  if (random.chance(0.05)) headers.push(['Range', `bytes=${spec()}`]);
  return headers;
}

function generateBody(random: Random, headers: Array<[string, string]>): string {
  const body = random.bytes(random.int(0, 3_000)).toString('latin1');
  const framing = random.next();
  if (framing < 0.4) headers.push(['Content-Length', String(body.length)]);
  else if (framing < 0.55) headers.push(['Content-Length', String(random.pick([0, body.length + 100, -1, 2 ** 53]))]);
  else if (framing < 0.75) {
    headers.push(['Transfer-Encoding', 'chunked']);
    return `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  } else if (framing < 0.85) {
    headers.push(['Transfer-Encoding', 'chunked'], ['Content-Length', String(body.length)]);
  } else if (framing < 0.9) {
    headers.push(['Transfer-Encoding', 'chunked']);
    return `zz\r\n${body}`;
  }
  return body;
}
