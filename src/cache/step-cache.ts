/**
 * Reuses the result of a compile step (templates bundle, stylesheet, client
 * script) while none of the files it was made from changed size or
 * modification time. A warm build then neither starts esbuild nor loads
 * lightningcss. Results are V8-serialised under <cacheDir>/steps/; deleting
 * them is always safe.
 *
 * A step can also be portable: its result is then kept a second time, by its
 * inputs' bytes instead of their paths and stamps, so a fresh copy of the
 * templates folder with the same bytes reuses it (cache/step-copies.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { markUsed, removeStaleFiles } from '../core/remove-stale.ts';
import { writeCacheFile } from './cache-writes.ts';
import { hashText } from '../core/hash-text.ts';
import { copyKey, copyRecord, reuseCopy, type CopyRecord, type PortableStep } from './step-copies.ts';

export type { PortableStep } from './step-copies.ts';

export type InputStamp = [file: string, stamp: string];

export interface StepRecord<T> {
  inputs: InputStamp[];
  /** Files the step wrote that its value names (StepResult.outputs). */
  outputs?: string[];
  value: T;
}

export interface StepResult<T> {
  value: T;
  /** Absolute paths of every file the result depends on (a missing file counts too). */
  inputs: string[];
  /**
   * Files the step wrote that its value names (a compiled bundle in the shared cache): the value is
   * reused while they exist, whatever their times, and each reuse marks them used. Other builds
   * mark a shared bundle used too, so its time is no stamp: as an input it made a restarted watch
   * compile again whenever another build had reused the same bundle meanwhile.
   */
  outputs?: string[];
}

/** `key` names the step and everything that shapes it besides its input files (options, code version). */
export async function cachedStep<T>(cacheDir: string | undefined, key: string, compute: () => Promise<StepResult<T>>, portable?: PortableStep<T>): Promise<T> {
  if (!cacheDir) return (await compute()).value;
  const file = path.join(cacheDir, 'steps', `${hashText(key)}.v8`);
  const previous = readRecord<StepRecord<T>>(file);
  if (previous && previous.inputs.every(([input, stamp]) => stampOf(input) === stamp) && (previous.outputs ?? []).every(markUsed)) return previous.value;
  const copies = portable && path.join(cacheDir, 'steps', `${hashText(copyKey(portable))}.v8`);
  const moved = portable && await reuseCopy(readRecord<CopyRecord<T>>(copies!), portable);
  // Kept among the newest while copies use it: other builds trim the oldest records first.
  if (moved) markUsed(copies!);
  const result = moved ?? await compute();
  const inputs = [...new Set(result.inputs)];
  writeRecord(file, { inputs: inputs.map((input) => [input, stampOf(input)]), outputs: result.outputs, value: result.value });
  const record = portable && !moved ? copyRecord(portable.folder, inputs, result.value) : undefined;
  if (record) writeRecord(copies!, record);
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

function readRecord<R>(file: string): R | undefined {
  try {
    return deserialize(readFileSync(file)) as R;
  } catch {
    return undefined;
  }
}

function writeRecord<T>(file: string, record: StepRecord<T>): void {
  // Not cached: the next build compiles again.
  if (writeCacheFile(file, serialize(record))) removeStaleFiles(path.dirname(file), file, Date.now(), STEPS_KEPT);
}
