/**
 * The browser side of live reload, served as /__cleansite/live-reload.js
 * (a file, not inline, so the site's Content-Security-Policy stays strict).
 * It listens to the watch server's event stream, naming the page it is open
 * on (so watch renders that page first): `reload` reloads the page,
 * `css` swaps the stylesheet without a reload, `build-error` shows the
 * problems over the page and `clear` removes them. Text goes in through
 * textContent only, so an error message can never become markup.
 */

export const LIVE_RELOAD_PATH = '/__cleansite/live-reload.js';
export const EVENTS_PATH = '/__cleansite/events';

export interface OverlayProblem {
  file?: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
}

/** The script's source: the function below, serialised and called with its settings. */
export function renderLiveReloadClient(): string {
  return `(${liveReloadClient.toString()})(${JSON.stringify({ eventsPath: EVENTS_PATH })});\n`;
}

// Runs in the browser: it must not refer to anything outside its own body.
function liveReloadClient(settings: { eventsPath: string }): void {
  const OVERLAY_ID = 'cleansite-error-overlay';
  let buildId: string | undefined;

  const removeOverlay = () => document.getElementById(OVERLAY_ID)?.remove();

  const showOverlay = (problems: OverlayProblem[]) => {
    removeOverlay();
    const overlay = document.createElement('div');
    overlay.id = OVERLAY_ID;
    overlay.setAttribute('role', 'alert');
    Object.assign(overlay.style, {
      position: 'fixed', inset: '0', zIndex: '2147483647', overflow: 'auto', padding: '2rem',
      background: 'rgba(24, 24, 27, 0.94)', color: '#f4f4f5', font: '14px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace',
    });
    const title = document.createElement('h2');
    title.textContent = problems.length === 1 ? 'cleansite: the last change did not build' : `cleansite: the last change did not build (${problems.length} problems)`;
    Object.assign(title.style, { margin: '0 0 0.5rem', font: 'bold 18px/1.3 system-ui, sans-serif', color: '#fca5a5' });
    const note = document.createElement('p');
    note.textContent = 'The page shows the last good build. Fix the file and save: this message goes away by itself.';
    Object.assign(note.style, { margin: '0 0 1.5rem', font: '14px/1.5 system-ui, sans-serif' });
    overlay.append(title, note);
    for (const problem of problems) {
      const item = document.createElement('section');
      item.className = 'cleansite-problem';
      Object.assign(item.style, { borderTop: '1px solid #52525b', padding: '0.75rem 0' });
      const where = document.createElement('div');
      where.className = 'cleansite-problem-location';
      where.textContent = problem.file ? `${problem.file}${problem.line ? `:${problem.line}` : ''}${problem.column ? `:${problem.column}` : ''}` : '(no file)';
      Object.assign(where.style, { color: '#fde68a', fontWeight: 'bold' });
      const message = document.createElement('pre');
      message.className = 'cleansite-problem-message';
      message.textContent = problem.message;
      Object.assign(message.style, { margin: '0.25rem 0', whiteSpace: 'pre-wrap' });
      item.append(where, message);
      if (problem.hint) {
        const hint = document.createElement('div');
        hint.textContent = `hint: ${problem.hint}`;
        hint.style.color = '#a1a1aa';
        item.append(hint);
      }
      overlay.append(item);
    }
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.textContent = 'Dismiss';
    Object.assign(dismiss.style, { marginTop: '1rem', padding: '0.4rem 1rem', font: 'inherit', cursor: 'pointer' });
    dismiss.addEventListener('click', removeOverlay);
    overlay.append(dismiss);
    document.body.append(overlay);
  };

  const swapStylesheet = (href: string) => {
    const target = new URL(href, location.href);
    for (const link of Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))) {
      if (new URL(link.href, location.href).pathname !== target.pathname) continue;
      const next = link.cloneNode() as HTMLLinkElement;
      next.removeAttribute('integrity');
      next.setAttribute('href', href);
      // Keep the old sheet until the new one has loaded, so the page never flashes unstyled.
      next.addEventListener('load', () => link.remove(), { once: true });
      next.addEventListener('error', () => next.remove(), { once: true });
      link.after(next);
    }
  };

  const read = <T,>(event: Event): T => JSON.parse((event as MessageEvent<string>).data) as T;
  // The page this client is open on: watch renders it before the rest after a change (src/server/open-page.ts).
  const source = new EventSource(`${settings.eventsPath}?page=${encodeURIComponent(location.pathname)}`);
  source.addEventListener('hello', (event) => {
    const next = read<{ buildId: string }>(event).buildId;
    // A different build after a reconnect means a reload was missed while disconnected.
    if (buildId !== undefined && buildId !== next) location.reload();
    buildId = next;
  });
  source.addEventListener('reload', () => location.reload());
  source.addEventListener('css', (event) => swapStylesheet(read<{ href: string }>(event).href));
  source.addEventListener('build-error', (event) => showOverlay(read<{ problems: OverlayProblem[] }>(event).problems));
  source.addEventListener('clear', removeOverlay);
}
