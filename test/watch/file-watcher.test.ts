/**
 * The file watcher under the saves real tools make: an editor saving twice
 * within chokidar's 50 ms change throttle, a file written in pieces, and a
 * `git checkout` that writes a file and then unlinks and re-creates it
 * within milliseconds (chokidar 5.0.0's awaitWriteFinish then forgot the
 * path: every later event for the file was swallowed). The consumer reads
 * the file when a batch arrives, as the watch session does; a save is lost
 * when the last read never sees the file's final bytes.
 */
import { mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { watchFiles, type FileWatcher } from '../../src/watch/file-watcher.ts';
import { makeTempDir } from '../support/fixture-site.ts';

let root: string;
let watcher: FileWatcher | undefined;
/** What the consumer read of the watched file at each batch: its text, or null when it was missing. */
let reads: (string | null)[];
let errors: unknown[];

const file = () => path.join(root, 'content', 'page.md');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const readNow = () => {
  try {
    return readFileSync(file(), 'utf8');
  } catch {
    return null;
  }
};

beforeEach(async () => {
  root = makeTempDir('cleansite-file-watcher-', 'memory');
  mkdirSync(path.join(root, 'content'), { recursive: true });
  writeFileSync(file(), 'start');
  reads = [];
  errors = [];
  watcher = watchFiles([path.join(root, 'content')], {
    debounceMs: 5,
    onChanges: (changes) => {
      if (changes.some((change) => change.file === file())) reads.push(readNow());
    },
    onError: (error) => errors.push(error),
  });
  await watcher.ready;
});

afterEach(async () => {
  await watcher?.close();
  rmSync(root, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

const describe = (text: string | null | undefined) => (typeof text === 'string' ? `${text.length} bytes ending ${JSON.stringify(text.slice(-24))}` : String(text));

/** Polls until the consumer has read `text` at its latest batch, or fails naming what it read last. */
async function expectLastRead(text: string, what: string) {
  const deadline = Date.now() + 3_000;
  while (Date.now() < deadline) {
    if (reads.at(-1) === text) return;
    await sleep(10);
  }
  expect.fail(`${what}: no batch read the final bytes (${describe(text)}); the last batch read ${describe(reads.at(-1))} (${reads.length} batches)`);
}

it('a second save 0-45 ms after the first is never lost (chokidar drops a change within 50 ms of another)', async () => {
  for (let round = 0; round < 10; round++) {
    writeFileSync(file(), `first save ${round}`);
    await sleep((round * 5) % 46);
    writeFileSync(file(), `second save of round ${round}`);
    await expectLastRead(`second save of round ${round}`, `round ${round}`);
  }
});

it('a file written in pieces is read whole once the writer stops', async () => {
  for (let round = 0; round < 5; round++) {
    const pieces = ['a'.repeat(2_000), 'b'.repeat(2_000), `end ${round}`];
    writeFileSync(file(), pieces[0]!);
    for (let piece = 1; piece < pieces.length; piece++) {
      await sleep(2 + round * 3);
      writeFileSync(file(), pieces.slice(0, piece + 1).join(''), { flag: 'w' });
    }
    await expectLastRead(pieces.join(''), `round ${round}`);
  }
});

/**
 * The git-checkout pattern lost a file's later events in 1-4 of 100 rounds with awaitWriteFinish
 * (in a bare chokidar script; through this watcher it did not show in 450 rounds). Without the
 * re-check (and without awaitWriteFinish) the re-created file is missed at once: 25 rounds here.
 */
const CHECKOUT_ROUNDS = 25;

it('a write followed at once by an unlink and a re-create (git checkout) loses no later save', async () => {
  for (let round = 0; round < CHECKOUT_ROUNDS; round++) {
    writeFileSync(file(), `written before the checkout ${round}`);
    unlinkSync(file());
    await sleep(8);
    writeFileSync(file(), `the other branch ${round}`);
    await expectLastRead(`the other branch ${round}`, `checkout round ${round}`);
    await sleep(60);
    writeFileSync(file(), `edited after checkout round ${round}`);
    await expectLastRead(`edited after checkout round ${round}`, `the edit after checkout round ${round}`);
  }
});
