/**
 * The file that says "cleansite made this folder": every build writes it
 * into its output, and only a folder holding it (or an empty or missing one)
 * is ever replaced without --force. A dotfile without an extension: Netlify
 * skips dotfiles, the S3 publish script uploads known extensions only, the
 * preview and watch servers never serve host files, and it holds no data.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const OUTPUT_MARKER = '.cleansite-output';

const MARKER_TEXT = 'This folder is written by `cleansite build`, which replaces it whole on every build.\nDelete this file to stop cleansite from replacing the folder.\n';

export function writeOutputMarker(dir: string): number {
  writeFileSync(path.join(dir, OUTPUT_MARKER), MARKER_TEXT);
  return Buffer.byteLength(MARKER_TEXT);
}

export function hasOutputMarker(dir: string): boolean {
  return existsSync(path.join(dir, OUTPUT_MARKER));
}
