import path from 'node:path';

/**
 * `file` relative to `folder` when it lies below it; undefined for the folder itself, a path
 * outside it or on another drive. (`..cache` is a name inside; only `..` as a whole step is out.)
 */
export function relativeBelow(file: string, folder: string): string | undefined {
  const relative = path.relative(folder, file);
  const outside = relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  return outside ? undefined : relative;
}

/** True for a path below `folder` (not the folder itself), on any platform (another drive is outside). */
export function isInside(file: string, folder: string): boolean {
  return relativeBelow(file, folder) !== undefined;
}

/** How messages name a file: relative to `folder` with `/` when below it, otherwise as given. */
export function shownPath(file: string, folder: string): string {
  return (relativeBelow(file, folder) ?? file).split(path.sep).join('/');
}

/** A path as the command line shows it: `.` for the working folder itself, relative below it, otherwise absolute. */
export function displayPath(file: string, cwd = process.cwd()): string {
  return path.relative(cwd, file) === '' ? '.' : relativeBelow(file, cwd) ?? file;
}
