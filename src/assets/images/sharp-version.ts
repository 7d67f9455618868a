import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

let cached: string | undefined;

/**
 * sharp's version, part of the cache key. Read from its package.json rather
 * than by importing sharp: loading the native module costs ~150 ms, which a
 * build with every image cached must not pay.
 */
export function readSharpVersion(): string {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('sharp'));
  while (!readPackageName(dir)) {
    const parent = path.dirname(dir);
    if (parent === dir) return (cached = 'unknown');
    dir = parent;
  }
  cached = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  return cached;
}

function readPackageName(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'sharp';
  } catch {
    return false;
  }
}
