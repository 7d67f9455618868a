/**
 * Markup many pages share (see TemplateProps.shared), rendered once per key
 * in each render thread. While a page renders, each shared() call returns a
 * marker (private-use characters, which React writes unescaped); after the
 * page is rendered, every marker is replaced by the key's markup, rendering
 * it on first use. The data units a chunk read count for every page that
 * uses it, so the page cache stays exact. The 2nd, 4th, 8th... page that
 * uses a key renders it again and compares: a key that misses something the
 * markup depends on fails the build instead of spreading one page's markup.
 * (Only a build with shareChunks: false proves a key right on every page;
 * the project's tests compare the two.)
 */
import { randomBytes } from 'node:crypto';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { UnitRecorder } from './record-units.ts';
import { CleansiteError } from '../core/errors.ts';
import type { Route } from '../routes/route-table.ts';
import type { TemplateProps } from './page-props.ts';

interface Chunk {
  html: string;
  units: string[];
  /** The page it was first rendered for, and how many pages have used it. */
  firstPath: string;
  uses: number;
}

interface Request {
  key: string;
  render: () => ReactNode;
}

export interface SharedChunks {
  /** Props whose shared() defers to this cache; `finish` splices the chunks into the page's HTML. */
  forPage(props: TemplateProps, route: Route, recorder?: UnitRecorder): { props: TemplateProps; finish(html: string): string };
}

export function createSharedChunks(): SharedChunks {
  const chunks = new Map<string, Chunk>();
  const nonce = randomBytes(6).toString('hex');
  let rendering = false;

  const renderChunk = (request: Request, recorder: UnitRecorder | undefined) => {
    rendering = true;
    try {
      const render = () => renderToStaticMarkup(request.render());
      return recorder ? recorder.capture(render) : { result: render(), units: [] };
    } finally {
      rendering = false;
    }
  };

  /** The key's markup: rendered on first use, and on the 2nd, 4th, 8th... use rendered again and compared. */
  const markupOf = (request: Request, route: Route, recorder: UnitRecorder | undefined): string => {
    let chunk = chunks.get(request.key);
    if (!chunk) {
      const { result: markup, units } = renderChunk(request, recorder);
      chunk = { html: markup, units, firstPath: route.path, uses: 1 };
      chunks.set(request.key, chunk);
      return chunk.html;
    }
    recorder?.add(chunk.units);
    chunk.uses++;
    if ((chunk.uses & (chunk.uses - 1)) === 0 && chunk.firstPath !== route.path) {
      const again = renderChunk(request, recorder).result;
      if (again !== chunk.html) throw keyMismatch(request.key, chunk.firstPath, route);
    }
    return chunk.html;
  };

  return {
    forPage(props, route, recorder) {
      const requests: Request[] = [];
      const shared = (key: string, render: () => ReactNode): ReactNode => {
        // A chunk inside a chunk is simply part of it.
        if (rendering) return render();
        requests.push({ key, render });
        return `\uE000${nonce}:${requests.length - 1}\uE001`;
      };
      const pageProps = new Proxy(props, {
        get: (target, key) => (key === 'shared' ? shared : target[key as keyof TemplateProps]),
      });
      return {
        props: pageProps,
        finish(html) {
          const markups = requests.map((request) => markupOf(request, route, recorder));
          // One native pass: the page split at every marker's private-use prefix.
          const parts = html.split(`\uE000${nonce}:`);
          const placed = new Set<number>();
          let result = parts[0]!;
          let before = result;
          for (let part = 1; part < parts.length; part++) {
            const text = parts[part]!;
            const end = text.indexOf('\uE001');
            const index = Number(text.slice(0, end));
            const request = requests[index];
            // React escapes every "<" in text, so a marker after an unclosed "<" sits inside a tag.
            if (end === -1 || !request || placed.has(index) || before.lastIndexOf('<') > before.lastIndexOf('>')) throw misplaced(request?.key ?? '?', route);
            placed.add(index);
            before = text.slice(end + 1);
            result += markups[index] + before;
          }
          const missing = requests.find((_, index) => !placed.has(index));
          if (missing) throw misplaced(missing.key, route);
          return result;
        },
      };
    },
  };
}

function keyMismatch(key: string, firstPath: string, route: Route): CleansiteError {
  return new CleansiteError({
    code: 'RENDER_FAILED',
    message: `shared markup "${key}" renders differently on ${route.path} than on ${firstPath}`,
    hint: 'the key passed to shared() must name everything that markup shows that differs between pages (for example the current path)',
    location: { file: route.source },
  });
}

function misplaced(key: string, route: Route): CleansiteError {
  return new CleansiteError({
    code: 'RENDER_FAILED',
    message: `${route.path}: the markup of shared("${key}") must be rendered exactly once, as a child element`,
    hint: 'use the value shared() returns as a child, not in an attribute, and do not repeat it',
    location: { file: route.source },
  });
}
