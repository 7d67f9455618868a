/**
 * Reuses the result of a compile step (templates bundle, stylesheet, client
 * script) while none of the files it was made from changed size or
 * modification time. A warm build then neither starts esbuild nor loads
 * lightningcss. Results are V8-serialised under <cacheDir>/steps/; deleting
 * them is always safe.
 *
 * A step can also be portable: its result is then kept a second time, keyed
 * by its inputs' bytes instead of their paths and stamps, so a fresh copy of
 * the templates folder (a new clone, a CI checkout, the bench's cold builds)
 * with the same bytes reuses it, moved to the copy by the step's `move`. An
 * input's bytes are read again each time: any byte changed, and the step
 * runs.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { removeStaleFiles } from '../core/remove-stale.ts';
import { writeCacheFile } from './cache-writes.ts';
import { hashText } from '../core/hash-text.ts';

type InputStamp = [file: string, stamp: string];

interface StepRecord<T> {
  inputs: InputStamp[];
  value: T;
}

/** Inputs named relative to `folder` where they are inside it, stamped with their bytes' hash. */
interface PortableRecord<T> extends StepRecord<T> {
  folder: string;
}

export interface StepResult<T> {
  value: T;
  /** Absolute paths of every file the result depends on (a missing file counts too). */
  inputs: string[];
}

/** How a step's result made from one copy of a folder is the result of another copy with the same bytes. */
export interface PortableStep<T> {
  /** The folder a copy of which gives the same result (the templates folder). */
  folder: string;
  /** Everything else that shapes the result: the step, the code version, the output folder. */
  key: string;
  /** The result made from `from`, as the step would make it from `to`, with its inputs; undefined when it cannot be (then the step runs). */
  move(value: T, from: string, to: string): Promise<StepResult<T> | undefined>;
}

/** `key` names the step and everything that shapes it besides its input files (options, code version). */
export async function cachedStep<T>(cacheDir: string | undefined, key: string, compute: () => Promise<StepResult<T>>, portable?: PortableStep<T>): Promise<T> {
  if (!cacheDir) return (await compute()).value;
  const file = path.join(cacheDir, 'steps', `${hashText(key)}.v8`);
  const previous = readRecord<StepRecord<T>>(file);
  if (previous && previous.inputs.every(([input, stamp]) => stampOf(input) === stamp)) return previous.value;
  const portableFile = portable && path.join(cacheDir, 'steps', `${hashText(portableKey(portable))}.v8`);
  const moved = portable && await reuseCopy(readRecord<PortableRecord<T>>(portableFile!), portable);
  const result = moved ?? await compute();
  const inputs = [...new Set(result.inputs)];
  writeRecord(file, { inputs: inputs.map((input) => [input, stampOf(input)]), value: result.value });
  if (portable && !moved) writeRecord(portableFile!, { folder: portable.folder, inputs: portableInputs(portable.folder, inputs), value: result.value });
  return result.value;
}

/**
 * Each input by its bytes, and each folder holding an input inside `folder` by its listing: a
 * copy with a file added beside the sources (`./card` could now resolve to it) does not reuse.
 */
function portableInputs(folder: string, inputs: readonly string[]): InputStamp[] {
  const named = inputs.map((input) => nameIn(folder, input));
  const folders = new Set(named.filter((name) => !path.isAbsolute(name)).map((name) => `${path.dirname(name)}${path.sep}`));
  return [...named, ...folders].map((name) => [name, bytesOf(resolveName(folder, name))]);
}

/** Node's version too: nothing compiled by another Node is reused, even when the code version matches. */
function portableKey({ key }: PortableStep<unknown>): string {
  return `portable\n${key}\n${process.version}\n${process.cwd()}`;
}

/** The record's result moved to this copy, when every input has the same bytes here; else undefined. */
async function reuseCopy<T>(record: PortableRecord<T> | undefined, portable: PortableStep<T>): Promise<StepResult<T> | undefined> {
  if (!record) return undefined;
  const same = record.inputs.every(([name, bytes]) => bytesOf(resolveName(portable.folder, name)) === bytes);
  return same ? portable.move(record.value, record.folder, portable.folder) : undefined;
}

/** Relative inside the folder (a copy has it at its own place), absolute outside (the same file for every copy). */
function nameIn(folder: string, file: string): string {
  const relative = path.relative(folder, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** A name of portableInputs() at this copy (a folder keeps its trailing separator). */
function resolveName(folder: string, name: string): string {
  return path.resolve(folder, name) + (name.endsWith(path.sep) ? path.sep : '');
}

/** Three steps per templates folder: room for about a hundred folders. */
const STEPS_KEPT = 300;

function stampOf(file: string): string {
  try {
    const { size, mtimeMs } = statSync(file);
    return `${size}:${mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/** A file's bytes, or a folder's (named with a trailing separator) sorted listing, hashed. */
function bytesOf(file: string): string {
  try {
    if (file.endsWith(path.sep)) return hashText(readdirSync(file).sort().join('\n'));
    return createHash('sha256').update(readFileSync(file)).digest('base64url');
  } catch {
    return 'missing';
  }
}

function readRecord<R>(file: string): R | undefined {
  try {
    return deserialize(readFileSync(file)) as R;
  } catch {
    return undefined;
  }
}

function writeRecord<T>(file: string, record: StepRecord<T> | PortableRecord<T>): void {
  // Not cached: the next build compiles again.
  if (writeCacheFile(file, serialize(record))) removeStaleFiles(path.dirname(file), file, Date.now(), STEPS_KEPT);
}
