/**
 * A reduced copy of the real site for fuzzing: the real site.md, every page,
 * service and collection entry, but only four locations (two shown in the
 * navigation, two not) and four published guides (with every draft and
 * scheduled one), so one build takes well under a second. Templates
 * and public/ are the real ones, used in place.
 */
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { listFiles, PROJECT_ROOT, TEST_SOURCE_DATE_EPOCH } from '../../support/site-build.ts';
import { collectionOfPath } from '../../../src/content/collections.ts';
import { collections } from '../../support/site-config.ts';
import { makeCacheBeside, makeTempDir } from '../../support/fixture-site.ts';

export interface ContentFile {
  /** Path under content/, e.g. `locations/noosa.md`. */
  relative: string;
  /** Path the build reports it by (relative to the copy's root), e.g. `content/locations/noosa.md`. */
  projectPath: string;
  text: string;
}

export interface ReducedSite {
  /** Root of the copy: the build's rootDir, so errors name `content/...`. */
  root: string;
  contentDir: string;
  templatesDir: string;
  publicDir: string;
  outDir: string;
  /** The build cache for in-process builds: the copy's own in memory, else the project's (the CLI's, defaultCacheDir). */
  cacheDir: string;
  files: ContentFile[];
  /** Writes one content file (or deletes it with null). */
  write(relative: string, contents: string | Uint8Array | null): void;
  /** Puts every file under content/ back as it was (collection files, content/redirects.md, anything else) and removes any added file. */
  restore(): void;
  /** How content/ differs from the copy as made: one line per added, missing or changed file (empty when whole). */
  differences(): string[];
  remove(): void;
}

const LOCATIONS_KEPT_PER_GROUP = 2;

function chooseLocations(contentDir: string): Set<string> {
  const names = readdirSync(path.join(contentDir, 'locations')).filter((name) => name.endsWith('.md')).sort();
  const featured: string[] = [];
  const other: string[] = [];
  for (const name of names) {
    const { data } = matter(readFileSync(path.join(contentDir, 'locations', name), 'utf8'));
    (data.featured === true ? featured : other).push(name);
  }
  return new Set([...featured.slice(0, LOCATIONS_KEPT_PER_GROUP), ...other.slice(0, LOCATIONS_KEPT_PER_GROUP)]);
}

const PUBLISHED_GUIDES_KEPT = 4;

/** Guides kept: every draft and scheduled one (dated after the pinned test date), and the first few published. */
function chooseGuides(contentDir: string): Set<string> {
  const names = readdirSync(path.join(contentDir, 'guides')).filter((name) => name.endsWith('.md')).sort();
  const unpublished = names.filter((name) => {
    const { data } = matter(readFileSync(path.join(contentDir, 'guides', name), 'utf8'));
    return data.draft === true || new Date(String(data.date)).getTime() / 1000 > TEST_SOURCE_DATE_EPOCH;
  });
  return new Set([...unpublished, ...names.filter((name) => !unpublished.includes(name)).slice(0, PUBLISHED_GUIDES_KEPT)]);
}

/**
 * `inMemory`: the copy, its output and a build cache of its own (makeCacheBeside) in memory
 * (MEMORY_TMP), for the in-process fuzz's ~300 builds; the CLI's cases keep the project's cache.
 */
export function createReducedSite({ inMemory = false }: { inMemory?: boolean } = {}): ReducedSite {
  const sourceRoot = PROJECT_ROOT;
  const sourceContent = path.join(sourceRoot, 'content');
  const kept = { locations: chooseLocations(sourceContent), guides: chooseGuides(sourceContent) };
  const root = makeTempDir('cleansite-fuzz-', inMemory ? 'memory' : 'disk');
  const contentDir = path.join(root, 'content');
  cpSync(sourceContent, contentDir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(sourceContent, source).split(path.sep).join('/');
      const [folder, name] = relative.split('/');
      return !(folder === 'locations' || folder === 'guides') || name === undefined || kept[folder].has(name);
    },
  });
  const outDir = path.join(root, 'out', 'dist');
  mkdirSync(path.dirname(outDir), { recursive: true });
  // Files of a content kind; content/redirects.md is read by the publish stage, not the content loader.
  const files = listFiles(contentDir).filter((relative) => relative.endsWith('.md') && collectionOfPath(relative, collections) !== undefined).map((relative) => ({
    relative,
    projectPath: `content/${relative}`,
    text: readFileSync(path.join(contentDir, relative), 'utf8'),
  }));
  // Every file, not only the collections': a case must get back exactly what it changed.
  const originals = new Map(listFiles(contentDir).map((relative) => [relative, readFileSync(path.join(contentDir, relative))]));
  const current = (relative: string): Buffer | undefined => {
    try {
      return readFileSync(path.join(contentDir, relative));
    } catch {
      return undefined;
    }
  };
  const differences = (): string[] => [
    ...listFiles(contentDir).filter((relative) => !originals.has(relative)).map((relative) => `content/${relative} was added`),
    ...[...originals].flatMap(([relative, bytes]) => {
      const now = current(relative);
      if (!now) return [`content/${relative} is missing`];
      return now.equals(bytes) ? [] : [`content/${relative} was changed`];
    }),
  ];

  return {
    root,
    contentDir,
    templatesDir: path.join(sourceRoot, 'templates'),
    publicDir: path.join(sourceRoot, 'public'),
    outDir,
    cacheDir: inMemory ? makeCacheBeside(root) : path.join(sourceRoot, '.cache'),
    files,
    write(relative, contents) {
      const target = path.join(contentDir, relative);
      if (contents === null) rmSync(target, { force: true });
      else {
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, contents);
      }
    },
    restore() {
      for (const relative of listFiles(contentDir)) {
        if (!originals.has(relative)) rmSync(path.join(contentDir, relative), { force: true });
      }
      for (const [relative, bytes] of originals) {
        if (current(relative)?.equals(bytes)) continue;
        mkdirSync(path.dirname(path.join(contentDir, relative)), { recursive: true });
        writeFileSync(path.join(contentDir, relative), bytes);
      }
    },
    differences,
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}
