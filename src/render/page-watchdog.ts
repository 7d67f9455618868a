/**
 * Keeps a render worker's current page in view from the main thread, which
 * only coordinates while the workers render: a template that loops forever
 * or allocates without bound must not hang or abort the build, and the
 * error must say which page it was.
 *
 * The worker counts the pages it has started in a shared Int32Array
 * (render-batch.ts); this side remembers the paths it sent, in order, so
 * the count names the page in progress. A page that stays current for
 * longer than the time bound is reported through `onStuck` (the caller
 * terminates the thread: a terminated worker stops even in an endless
 * loop). The check runs on a timer only while pages are outstanding, and
 * reading one integer is all it costs.
 */
import { CleansiteError } from '../core/errors.ts';
import type { Route } from '../routes/route-table.ts';

/** The default bound on one page's render time (`--render-timeout`). */
export const DEFAULT_RENDER_TIMEOUT_SECONDS = 30;
/** The default heap limit of a render worker, in MB (CLEANSITE_RENDER_HEAP_MB): far above a real page's needs. */
export const DEFAULT_RENDER_HEAP_MB = 2048;

/** How a render thread is bounded. */
export interface RenderLimits {
  /** One page's render time, in milliseconds. */
  timeoutMs: number;
  /** A render worker's old-generation heap, in MB. */
  heapMb: number;
}

export function renderLimits(timeoutSeconds = DEFAULT_RENDER_TIMEOUT_SECONDS, env: NodeJS.ProcessEnv = process.env): RenderLimits {
  const heap = Number(env.CLEANSITE_RENDER_HEAP_MB);
  return { timeoutMs: timeoutSeconds * 1000, heapMb: Number.isInteger(heap) && heap >= 16 ? heap : DEFAULT_RENDER_HEAP_MB };
}

/** A page whose render was stopped: the render pool reports it with its route's template and source. */
export class PageStopped extends Error {
  constructor(readonly page: string, readonly reason: 'time' | 'memory', readonly limits: RenderLimits) {
    super(reason === 'time'
      ? `${page} was still rendering after ${limits.timeoutMs / 1000} s`
      : `${page} used up the render thread's ${limits.heapMb} MB heap`);
    this.name = 'PageStopped';
  }
}

export interface PageWatchdog {
  /** A batch of pages sent to the worker, in the order it renders them. */
  sent(paths: readonly string[]): void;
  /** The oldest batch sent came back (rendered or failed). */
  answered(count: number): void;
  /** The page the worker is rendering now, if any. */
  current(): string | undefined;
  stop(): void;
}

export function watchPages(progress: Int32Array, timeoutMs: number, onStuck: (page: string) => void): PageWatchdog {
  /** Paths sent and not yet answered; `base` pages were answered before them. */
  const outstanding: string[] = [];
  let base = 0;
  let seen = Atomics.load(progress, 0);
  let since = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const current = () => {
    const started = Atomics.load(progress, 0);
    return started > base ? outstanding[started - 1 - base] : undefined;
  };
  const check = () => {
    const started = Atomics.load(progress, 0);
    const now = performance.now();
    if (started !== seen) {
      seen = started;
      since = now;
      return;
    }
    const page = current();
    if (page !== undefined && now - since >= timeoutMs) {
      stop();
      onStuck(page);
    }
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  return {
    sent(paths) {
      outstanding.push(...paths);
      // Checked often enough that a stuck page is found within a quarter of the bound (at most a second) after it.
      timer ??= setInterval(check, Math.min(1000, Math.max(10, timeoutMs / 4))).unref();
    },
    answered(count) {
      outstanding.splice(0, count);
      base += count;
      if (outstanding.length === 0) stop();
    },
    current,
    stop,
  };
}

/** The build's error for a stopped page: its route, its template and the file it comes from. */
export function stoppedPageError(stopped: PageStopped, route: Route | undefined): CleansiteError {
  const template = route ? ` (template "${route.template}")` : '';
  return new CleansiteError({
    code: 'RENDER_FAILED',
    message: stopped.reason === 'time'
      ? `${stopped.page}${template} was still rendering after ${stopped.limits.timeoutMs / 1000} s and was stopped`
      : `${stopped.page}${template} ran out of memory: the render thread's ${stopped.limits.heapMb} MB heap was used up, and it was stopped`,
    hint: stopped.reason === 'time'
      ? 'look for a loop in the template that never ends; a page that is just slow can be given more time with --render-timeout <seconds>'
      : 'look for a template that builds an ever-growing list or string; CLEANSITE_RENDER_HEAP_MB raises the limit',
    location: route ? { file: route.source } : undefined,
    cause: stopped,
  });
}
