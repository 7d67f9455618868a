/**
 * `build --json`: the build's summary as one JSON object, for scripts and CI
 * (docs/performance.md, "Build summary"). Its shape is a contract: fields
 * are added, never renamed or removed.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { BuildSummary } from '../build.ts';
import { toErrorList, type CleansiteError } from '../core/errors.ts';
import type { StageTime } from '../core/progress.ts';
import type { LeftOutEntry } from '../routes/publish-entries.ts';

export interface JsonProblem {
  code: string;
  message: string;
  file?: string;
  line?: number;
  hint?: string;
}

export interface JsonBuildSummary {
  ok: boolean;
  outDir: string;
  pages: number;
  /** Pages rendered, and pages taken unchanged from the previous output. */
  rendered: number;
  reused: number;
  /** True when nothing had changed and the output was left as it was. */
  upToDate: boolean;
  files: number;
  bytes: number;
  milliseconds: number;
  /** Each stage's wall time, in the order the stages ended; stages run side by side, so they overlap. */
  stages: StageTime[];
  warnings: string[];
  /** Pages that failed to render (only with --keep-going: they hold the error screen). */
  failed: JsonProblem[];
  /** Entries the build left out: drafts, and entries scheduled after the build date (with that date). */
  leftOut: LeftOutEntry[];
  /** Content the build did not read, by convention: folders named with a leading `_` or `.`. */
  ignoredFolders: Array<{ folder: string; files: number }>;
}

export function toJsonSummary(summary: BuildSummary, extra: { outDir: string; stages: readonly StageTime[]; warnings: string[]; ignoredFolders: JsonBuildSummary['ignoredFolders'] }): JsonBuildSummary {
  return {
    ok: summary.errors.length === 0,
    outDir: extra.outDir,
    pages: summary.pages,
    rendered: summary.rendered ?? summary.pages,
    reused: summary.reused ?? 0,
    upToDate: summary.upToDate === true,
    files: summary.files,
    bytes: summary.bytes,
    milliseconds: Math.round(summary.milliseconds),
    stages: [...extra.stages],
    warnings: extra.warnings,
    failed: summary.errors.map(toProblem),
    leftOut: summary.leftOut ?? [],
    ignoredFolders: extra.ignoredFolders,
  };
}

/** A build that failed as a whole: `ok: false` and its problems, each naming its file. */
export function toJsonFailure(error: unknown): { ok: false; errors: JsonProblem[] } {
  return { ok: false, errors: toErrorList(error).map(toProblem) };
}

function toProblem(error: CleansiteError): JsonProblem {
  return { code: error.code, message: error.message, file: error.location?.file, line: error.location?.line, hint: error.hint };
}

/** Top-level content folders named `_drafts`, `.notes`...: the content loader skips them (list-content-files.ts). */
export function ignoredContentFolders(contentDir: string): JsonBuildSummary['ignoredFolders'] {
  const folders = readdirSync(contentDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && /^[._]/.test(entry.name));
  return folders.map((folder) => ({ folder: folder.name, files: countMarkdown(path.join(contentDir, folder.name), 0) })).sort((a, b) => a.folder.localeCompare(b.folder));
}

function countMarkdown(dir: string, depth: number): number {
  if (depth > 8) return 0;
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countMarkdown(path.join(dir, entry.name), depth + 1);
    else if (entry.isFile() && entry.name.endsWith('.md')) count++;
  }
  return count;
}
