/**
 * Worker threads run compiled entry points: bin/cleansite.mjs compiles each
 * (render-worker.mjs, watch-render-worker.mjs) next to the compiled CLI, whose
 * chunks live one folder further down. Undefined when running from source
 * (tests), where callers do the work in the calling thread instead.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function compiledWorkerFile(name: string, from: string = import.meta.url): string | undefined {
  const here = path.dirname(fileURLToPath(from));
  return [path.join(here, `${name}.mjs`), path.join(here, '..', `${name}.mjs`)].find(isFile);
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
