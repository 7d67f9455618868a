/**
 * Finds where in the template sources a render error was thrown. The
 * compiled template module carries an inline source map; the error's stack
 * names a line of that module, and the map turns it back into the .tsx file
 * and line the developer edits.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toProjectPath } from '../content/load-content.ts';
import { CleansiteError, type ErrorLocation } from '../core/errors.ts';

const FRAME = /(file:\/\/[^\s()]+?\/templates-[0-9a-f]+\.mjs):(\d+):(\d+)/g;
const maps = new Map<string, SourceMap | undefined>();

/** The first stack frame inside the compiled templates, as a source location; undefined when there is none. */
export function locateTemplateFrame(stack: string, rootDir: string, compileDir = process.cwd()): ErrorLocation | undefined {
  for (const match of stack.matchAll(FRAME)) {
    const modulePath = fileURLToPath(match[1]!);
    const map = readSourceMap(modulePath);
    const entry = map?.findEntry(Number(match[2]) - 1, Number(match[3]) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
    if (!entry?.originalSource || entry.originalLine === undefined) continue;
    const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(compileDir, entry.originalSource);
    return { file: toProjectPath(rootDir, source), line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
  }
  return undefined;
}

/** A render error reported at the template's own file and line, with the content file being rendered in the hint. */
export function pointAtTemplate(error: CleansiteError, rootDir: string): CleansiteError {
  const stack = error.cause instanceof Error ? error.cause.stack : undefined;
  const frame = stack ? locateTemplateFrame(stack, rootDir) : undefined;
  if (!frame) return error;
  const rendering = error.location ? `while rendering ${error.location.file}` : 'while rendering';
  return new CleansiteError({ code: error.code, message: error.message, hint: `the template threw ${rendering}; fix it and save`, location: frame, cause: error.cause });
}

function readSourceMap(modulePath: string): SourceMap | undefined {
  if (!maps.has(modulePath)) {
    // One module at a time is ever current; forget older ones.
    maps.clear();
    try {
      const inline = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(readFileSync(modulePath, 'utf8'));
      maps.set(modulePath, inline ? new SourceMap(JSON.parse(Buffer.from(inline[1]!, 'base64').toString('utf8'))) : undefined);
    } catch {
      maps.set(modulePath, undefined);
    }
  }
  return maps.get(modulePath);
}
