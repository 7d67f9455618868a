/**
 * Watch's side of the open pages first (session/open-pages-first.ts): which
 * pages a pass puts first (those the dev server's clients are open on, known
 * pages only: server/open-page.ts), the reload sent to them as soon as they
 * are in the output, and the reload the other pages get once the pass ends.
 */
import type { StreamMessage } from '../server/event-stream.ts';
import { trace } from '../core/trace.ts';
import type { LoadedSite } from '../routes/route-content.ts';
import type { OpenPagesFirst } from '../session/open-pages-first.ts';

export interface OpenPagesOptions {
  /** URLs of the pages open in a browser now (the dev server's event stream): rendered first after a change. */
  openPages?: () => readonly string[];
  /** Sends a message to open pages at once, while a rebuild runs (the open pages' reload). */
  tell?: (message: StreamMessage) => void;
  /** True when a later change is waiting: the rest of a pass that put open pages first stops. */
  superseded?: () => boolean;
}

/** What a pass is told about open pages; undefined when no page is open (or nobody listens). */
export function openPagesFirst(options: OpenPagesOptions, reloadNumber: () => number): (OpenPagesFirst & { told: readonly string[] }) | undefined {
  const pages = options.openPages?.() ?? [];
  const tell = options.tell;
  if (pages.length === 0 || !tell) return undefined;
  const first = {
    pages,
    told: [] as readonly string[],
    written(urls: readonly string[]) {
      first.told = urls;
      trace('reload sent');
      tell({ event: 'reload', data: { build: reloadNumber() }, only: urls });
    },
    superseded: options.superseded ?? (() => false),
  };
  return first;
}

/** The messages at the end of a pass: the open pages told first are not reloaded again, and nobody is while part of the pass is left to the next. */
export function afterOpenPages(messages: StreamMessage[], told: readonly string[], deferred: number): StreamMessage[] {
  if (told.length === 0) return messages;
  return messages.flatMap((message) => (message.event !== 'reload' ? [message] : deferred > 0 ? [] : [{ ...message, except: told }]));
}

/** Whether a URL is a page of the site as last routed (the check a client's page passes). */
export function pageUrlsOf(site: LoadedSite | undefined): ReadonlySet<string> {
  return new Set(site?.table.routes.filter((route) => route.format === 'html').map((route) => route.url));
}
