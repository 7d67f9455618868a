/** Content loaded from files written into a throwaway project, for the loader's unit tests. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadContentCached } from '../../../src/content/content-loader.ts';
import { CleansiteErrorList } from '../../../src/core/errors.ts';
import { makeTempDir } from '../../support/fixture-site.ts';
import { collections } from '../../support/site-config.ts';

/** Loads `files` (content-relative path -> text) as the content folder of a project in a temp folder: its problems (formatted, with hints) or its content. */
export async function load(files: Record<string, string>, use: Record<string, unknown> = collections): Promise<{ problems: string[]; content?: Record<string, unknown> }> {
  const root = makeTempDir('cleansite-yaml-lines-');
  try {
    for (const [relative, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, 'content', relative)), { recursive: true });
      writeFileSync(path.join(root, 'content', relative), text);
    }
    const loaded = await loadContentCached({ contentDir: path.join(root, 'content'), rootDir: root, collections: use as typeof collections, codeVersion: 'unit-test' });
    return { problems: [], content: loaded.content };
  } catch (error) {
    if (!(error instanceof CleansiteErrorList)) throw error;
    return { problems: error.errors.map((problem) => `${problem.format()}${problem.hint ? ` [hint: ${problem.hint}]` : ''}`) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

