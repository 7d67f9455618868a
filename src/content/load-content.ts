/**
 * Stage 1, load: split each content file (found by list-content-files.ts,
 * read and decoded by parse-sources.ts) into front-matter data and body. Nothing is
 * validated here beyond "it parses" and "its aliases stay within the bound"
 * (front-matter-size.ts); YAML errors become CleansiteErrors with the file's
 * own line number.
 */
import path from 'node:path';
import matter from 'gray-matter';
import { CleansiteError } from '../core/errors.ts';
import { checkFrontMatterSize } from './front-matter-size.ts';
import { collectionOfPath, type Collections } from './collections.ts';

export interface SourceFile {
  /** The name of the collection the file belongs to. */
  kind: string;
  /** Path relative to the project root, forward slashes. */
  file: string;
  /** Path relative to the content folder, forward slashes. */
  relative: string;
  data: Record<string, unknown>;
  body: string;
  /** The raw front-matter text, for mapping a field to its line. */
  frontMatter: string;
  /** 1-based line in the file where the body starts. */
  bodyLine: number;
}

const refuseCodeEngine = () => {
  throw new Error('front-matter must be YAML; executable front-matter (---js) is not allowed');
};
// gray-matter evaluates `---js` front-matter with eval(); content must never run code.
const matterOptions = { engines: { js: refuseCodeEngine, javascript: refuseCodeEngine, coffee: refuseCodeEngine } };

export function parseSourceFile(text: string, relative: string, file: string, collections: Collections): SourceFile {
  const kind = collectionOfPath(relative, collections);
  if (!kind) {
    throw new CleansiteError({ code: 'CONTENT_PARSE', message: 'file is not in a known content folder', location: { file } });
  }
  return { kind, relative, ...parseFrontMatter(text, file) };
}

/** A content file's text split into its checked front-matter data and its body: the one front-matter parser. */
export function parseFrontMatter(text: string, file: string): { file: string; data: Record<string, unknown>; body: string; frontMatter: string; bodyLine: number } {
  if (text.includes('\u0000')) {
    throw new CleansiteError({
      code: 'CONTENT_PARSE',
      message: 'file is binary, not Markdown text',
      hint: 'content files must be UTF-8 Markdown with YAML front-matter',
      location: { file },
    });
  }
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!normalised.startsWith('---')) {
    throw new CleansiteError({
      code: 'CONTENT_PARSE',
      message: 'missing YAML front-matter: the file must start with a line of three dashes (---)',
      location: { file, line: 1 },
    });
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(normalised, matterOptions);
  } catch (error) {
    throw yamlError(error, file);
  }
  const data = parsed.data ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new CleansiteError({ code: 'CONTENT_PARSE', message: 'front-matter must be a YAML mapping of field: value', location: { file, line: 2 } });
  }
  const frontMatter = parsed.matter.replace(/^\n/, '');
  checkFrontMatterSize(data as Record<string, unknown>, frontMatter, file);
  const bodyLine = normalised.slice(0, normalised.length - parsed.content.length).split('\n').length;
  return { file, data: data as Record<string, unknown>, body: parsed.content, frontMatter, bodyLine };
}

function yamlError(error: unknown, file: string): CleansiteError {
  const yaml = error as { reason?: string; mark?: { line: number; column: number }; message?: string };
  // gray-matter hands js-yaml the text after the opening ---, newline included, so
  // js-yaml's 0-based line is one less than the file's 1-based line.
  const line = yaml.mark ? yaml.mark.line + 1 : undefined;
  const column = yaml.mark ? yaml.mark.column + 1 : undefined;
  const reason = yaml.reason ?? yaml.message ?? String(error);
  return new CleansiteError({
    code: 'CONTENT_PARSE',
    message: `invalid YAML front-matter: ${reason}`,
    hint: 'check indentation, and quote values that contain a colon or start with a special character',
    location: { file, line, column },
    cause: error,
  });
}

export function toProjectPath(rootDir: string, absolute: string): string {
  const relative = path.relative(rootDir, absolute);
  return (relative.startsWith('..') ? absolute : relative).split(path.sep).join('/');
}
