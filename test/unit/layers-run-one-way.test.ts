/**
 * The engine's layers import one way (docs/architecture.md, "Layers"):
 * cli -> commands -> build / watch -> session -> (render, publish) ->
 * (assets, output) -> routes -> content -> config -> cache -> core. A module
 * may import from its own folder and from any folder below its own, never
 * from one above or beside it. The one exception is a type-only import of
 * the site's declaration contract (config/site-config.ts), which names the
 * routes and entries the layers above it make.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

/** Each folder of src/ (or top-level module) and its height; equal heights may not import each other. */
export const LAYERS: Record<string, number> = {
  core: 0, cache: 1, feeds: 1, config: 2, content: 3, routes: 4, assets: 5, output: 5, render: 6, publish: 6,
  session: 7, deploy: 7, server: 7, watch: 8, build: 9, commands: 10, cli: 11, index: 11,
};

/** Type-only imports allowed to point upward: the declaration contract naming what the layers above make. */
const CONTRACT_TYPES = new Set(['config/site-config.ts -> content/entry-types.ts', 'config/site-config.ts -> routes/route-table.ts']);

/** Every relative import of the modules in `files` (paths under src/, forward slashes), with whether it is type-only. */
export function importsOf(files: Record<string, string>): Array<{ from: string; to: string; typeOnly: boolean }> {
  const found: Array<{ from: string; to: string; typeOnly: boolean }> = [];
  for (const [file, text] of Object.entries(files)) {
    for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/gms)) {
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[2] ?? match[3]!));
      found.push({ from: file, to, typeOnly: Boolean(match[1]) });
    }
  }
  return found;
}

const layerOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file.replace(/\.ts$/, ''));

/** The imports that break the layering, as `from -> to`. */
export function wrongWay(files: Record<string, string>): string[] {
  return importsOf(files).flatMap(({ from, to, typeOnly }) => {
    const [a, b] = [layerOf(from), layerOf(to)];
    if (a === b) return [];
    const edge = `${from} -> ${to}`;
    if (typeOnly && CONTRACT_TYPES.has(edge)) return [];
    if (LAYERS[a] === undefined || LAYERS[b] === undefined) return [`${edge} (a folder with no layer: add it to LAYERS)`];
    return LAYERS[b]! < LAYERS[a]! ? [] : [edge];
  });
}

function sources(): Record<string, string> {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  return Object.fromEntries(files.map((file) => [file.split(path.sep).join('/'), readFileSync(path.join(src, file), 'utf8')]));
}

describe('the layers run one way', () => {
  it('no module in src/ imports from a layer above or beside its own', () => {
    expect(wrongWay(sources())).toEqual([]);
  });

  it('every folder of src/ has a layer', () => {
    const folders = readdirSync(src, { withFileTypes: true }).map((entry) => (entry.isDirectory() ? entry.name : entry.name.replace(/\.ts$/, ''))).filter((name) => !name.endsWith('.js'));
    expect(folders.filter((name) => LAYERS[name] === undefined)).toEqual([]);
  });

  it('finds an upward import, a sideways one, a dynamic one and a type-only one', () => {
    expect(wrongWay({
      'cache/a.ts': "import { x } from '../session/session.ts';",
      'render/b.ts': "import type { Y } from '../publish/rules.ts';",
      'content/c.ts': "const m = await import('../render/render-page.ts');",
      'core/d.ts': "export { z } from '../config/site-api.ts';",
      'session/e.ts': "import { ok } from '../render/render-pool.ts';\nimport type { Fine } from './page-manifest.ts';",
    })).toEqual([
      'cache/a.ts -> session/session.ts',
      'render/b.ts -> publish/rules.ts',
      'content/c.ts -> render/render-page.ts',
      'core/d.ts -> config/site-api.ts',
    ]);
  });
});
