/**
 * Watches the source folders with chokidar and hands over changes in
 * batches: a save often arrives as several events (editors write a temp file
 * and rename it), so events are collected until the folders have been quiet
 * for a few milliseconds.
 *
 * chokidar drops saves in two ways, so every file a batch names is looked
 * at again after chokidar's throttles have passed, and reported again if
 * its stats moved since the batch was handed over:
 * - it emits at most one `change` per file per 50 ms (a leading-edge
 *   throttle with no trailing call), so a second save within 50 ms of the
 *   first was lost (measured: about half of the saves made 0-40 ms apart);
 * - its awaitWriteFinish, which was used against that, can forget a path for
 *   good: a write followed within milliseconds by an unlink and a re-create
 *   (what `git checkout` does) leaves the path's write-finish poll stopped on
 *   ENOENT with the path still marked pending, and every later event for the
 *   file is swallowed (chokidar 5.0.0: 1-4 files in 100 such rounds).
 * The re-check costs two stat calls per changed file; a batch is still handed
 * over 5 ms after its last event (awaitWriteFinish held each save 5-10 ms more).
 *
 * The folders are watched through their parents: chokidar stops watching a
 * folder that is deleted or renamed and never watches it again, so edits
 * made after `content/` was restored were lost until a restart. Watching
 * the parent (filtered down to the source folders) sees the folder leave and
 * come back, and chokidar then watches the new folder's files too.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { watch } from 'chokidar';
import { trace } from '../core/trace.ts';

export type FileEvent = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';

export interface FileChange {
  /** Absolute path. */
  file: string;
  event: FileEvent;
}

export interface FileWatcher {
  /** Resolves once the initial scan is done and every folder is watched. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface WatchFilesOptions {
  /** Quiet period before a batch is handed over. */
  debounceMs: number;
  onChanges(changes: FileChange[]): void;
  onError(error: unknown): void;
}

const EVENTS = new Set<string>(['add', 'change', 'unlink', 'addDir', 'unlinkDir']);

/** Editor back-ups, swap files and dot files are never site sources; `.well-known/` is (public/.well-known/ is published). */
export function isEditorNoise(file: string): boolean {
  const name = path.basename(file);
  return (name.startsWith('.') && name !== '.well-known') || name.endsWith('~') || /\.(swp|swx|swo|tmp|bak)$/i.test(name) || /^#.*#$/.test(name) || name === '4913';
}

/**
 * A folder appearing or disappearing is a copy, a move, a recursive delete
 * or a checkout in progress, whose file events trail the folder's by up to
 * ~100 ms: wait for them, so the whole change arrives as one batch instead
 * of a half-deleted or half-copied site being built and reported.
 */
const FOLDER_SETTLE_MS = 250;

/** Past chokidar's 50 ms change throttle: a save it dropped has happened by then. */
const RECHECK_MS = 60;
/** How long a batch started by a re-check waits for chokidar's own event of the same save. */
const RECHECK_SETTLE_MS = 25;

/** What a re-check compares: a file's identity, size and times, or that it is missing. */
function fileStamp(file: string): string {
  try {
    const stats = statSync(file, { bigint: true });
    return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
  } catch {
    return 'missing';
  }
}

/** The event that accounts for a file's stamp moving from `before` to `now`. */
function eventBetween(before: string, now: string): FileEvent {
  if (now === 'missing') return 'unlink';
  return before === 'missing' ? 'add' : 'change';
}

/**
 * Stamps the files a batch names before the batch is read, and reports those whose stamp moved by
 * RECHECK_MS. A later batch naming the same file stamps it anew, and its re-check replaces the
 * earlier one: a save chokidar did report must not be reported twice.
 */
function createRechecks(report: (file: string, event: FileEvent) => void) {
  const timers = new Set<NodeJS.Timeout>();
  /** Each file's stamp from the last batch that named it, until its re-check. */
  const latest = new Map<string, { value: string }>();
  return {
    stampNow(files: string[]) {
      const stamped = files.map((file) => {
        const stamp = { value: fileStamp(file) };
        latest.set(file, stamp);
        return [file, stamp] as const;
      });
      const timer = setTimeout(() => {
        timers.delete(timer);
        for (const [file, stamp] of stamped) {
          if (latest.get(file) !== stamp) continue;
          latest.delete(file);
          const now = fileStamp(file);
          if (now !== stamp.value) report(file, eventBetween(stamp.value, now));
        }
      }, RECHECK_MS);
      timers.add(timer);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}

export function watchFiles(dirs: string[], options: WatchFilesOptions): FileWatcher {
  const roots = new Set(dirs.map((dir) => path.resolve(dir)));
  const parents = new Set([...roots].map((root) => path.dirname(root)));
  const isSource = (file: string) => [...roots].some((root) => file === root || file.startsWith(root + path.sep));
  let pending = new Map<string, FileEvent>();
  let timer: NodeJS.Timeout | undefined;
  let settleUntil = 0;
  /** Source folders renamed or deleted as a whole since the last batch. */
  const movedRoots = new Set<string>();
  let closed = false;
  const rechecks = createRechecks((file, event) => {
    // A write that lands just now may still have its own event on the way: let it join this batch.
    settleUntil = Math.max(settleUntil, Date.now() + RECHECK_SETTLE_MS);
    record(file, event);
  });

  const record = (file: string, event: FileEvent) => {
    if (pending.size === 0) trace('file event');
    // The last event for a file wins, except that a file created and then changed is still new.
    const before = pending.get(file);
    pending.set(file, before === 'add' && event === 'change' ? 'add' : event);
    if (event === 'addDir' || event === 'unlinkDir') settleUntil = Date.now() + FOLDER_SETTLE_MS;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush().catch(options.onError), Math.max(options.debounceMs, settleUntil - Date.now()));
  };

  const start = () => {
    const instance = watch([...parents], {
      ignoreInitial: true,
      // Of each parent, only the source folders themselves are looked into (not node_modules/, .git/, dist/).
      ignored: (file: string) => {
        const absolute = path.resolve(file);
        if (parents.has(absolute) || roots.has(absolute)) return false;
        return !isSource(absolute) || isEditorNoise(absolute);
      },
    });
    instance.on('all', (event: string, file: string) => {
      const absolute = path.resolve(file);
      // Events of the parent folder itself or of its other entries are not ours.
      if (EVENTS.has(event) && isSource(absolute)) record(absolute, event as FileEvent);
    });
    // chokidar follows folders by inode: a folder swapped for another under the same name (a rename, a
    // checkout tool) gets no event, and its old watchers go on reporting the moved-away copy. A rename
    // of a source folder itself is seen here, in the raw events, and answered with a fresh watcher.
    instance.on('raw', (type: string, name: string, details: unknown) => {
      const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
      if (type !== 'rename' || !watched || !name) return;
      const renamed = roots.has(path.join(watched, name)) ? path.join(watched, name) : roots.has(watched) && path.basename(watched) === name ? watched : undefined;
      if (!renamed) return;
      movedRoots.add(renamed);
      record(renamed, 'addDir');
    });
    instance.on('error', options.onError);
    return instance;
  };

  let watcher = start();
  const flush = async () => {
    timer = undefined;
    if (movedRoots.size > 0 && !closed) {
      movedRoots.clear();
      await watcher.close();
      watcher = start();
      // Anything that changes from here on reaches the new watcher; anything before is on disk for the rebuild.
      await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    }
    const changes = [...pending].map(([file, event]) => ({ file, event }));
    pending = new Map();
    if (changes.length === 0 || closed) return;
    rechecks.stampNow(changes.filter((change) => change.event !== 'addDir' && change.event !== 'unlinkDir').map((change) => change.file));
    options.onChanges(changes);
  };

  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      rechecks.close();
      await watcher.close();
    },
  };
}
