/**
 * A generated site for the tests that need many pages (test/perf/bounded-memory, parallel-render):
 * the committed content with its locations replaced by `locations` generated ones (the
 * benchmark's own generator, bench/generate-site.mjs), in a temporary folder in memory made before the
 * file's first test and removed after its last. The real templates and public files are used in place.
 *
 *   const site = useGeneratedSite('cleansite-memory-', 4000);
 *   site.root; site.contentDir; site.locationFiles; site.editFile(file, 1);
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
// @ts-expect-error plain ESM helper shared with the benchmark
import { editFile, generateSite } from '../../bench/generate-site.mjs';
import { makeTempDir } from './fixture-site.ts';
import { PROJECT_ROOT } from './site-build.ts';

export interface GeneratedSite {
  /** The temporary folder; outputs and copies go under it. */
  readonly root: string;
  /** `<root>/content`, the generated content. */
  readonly contentDir: string;
  /** The generated location files, in order. */
  readonly locationFiles: string[];
  /** The benchmark's edit of a location file (its body says `Benchmark edit number <run>`). */
  editFile(file: string, run: number): void;
}

export function useGeneratedSite(prefix: string, locations: number): GeneratedSite {
  // Filled in before the first test (read the fields inside tests and hooks, not while collecting them).
  const site = { root: '', contentDir: '', locationFiles: [] as string[], editFile: (file: string, run: number) => void editFile(file, run) };
  beforeAll(() => {
    // In memory (MEMORY_TMP): thousands of pages written, copied and compared; image variants are
    // copied into the outputs from the CLI's cache on the disk (place-image-files.ts's fallback).
    site.root = makeTempDir(prefix, 'memory');
    site.contentDir = path.join(site.root, 'content');
    site.locationFiles = generateSite(path.join(PROJECT_ROOT, 'content'), site.contentDir, locations) as string[];
  });
  afterAll(() => {
    if (site.root) rmSync(site.root, { recursive: true, force: true });
  });
  return site;
}
