/**
 * The parsed and validated content files, kept between rebuilds so an edit
 * re-reads and re-validates only the file that changed (an unchanged file
 * keeps the very same entry object, which also makes comparing old and new
 * content cheap). Assembling sorts the entries and derives the route table
 * and navigation, exactly as `build` does (src/build.ts loadSite).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedSite } from '../build.ts';
import { listContentFiles } from '../content/list-content-files.ts';
import type { SiteConfig } from '../config/site-config.ts';
import { collectionOfPath } from '../content/collections.ts';
import { parseSourceFile, toProjectPath, type SourceFile } from '../content/load-content.ts';
import { decodeSourceText } from '../content/source-text.ts';
import { assembleContent, validateSource, type ValidatedEntry } from '../content/validate-content.ts';
import { CleansiteError } from '../core/errors.ts';
import { buildNavigation } from '../routes/navigation.ts';
import { buildRouteTable } from '../routes/route-table.ts';

export interface ContentSources {
  /**
   * Re-reads changed files (content-relative paths). With `relist`, the
   * folder is listed again to pick up added and deleted files. Returns the
   * kinds whose files were touched.
   */
  update(relatives: string[], relist: boolean): Promise<Set<string>>;
  /** Validates everything and builds the route table and navigation; throws a CleansiteErrorList. */
  assemble(baseUrl: string | undefined): LoadedSite;
}

/** One file after loading: its entry, or the problems that keep it out. */
type Checked = { entry: ValidatedEntry | undefined; errors: CleansiteError[] };

export async function loadContentSources(contentDir: string, rootDir: string, config: SiteConfig): Promise<ContentSources> {
  const { collections } = config;
  const files = new Map<string, Checked>();
  const read = async (relative: string) => files.set(relative, await readSource(contentDir, rootDir, relative, config));
  // Links the listing refused (see list-content-files.ts): replaced whenever the folder is listed again.
  let refused: CleansiteError[] = [];
  const list = async () => {
    const listing = await listContentFiles(contentDir, rootDir, collections);
    refused = listing.problems;
    return listing.files;
  };
  await Promise.all((await list()).map(read));

  return {
    async update(relatives, relist) {
      const touched = new Set<string>();
      const touch = (relative: string) => {
        const kind = collectionOfPath(relative, collections);
        if (kind) touched.add(kind);
      };
      if (relist) {
        const present = new Set(await list());
        for (const relative of [...files.keys()]) {
          if (!present.has(relative)) {
            files.delete(relative);
            touch(relative);
          }
        }
        for (const relative of present) {
          if (!files.has(relative)) {
            await read(relative);
            touch(relative);
          }
        }
      }
      for (const relative of relatives) {
        if (!files.has(relative)) continue;
        await read(relative);
        touch(relative);
      }
      return touched;
    },
    assemble(baseUrl) {
      const validated: ValidatedEntry[] = [];
      const errors: CleansiteError[] = [...refused];
      for (const relative of [...files.keys()].sort()) {
        const checked = files.get(relative)!;
        if (checked.entry) validated.push(checked.entry);
        errors.push(...checked.errors);
      }
      const content = assembleContent(collections, validated, errors);
      const table = buildRouteTable(config, content);
      const navigation = buildNavigation(config, content, table);
      const settings = config.settings(content);
      return { content, table, navigation, baseUrl: baseUrl ?? settings.baseUrl, siteName: settings.name };
    },
  };
}

async function readSource(contentDir: string, rootDir: string, relative: string, { collections }: SiteConfig): Promise<Checked> {
  const absolute = path.join(contentDir, relative);
  const file = toProjectPath(rootDir, absolute);
  let source: SourceFile;
  try {
    source = parseSourceFile(await readSettled(absolute, file), relative, file, collections);
  } catch (error) {
    const problem = error instanceof CleansiteError
      ? error
      : new CleansiteError({ code: 'CONTENT_PARSE', message: `cannot read file: ${(error as Error).message}`, location: { file }, cause: error });
    return { entry: undefined, errors: [problem] };
  }
  const errors: CleansiteError[] = [];
  const entry = validateSource(source, errors, collections);
  return { entry: entry ? { kind: source.kind, entry } : undefined, errors };
}

/**
 * Editors that save in place truncate the file and then write it. On a busy
 * machine the watcher can see the empty file in between (it looks finished:
 * its size is stable at 0), so an empty file is given a moment to fill
 * before it is parsed (and reported, if it really is empty).
 */
async function readSettled(absolute: string, file: string): Promise<string> {
  let bytes = await readFile(absolute);
  for (let attempt = 0; bytes.length === 0 && attempt < 4; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    bytes = await readFile(absolute);
  }
  return decodeSourceText(bytes, file);
}
