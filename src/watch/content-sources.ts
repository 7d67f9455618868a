/**
 * The parsed content files, kept between rebuilds so an edit re-reads only
 * the file that changed. Assembling validates the lot and derives the route
 * table and navigation, exactly as `build` does (src/build.ts loadSite).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedSite } from '../build.ts';
import { kindOfPath, listContentFiles, parseSourceFile, toProjectPath, type SourceFile } from '../content/load-content.ts';
import type { ContentKind } from '../content/schemas.ts';
import { validateContent } from '../content/validate-content.ts';
import { CleansiteError } from '../core/errors.ts';
import { buildNavigation } from '../routes/navigation.ts';
import { buildRouteTable } from '../routes/route-table.ts';

export interface ContentSources {
  /**
   * Re-reads changed files (content-relative paths). With `relist`, the
   * folder is listed again to pick up added and deleted files. Returns the
   * kinds whose files were touched.
   */
  update(relatives: string[], relist: boolean): Promise<Set<ContentKind>>;
  /** Validates everything and builds the route table and navigation; throws a CleansiteErrorList. */
  assemble(baseUrl: string | undefined): LoadedSite;
}

type Parsed = SourceFile | CleansiteError;

export async function loadContentSources(contentDir: string, rootDir: string): Promise<ContentSources> {
  const files = new Map<string, Parsed>();
  const read = async (relative: string) => files.set(relative, await readSource(contentDir, rootDir, relative));
  await Promise.all((await listContentFiles(contentDir)).map(read));

  return {
    async update(relatives, relist) {
      const touched = new Set<ContentKind>();
      const touch = (relative: string) => {
        const kind = kindOfPath(relative);
        if (kind) touched.add(kind);
      };
      if (relist) {
        const present = new Set(await listContentFiles(contentDir));
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
      const sources: SourceFile[] = [];
      const errors: CleansiteError[] = [];
      for (const relative of [...files.keys()].sort()) {
        const parsed = files.get(relative)!;
        if (parsed instanceof CleansiteError) errors.push(parsed);
        else sources.push(parsed);
      }
      const content = validateContent(sources, errors);
      const table = buildRouteTable(content);
      const navigation = buildNavigation(content, table);
      return { content, table, navigation, baseUrl: baseUrl ?? content.site.baseUrl };
    },
  };
}

async function readSource(contentDir: string, rootDir: string, relative: string): Promise<Parsed> {
  const absolute = path.join(contentDir, relative);
  const file = toProjectPath(rootDir, absolute);
  try {
    return parseSourceFile(await readFile(absolute, 'utf8'), relative, file);
  } catch (error) {
    if (error instanceof CleansiteError) return error;
    return new CleansiteError({ code: 'CONTENT_PARSE', message: `cannot read file: ${(error as Error).message}`, location: { file }, cause: error });
  }
}
