/**
 * Reuses the result of a compile step (templates bundle, stylesheet, client
 * script) while none of the files it was made from changed size or
 * modification time. A warm build then neither starts esbuild nor loads
 * lightningcss. Results are V8-serialised under <cacheDir>/steps/; deleting
 * them is always safe.
 */
import { readFileSync, statSync } from 'node:fs';
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

export interface StepResult<T> {
  value: T;
  /** Absolute paths of every file the result depends on (a missing file counts too). */
  inputs: string[];
}

/** `key` names the step and everything that shapes it besides its input files (options, code version). */
export async function cachedStep<T>(cacheDir: string | undefined, key: string, compute: () => Promise<StepResult<T>>): Promise<T> {
  if (!cacheDir) return (await compute()).value;
  const file = path.join(cacheDir, 'steps', `${hashText(key)}.v8`);
  const previous = readRecord<T>(file);
  if (previous && previous.inputs.every(([input, stamp]) => stampOf(input) === stamp)) return previous.value;
  const result = await compute();
  writeRecord(file, { inputs: [...new Set(result.inputs)].map((input) => [input, stampOf(input)]), value: result.value });
  return result.value;
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

function readRecord<T>(file: string): StepRecord<T> | undefined {
  try {
    return deserialize(readFileSync(file)) as StepRecord<T>;
  } catch {
    return undefined;
  }
}

function writeRecord<T>(file: string, record: StepRecord<T>): void {
  // Not cached: the next build compiles again.
  if (writeCacheFile(file, serialize(record))) removeStaleFiles(path.dirname(file), file, Date.now(), STEPS_KEPT);
}
