/**
 * The names of what cleansite keeps next to an output folder `<name>`, in
 * one place so the clean-up only ever matches what cleansite itself made:
 *   .cleansite-<name>-<pid>-<hex>.tmp        a build's staging folder
 *   .cleansite-<name>-<pid>-<hex>.old        the previous output during a swap
 *   .cleansite-<name>-watch-<pid>-<hex>.tmp  watch mode's side folder in versions before the one writer (staging.ts)
 *   .cleansite-<name>.lock                   who is writing the output now
 *   .cleansite-<name>-<pid>-<hex>.lock       a lock being written, or a stale one being removed
 *   .cleansite-<name>.swap                   the swap journal
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';

function siblingPath(outDir: string, suffix: string): string {
  const target = path.resolve(outDir);
  return path.join(path.dirname(target), `.cleansite-${path.basename(target)}${suffix}`);
}

/** A fresh token for this process: `<pid>-<8 hex digits>`. */
export function newToken(): string {
  return `${process.pid}-${randomBytes(4).toString('hex')}`;
}

export const stagingPath = (outDir: string, token: string) => siblingPath(outDir, `-${token}.tmp`);
export const previousPath = (outDir: string, token: string) => siblingPath(outDir, `-${token}.old`);
export const lockPath = (outDir: string) => siblingPath(outDir, '.lock');
export const lockDraftPath = (outDir: string, token: string) => siblingPath(outDir, `-${token}.lock`);
export const journalPath = (outDir: string) => siblingPath(outDir, '.swap');

/** The pid that made a staging, previous or watch side folder or a lock draft of `outDir`, or undefined when `name` is not one. */
export function leftoverOwner(outDir: string, name: string): number | undefined {
  const base = path.basename(path.resolve(outDir)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^\\.cleansite-${base}-(?:watch-)?(\\d+)-[0-9a-f]{8}\\.(?:tmp|old|lock)$`).exec(name);
  return match ? Number(match[1]) : undefined;
}

/** What to do about a previous output or staging folder cleansite could not delete. */
export const LEFTOVER_HINT = 'later builds try to delete it again; if one of its files is immutable (lsattr shows an i), run chattr -i on it, or delete the folder yourself';
