/** Which part of the site a changed file belongs to, and so which stage has to run again. */
import path from 'node:path';
import { CONFIG_FILE } from '../config/load-config.ts';

export type ChangeArea = 'config' | 'content' | 'templates' | 'styles' | 'client' | 'public';

export interface SourceFolders {
  contentDir: string;
  templatesDir: string;
  publicDir: string;
}

/** Source files of the last successful site config, template, stylesheet and client-script bundles (absolute paths). */
export interface BundleInputs {
  config: ReadonlySet<string>;
  templates: ReadonlySet<string>;
  styles: ReadonlySet<string>;
  client: ReadonlySet<string>;
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

export function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Forward-slash path relative to a folder, as the content loader names files. */
export function relativeTo(folder: string, file: string): string {
  return path.relative(folder, file).split(path.sep).join('/');
}
