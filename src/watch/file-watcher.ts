/**
 * Watches the source folders with chokidar and hands over changes in
 * batches: a save often arrives as several events (editors write a temp file
 * and rename it), so events are collected until the folders have been quiet
 * for a few milliseconds.
 *
 * awaitWriteFinish is not optional here: without it chokidar drops a
 * `change` that follows another for the same file within 50 ms (a
 * leading-edge throttle with no trailing call), so a quick second save was
 * silently lost (measured: about half of the saves made 0-40 ms apart).
 * With it, changes are held until no event came for the file for 5 ms, and
 * merged: about 5-10 ms of extra latency (15 ms before, ~20 ms in all, out
 * of a template save's ~150 ms budget to the open page; an editor's save
 * is one write, or a write and a rename, well within 5 ms).
 *
 * The folders are watched through their parents: chokidar stops watching a
 * folder that is deleted or renamed and never watches it again, so edits
 * made after `content/` was restored were lost until a restart. Watching
 * the parent (filtered down to the source folders) sees the folder leave and
 * come back, and chokidar then watches the new folder's files too.
 */
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
      awaitWriteFinish: { stabilityThreshold: 5, pollInterval: 5 },
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
    if (changes.length > 0 && !closed) options.onChanges(changes);
  };

  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await watcher.close();
    },
  };
}
