/**
 * Which part of the site a changed file belongs to, and so which steps of
 * the pass runner (session/pass-steps.ts) a batch of changes selects, with
 * the content and public files it names.
 */
import path from 'node:path';
import { CONFIG_FILE } from '../config/load-config.ts';
import type { BundleInputs } from '../session/pass-steps.ts';
import type { PassChanges, StepName } from '../session/run-pass.ts';
import { isInside } from '../core/inside-folder.ts';
import type { FileChange } from './file-watcher.ts';

/** The steps a file feeds directly (the image step also follows from what the pages use). */
export type ChangeArea = Exclude<StepName, 'images'>;

export interface SourceFolders {
  contentDir: string;
  templatesDir: string;
  publicDir: string;
}

export function classifyChange(file: string, folders: SourceFolders, inputs: BundleInputs): ChangeArea[] {
  if (isInside(file, folders.contentDir)) return ['content'];
  if (isInside(file, folders.publicDir)) return ['public'];
  if (!isInside(file, folders.templatesDir)) return [];
  // A file can feed more than one bundle (shared constants, say): rebuild each.
  const areas: ChangeArea[] = [];
  if (inputs.config.has(file) || file === path.join(folders.templatesDir, CONFIG_FILE)) areas.push('config');
  if (inputs.templates.has(file)) areas.push('templates');
  if (inputs.styles.has(file)) areas.push('styles');
  if (inputs.client.has(file)) areas.push('client');
  if (areas.length > 0) return areas;
  // Not in any bundle yet (a new file, or one the last failed build never reached): go by folder.
  if (isInside(file, path.join(folders.templatesDir, 'styles'))) return ['styles'];
  if (isInside(file, path.join(folders.templatesDir, 'client'))) return ['client'];
  return /\.(tsx?|jsx?|mjs|cjs|json)$/.test(file) ? ['templates'] : [];
}

/** Forward-slash path relative to a folder, as the content loader names files. */
export function relativeTo(folder: string, file: string): string {
  return path.relative(folder, file).split(path.sep).join('/');
}

const IMAGE_FILE = /\.(jpe?g|png|webp|avif|svg)$/i;

/** The steps a batch of changes feeds, with the content and public files it names. */
export function passChanges(changes: readonly FileChange[], folders: SourceFolders, inputs: BundleInputs): PassChanges {
  const steps = new Set<StepName>();
  const content: string[] = [];
  let relist = false;
  const publicFiles: Array<{ relative: string; removed: boolean }> = [];
  for (const change of changes) {
    for (const area of classifyChange(change.file, folders, inputs)) {
      steps.add(area);
      if (area === 'content') {
        content.push(relativeTo(folders.contentDir, change.file));
        relist ||= change.event !== 'change';
      }
      // A folder's own event names no file to copy or remove: each file in it has an event of its own.
      if (area === 'public' && change.event !== 'addDir' && change.event !== 'unlinkDir') {
        publicFiles.push({ relative: relativeTo(folders.publicDir, change.file), removed: change.event === 'unlink' });
        if (IMAGE_FILE.test(change.file)) steps.add('images');
      }
    }
  }
  return { steps, content: { relatives: content, relist }, publicFiles };
}
