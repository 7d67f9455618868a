/**
 * Everything the output holds besides pages (public files, stylesheet,
 * script, image variants, sitemap.xml, robots.txt), described by size and
 * what each was made from. When the pages and these (and, in a production
 * output, the host files and cleansite's records) are all as the previous
 * pass left them, the output folder is already right and the pass leaves it
 * alone, which is atomic by definition: `build` on an unchanged site, and a
 * watch start on one.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PUBLISH_FILES, publishFilesCurrent, type PublishInputs } from '../publish/write-publish-files.ts';
import type { BuiltAsset } from '../assets/build-css.ts';
import type { ImageFile } from '../assets/resolve-images.ts';
import type { PublicFile } from '../output/public-files.ts';
import { hashText } from '../core/hash-text.ts';

export interface ExtraFile {
  /** Path in the output folder. */
  file: string;
  bytes: number;
  /** What the file was made from: a content hash or a source stamp. */
  identity: string;
}

export interface OutputExtras {
  publicFiles: readonly PublicFile[];
  assets: readonly BuiltAsset[];
  imageFiles: readonly ImageFile[];
  sitemapXml: string;
  robotsTxt: string;
}

/** Every non-page file of a build, described; `salt` stands for the code that derives more files from them. */
export function describeOutputExtras(extras: OutputExtras, salt: string): Record<string, string> {
  return describeExtras([
    ...extras.publicFiles.map(publicExtra),
    ...extras.assets.map((asset): ExtraFile => ({ file: asset.file, bytes: asset.contents.byteLength, identity: asset.file })),
    ...extras.imageFiles.map((file): ExtraFile => ({ file: file.file, bytes: file.bytes, identity: 'from' in file ? file.from : hashText(file.contents) })),
    { file: 'sitemap.xml', bytes: Buffer.byteLength(extras.sitemapXml), identity: hashText(extras.sitemapXml) },
    { file: 'robots.txt', bytes: Buffer.byteLength(extras.robotsTxt), identity: hashText(extras.robotsTxt) },
  ], salt);
}

/** How a public file is described among the extras: compare with the previous build's, to link it instead of copying. */
export function describePublicFile(file: PublicFile): string {
  const extra = publicExtra(file);
  return `${extra.bytes}:${extra.identity}`;
}

function publicExtra(file: PublicFile): ExtraFile {
  return { file: file.relative, bytes: file.bytes, identity: `public:${file.stamp}` };
}

function extrasBytes(described: Record<string, string>): number {
  return Object.values(described).reduce((sum, value) => sum + (Number(value.split(':', 1)[0]) || 0), 0);
}

/** `salt` stands for the code that derives further files from these (_headers, _redirects). */
function describeExtras(files: ExtraFile[], salt: string): Record<string, string> {
  const described: Record<string, string> = { '#code': salt };
  for (const file of [...files].sort((a, b) => (a.file < b.file ? -1 : 1))) described[file.file] = `${file.bytes}:${file.identity}`;
  return described;
}

function extrasUnchanged(previous: Record<string, string> | undefined, current: Record<string, string>, outDir: string): boolean {
  if (!previous) return false;
  const keys = Object.keys(current);
  if (keys.length !== Object.keys(previous).length) return false;
  for (const key of keys) {
    if (previous[key] !== current[key]) return false;
    if (key.startsWith('#')) continue;
    const bytes = Number(current[key]!.split(':', 1)[0]);
    try {
      if (statSync(path.join(outDir, key)).size !== bytes) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The output's files besides its pages, counted, when every one of them is as this pass would
 * write it: the described extras, the host files (`host`: a production output) and cleansite's
 * own records; undefined when any differs.
 */
export function currentOutputFiles(outDir: string, described: Record<string, string>, previous: Record<string, string> | undefined, { host, records }: { host: (PublishInputs & { publicDir: string }) | undefined; records: ReadonlyArray<{ file: string; contents: string }> }): { files: number; bytes: number } | undefined {
  if (!extrasUnchanged(previous, described, outDir)) return undefined;
  if (host && !publishFilesCurrent(outDir, host.publicDir, host)) return undefined;
  // The records say what this pass found (the placeholders): one that changed is a change.
  if (records.some((record) => !existsSync(path.join(outDir, record.file)) || readFileSync(path.join(outDir, record.file), 'utf8') !== record.contents)) return undefined;
  // The host files are made from the output's file names, which are unchanged too.
  const hostFiles = host ? PUBLISH_FILES.length + host.redirects.length : 0;
  const hostBytes = host ? PUBLISH_FILES.reduce((sum, name) => sum + (statSync(path.join(outDir, name), { throwIfNoEntry: false })?.size ?? 0), 0) : 0;
  return { files: Object.keys(described).length - 1 + hostFiles, bytes: extrasBytes(described) + hostBytes };
}
