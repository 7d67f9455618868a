/**
 * Compile steps kept for copies (cache/step-cache.ts): a result made from one
 * templates folder is reused by a copy of it elsewhere with the same bytes (a
 * fresh clone, a CI checkout, the bench's cold builds), moved there by the
 * step's `move`. Nothing is taken on trust: each time, every input's bytes are
 * read and compared, and so are the listing of every folder holding an input
 * (a file added beside the sources could change what `./card` resolves to)
 * and the tsconfig.json, jsconfig.json and package.json files esbuild reads
 * in those folders and in every folder above the templates folder (a copy
 * outside the project compiles without the project's tsconfig.json). Node's
 * version and the working folder (the paths esbuild writes are relative to
 * it) are part of the key; the code version is in the step's own key.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hashText } from '../core/hash-text.ts';
import { relativeBelow } from '../core/inside-folder.ts';
import type { InputStamp, StepRecord, StepResult } from './step-cache.ts';

/** How a step's result made from one copy of a folder is the result of another copy with the same bytes. */
export interface PortableStep<T> {
  /** The folder a copy of which gives the same result (the templates folder). */
  folder: string;
  /** Everything else that shapes the result: the step, the code version, the output folder. */
  key: string;
  /** The result made from `from`, as the step would make it from `to`, with its inputs; undefined when it cannot be (then the step runs). */
  move(value: T, from: string, to: string): Promise<StepResult<T> | undefined>;
}

/** Inputs named relative to `folder` where they are inside it (a folder with a trailing separator), absolute outside. */
export interface CopyRecord<T> extends StepRecord<T> {
  folder: string;
  /** The configuration files above `folder`, by depth and bytes (configAbove()). */
  above: string;
}

const CONFIG_FILES = ['tsconfig.json', 'jsconfig.json', 'package.json'];

export function copyKey({ key }: PortableStep<unknown>): string {
  return `copies\n${key}\n${process.version}\n${process.cwd()}`;
}

export function copyRecord<T>(folder: string, inputs: readonly string[], value: T): CopyRecord<T> {
  const named = inputs.map((input) => nameIn(folder, input));
  const folders = new Set<string>();
  for (const name of named) {
    if (path.isAbsolute(name)) continue;
    for (let dir = path.dirname(name); ; dir = path.dirname(dir)) {
      folders.add(`${dir}${path.sep}`);
      if (dir === '.') break;
    }
  }
  const configs = [...folders].flatMap((dir) => CONFIG_FILES.map((file) => path.join(dir, file)));
  const stamped = [...named, ...folders, ...configs].map((name): InputStamp => [name, bytesOf(resolveName(folder, name))]);
  return { folder, above: configAbove(folder), inputs: stamped, value };
}

/** The record's result moved to this copy, when everything it was made from has the same bytes here; else undefined. */
export async function reuseCopy<T>(record: CopyRecord<T> | undefined, portable: PortableStep<T>): Promise<StepResult<T> | undefined> {
  if (!record || record.above !== configAbove(portable.folder)) return undefined;
  const same = record.inputs.every(([name, bytes]) => bytesOf(resolveName(portable.folder, name)) === bytes);
  return same ? portable.move(record.value, record.folder, portable.folder) : undefined;
}

/** The configuration files esbuild may read above the folder, nearest first, by depth and bytes. */
function configAbove(folder: string): string {
  const found: string[] = [];
  for (let dir = path.dirname(folder), depth = 1; ; dir = path.dirname(dir), depth++) {
    for (const file of CONFIG_FILES) {
      const bytes = bytesOf(path.join(dir, file));
      if (bytes !== 'missing') found.push(`${depth} ${file} ${bytes}`);
    }
    if (path.dirname(dir) === dir) return found.join('\n');
  }
}

/** Relative inside the folder (a copy has it at its own place), absolute outside (the same file for every copy). */
function nameIn(folder: string, file: string): string {
  return relativeBelow(file, folder) ?? file;
}

/** A recorded name at this copy (a folder keeps its trailing separator). */
function resolveName(folder: string, name: string): string {
  return path.resolve(folder, name) + (name.endsWith(path.sep) ? path.sep : '');
}

/** A file's bytes, or a folder's (named with a trailing separator) sorted listing, hashed; 'missing' when there is none. */
function bytesOf(file: string): string {
  try {
    if (file.endsWith(path.sep)) return hashText(readdirSync(file).sort().join('\n'));
    return createHash('sha256').update(readFileSync(file)).digest('base64url');
  } catch {
    return 'missing';
  }
}
