import path from 'node:path';

/** True for a path below `folder` (not the folder itself), on any platform (another drive is outside). */
export function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
