/**
 * A fingerprint of the generator's own code and of React, salted into every
 * cache key: output cached by other code (an upgrade, or a change to src/
 * during development) is never reused. Sizes and modification times of the
 * code files, not their bytes: a stat each, about a millisecond in all.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashText } from '../core/hash-text.ts';

let known: string | undefined;

export function codeVersion(): string {
  known ??= computeCodeVersion(path.dirname(fileURLToPath(import.meta.url)));
  return known;
}

function computeCodeVersion(here: string): string {
  const root = findCodeRoot(here);
  const parts: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(m?js|tsx?)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { size, mtimeMs } = statSync(file);
    parts.push(`${path.relative(root, file)}:${size}:${mtimeMs}`);
  }
  const require = createRequire(import.meta.url);
  for (const name of ['react', 'react-dom']) {
    try {
      parts.push(`${name}@${(require(`${name}/package.json`) as { version: string }).version}`);
    } catch {
      parts.push(`${name}@?`);
    }
  }
  return hashText(parts.sort().join('\n'));
}

/** The folder holding the CLI entry: src/ when run from source, lib/cli/ when compiled. */
function findCodeRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'cli.ts')) || existsSync(path.join(dir, 'cli.mjs'))) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}
