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
 * With it, changes are held until the file size is stable and merged, for
 * about 20 ms of extra latency.
 *
 * The folders are watched through their parents: chokidar stops watching a
 * folder that is deleted or renamed and never watches it again, so edits
 * made after `content/` was restored were lost until a restart. Watching
 * the parent (filtered down to the source folders) sees the folder leave and
 * come back, and chokidar then watches the new folder's files too.
 */
import path from 'node:path';
import { watch } from 'chokidar';

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

/** Editor back-ups, swap files and dot files are never site sources. */
export function isEditorNoise(file: string): boolean {
  const name = path.basename(file);
  return name.startsWith('.') || name.endsWith('~') || /\.(swp|swx|swo|tmp|bak)$/i.test(name) || /^#.*#$/.test(name) || name === '4913';
}

/**
 * A source folder appearing or disappearing is a copy, a move or a checkout
 * in progress, whose file events trail the folder's by up to ~100 ms: wait
 * for them, so the whole change arrives as one batch.
 */
const FOLDER_SETTLE_MS = 250;

export function watchFiles(dirs: string[], options: WatchFilesOptions): FileWatcher {
  const roots = new Set(dirs.map((dir) => path.resolve(dir)));
  const parents = new Set([...roots].map((root) => path.dirname(root)));
  const isSource = (file: string) => [...roots].some((root) => file === root || file.startsWith(root + path.sep));
  const watcher = watch([...parents], {
    ignoreInitial: true,
    awaitWriteFinish: { stabilityThreshold: 15, pollInterval: 5 },
    // Of each parent, only the source folders themselves are looked into (not node_modules/, .git/, dist/).
    ignored: (file: string) => {
      const absolute = path.resolve(file);
      if (parents.has(absolute) || roots.has(absolute)) return false;
      return !isSource(absolute) || isEditorNoise(absolute);
    },
  });
  let pending = new Map<string, FileEvent>();
  let timer: NodeJS.Timeout | undefined;
  let settleUntil = 0;

  const flush = () => {
    timer = undefined;
    const changes = [...pending].map(([file, event]) => ({ file, event }));
    pending = new Map();
    if (changes.length > 0) options.onChanges(changes);
  };

  watcher.on('all', (event: string, file: string) => {
    if (!EVENTS.has(event)) return;
    const absolute = path.resolve(file);
    // Events of the parent folder itself or of its other entries are not ours.
    if (!isSource(absolute)) return;
    // The last event for a file wins, except that a file created and then changed is still new.
    const before = pending.get(absolute);
    pending.set(absolute, before === 'add' && event === 'change' ? 'add' : event as FileEvent);
    if (roots.has(absolute)) settleUntil = Date.now() + FOLDER_SETTLE_MS;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, Math.max(options.debounceMs, settleUntil - Date.now()));
  });
  watcher.on('error', options.onError);

  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      if (timer) clearTimeout(timer);
      await watcher.close();
    },
  };
}
