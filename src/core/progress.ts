/**
 * What a build tells its user while it runs. The build calls a Reporter
 * (a stage starts, a counted stage advances, a stage ends); how that shows
 * depends on where the output goes:
 * - a terminal: one live line on stderr, redrawn at most ~8 times a second
 *   (`images 5/28, about 12 s left`), cleared when the build ends;
 * - anything else (CI logs): one line per stage that took longer than
 *   `slowStageMs` (2 s), written when it ends, so a log shows what was slow
 *   without a line per page;
 * - quiet: nothing.
 * Every stage's time is kept either way, for the build summary (--json).
 */

/** One stage as the summary lists it: its label and how long it took. */
export interface StageTime {
  stage: string;
  milliseconds: number;
}

export interface StageHandle {
  /** `done` of `total` items finished (images encoded, pages rendered). */
  count(done: number, total: number): void;
  end(): void;
}

export interface Reporter {
  start(stage: string): StageHandle;
  /** Stages in the order they ended. */
  readonly stages: readonly StageTime[];
  /** Clears the live line (a terminal) before the build's last words are printed. */
  close(): void;
  /** Clears the live line for a log line to be printed; the next update draws it again. */
  clearLine(): void;
}

export type ProgressMode = 'terminal' | 'lines' | 'quiet';

export interface ReporterOptions {
  mode: ProgressMode;
  /** Where lines and the live line go (stderr: stdout stays for the summary and --json). */
  write?: (text: string) => void;
  now?: () => number;
  slowStageMs?: number;
  /** Least time between two redraws of the live line. */
  redrawMs?: number;
}

/** terminal when stderr is one, quiet with --quiet, lines otherwise. */
export function progressModeFor(stream: { isTTY?: boolean }, quiet: boolean): ProgressMode {
  if (quiet) return 'quiet';
  return stream.isTTY ? 'terminal' : 'lines';
}

export function createReporter(options: ReporterOptions): Reporter {
  const write = options.write ?? ((text: string) => void process.stderr.write(text));
  const now = options.now ?? (() => performance.now());
  const slowMs = options.slowStageMs ?? 2000;
  const redrawMs = options.redrawMs ?? 120;
  const stages: StageTime[] = [];
  // Stages run side by side (content, images, compiles): the live line shows the latest counted one, else the latest started.
  const running = new Map<number, { stage: string; started: number; done: number; total: number }>();
  let nextId = 0;
  let shown = '';
  let lastDraw = -Infinity;

  const draw = (force: boolean) => {
    if (options.mode !== 'terminal') return;
    const t = now();
    if (!force && t - lastDraw < redrawMs) return;
    lastDraw = t;
    const active = [...running.values()];
    const current = active.filter((item) => item.total > 0).at(-1) ?? active.at(-1);
    const text = current ? describe(current, t) : '';
    if (text === shown) return;
    shown = text;
    // \r and erase-line: the line is redrawn in place.
    write(`\r\x1b[2K${text}`);
  };

  return {
    stages,
    start(stage) {
      const id = nextId++;
      const item = { stage, started: now(), done: 0, total: 0 };
      running.set(id, item);
      draw(true);
      let ended = false;
      return {
        count(done, total) {
          // A new total (the count starts, or grows) and the last item are drawn at once.
          const force = total !== item.total || done === total;
          item.done = done;
          item.total = total;
          draw(force);
        },
        end() {
          if (ended) return;
          ended = true;
          running.delete(id);
          const milliseconds = now() - item.started;
          stages.push({ stage, milliseconds: Math.round(milliseconds) });
          if (options.mode === 'lines' && milliseconds >= slowMs) write(`${stage}: ${(milliseconds / 1000).toFixed(1)} s${item.total > 0 ? ` (${item.total})` : ''}\n`);
          draw(true);
        },
      };
    },
    close() {
      running.clear();
      this.clearLine();
    },
    clearLine() {
      if (options.mode === 'terminal' && shown !== '') write('\r\x1b[2K');
      shown = '';
      lastDraw = -Infinity;
    },
  };
}

/** `write pages 420/10021, about 4 s left`: an estimate once a second has passed (the rate before is noise). */
export function describe(item: { stage: string; started: number; done: number; total: number }, t: number): string {
  if (item.total === 0) return `${item.stage}...`;
  const elapsed = t - item.started;
  const counted = `${item.stage} ${item.done}/${item.total}`;
  if (item.done === 0 || item.done >= item.total || elapsed < 1000) return counted;
  const left = (elapsed / item.done) * (item.total - item.done);
  return `${counted}, about ${formatSeconds(left)} left`;
}

function formatSeconds(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds < 90 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

/** Runs `work` as one stage of `reporter` (none: just runs it). */
export async function inStage<T>(reporter: Reporter | undefined, stage: string, work: (handle: StageHandle) => Promise<T> | T): Promise<T> {
  const handle = reporter?.start(stage) ?? { count() {}, end() {} };
  try {
    return await work(handle);
  } finally {
    handle.end();
  }
}
