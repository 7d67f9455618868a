/** Small build folders written by the tests: a few pages, a hashed asset, public files. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../../support/fixture-site.ts';
import { writeOutputMarker } from '../../../src/output/output-marker.ts';

export type DistFiles = Record<string, string | Buffer>;

const temporary: string[] = [];

/** A build folder as `cleansite build` leaves it: the files, and the marker deploy requires. */
export function writeDist(files: DistFiles): string {
  const dir = makeTempDir('cleansite-deploy-dist-');
  temporary.push(dir);
  writeOutputMarker(dir, 'build', 'complete');
  for (const [relative, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), content);
  }
  return dir;
}

export function removeDists(): void {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const page = (title: string, css: string) => `<!DOCTYPE html><html><head><title>${title}</title><link rel="stylesheet" href="/${css}"></head><body><h1>${title}</h1></body></html>\n`;

/** A site whose pages reference `css`; two of these differ only in a same-length asset hash. */
export function siteFiles(css = 'assets/site.0123456789.css', extra: DistFiles = {}): DistFiles {
  return {
    'index.html': page('Home', css),
    'about/index.html': page('About', css),
    'services/index.html': page('Services', css),
    '404.html': page('Not found', css),
    [css]: `body{color:#${css.slice(-8, -4)}}`,
    'images/og.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    'favicon.ico': Buffer.from([0, 0, 1, 0]),
    'sitemap.xml': '<?xml version="1.0" encoding="UTF-8"?><urlset/>\n',
    'robots.txt': 'User-agent: *\nAllow: /\n',
    _headers: '/*\n  X-Frame-Options: DENY\n',
    ...extra,
  };
}
