/**
 * What an output folder holds, to compare two of them file for file and byte for byte
 * (test/engine/watch-equals-build.test.ts). A file hard-linked into both folders (an image
 * variant linked from the image cache, whose name is its content hash) is one file: the same
 * device and inode are the same bytes, so they are not read. Every other file is read when the
 * snapshot is taken. A linked file read later is read only if it is still that inode, size and
 * time; otherwise it compares as changed. A later snapshot of the same folder may take a file's
 * bytes from an earlier one (`reuse`) when the file is still that device, inode, size, time and
 * change time, and was written well before that earlier snapshot read it: a write after the read
 * would have stamped a later time. Rewrites in place by the same program within one clock tick of
 * the read are the one case stamps cannot see, so a file that recent is always read again.
 */
import { readdirSync, readFileSync, statSync, type BigIntStats } from 'node:fs';
import path from 'node:path';

export interface OutputFile {
  /** Device, inode, size and time: equal ids are equal bytes. */
  id: string;
  bytes(): Buffer;
  /** Set when the bytes were read for this snapshot: the file's stamp to the nanosecond, and whether a later snapshot may reuse them. */
  read?: { stamp: string; reusable: boolean };
}

export type Snapshot = Map<string, OutputFile>;

const idOf = (stats: BigIntStats) => `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}`;

/**
 * A write this close before a read (ms) may share the time stamp of a later rewrite in place: the
 * kernel stamps files from a clock that advances in ticks of a few ms.
 */
const SETTLED_MS = 100;

const stampOf = (stats: BigIntStats) => `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;

/**
 * Every file under `dir`, relative with `/`, sorted. `reuse`: an earlier snapshot of the same
 * folder, whose bytes are taken for a file still stamped as it was when they were read.
 */
export function snapshot(dir: string, reuse?: Snapshot): Snapshot {
  const startedAt = Date.now();
  const files: Array<[string, OutputFile]> = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const stats = statSync(absolute, { bigint: true });
    const id = idOf(stats);
    const relative = path.relative(dir, absolute).split(path.sep).join('/');
    if (stats.nlink === 1n) {
      const stamp = stampOf(stats);
      const earlier = reuse?.get(relative);
      const bytes = earlier?.read?.reusable && earlier.read.stamp === stamp ? earlier.bytes() : readFileSync(absolute);
      const reusable = Number(stats.mtimeMs) < startedAt - SETTLED_MS && Number(stats.ctimeMs) < startedAt - SETTLED_MS;
      files.push([relative, { id, bytes: () => bytes, read: { stamp, reusable } }]);
      continue;
    }
    files.push([relative, { id, bytes: () => {
      const now = statSync(absolute, { bigint: true, throwIfNoEntry: false });
      return now && idOf(now) === id ? readFileSync(absolute) : Buffer.from(`(${relative} changed or went after the snapshot)`);
    } }]);
  }
  return new Map(files.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A file with these bytes (made by the test, no inode of its own). */
export const madeFile = (bytes: Buffer): OutputFile => ({ id: `made:${Math.random()}`, bytes: () => bytes });

const same = (a: OutputFile, b: OutputFile) => a.id === b.id || a.bytes().equals(b.bytes());

/** Differences between two snapshots as readable lines (empty when equal). */
export function differences(watched: Snapshot, built: Snapshot): string[] {
  const lines: string[] = [];
  for (const [file, made] of built) {
    const other = watched.get(file);
    if (!other) lines.push(`missing in watch output: ${file}`);
    else if (!same(other, made)) {
      const a = other.bytes().toString('latin1');
      const b = made.bytes().toString('latin1');
      let index = 0;
      while (index < a.length && a[index] === b[index]) index++;
      lines.push(`differs: ${file} at byte ${index}: watch "${a.slice(Math.max(0, index - 30), index + 50)}" build "${b.slice(Math.max(0, index - 30), index + 50)}"`);
    }
  }
  for (const file of watched.keys()) if (!built.has(file)) lines.push(`only in watch output: ${file}`);
  return lines;
}

/** The files added, removed or changed from `before` to `after`. */
export function changedFiles(before: Snapshot, after: Snapshot): string[] {
  const changed = [...after].filter(([file, now]) => {
    const was = before.get(file);
    return !was || !same(was, now);
  }).map(([file]) => file);
  return [...changed, ...[...before.keys()].filter((file) => !after.has(file))];
}
