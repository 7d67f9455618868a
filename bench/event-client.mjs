/**
 * A client of watch's event stream, as the live-reload script is one (the benches' only one).
 * `page`: the page it says it is open on (`?page=`), so watch renders and reloads it first.
 * `next(name?)` resolves with the next unread event of that name (any, without one).
 */
import { get } from 'node:http';

export function connectEvents(baseUrl, page) {
  const url = new URL('/__cleansite/events', baseUrl);
  if (page) url.searchParams.set('page', page);
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false }, (response) => {
      const events = [];
      let cursor = 0;
      let buffer = '';
      let wake = () => {};
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name) events.push({ event: name, data: data === undefined ? undefined : JSON.parse(data) });
        }
        wake();
      });
      resolve({
        skipAll: () => { cursor = events.length; },
        next: (name, timeoutMs = 15_000) => new Promise((resolveEvent, rejectEvent) => {
          const timer = setTimeout(() => rejectEvent(new Error(`no ${name ?? ''} event within ${timeoutMs} ms`)), timeoutMs);
          wake = () => {
            const index = events.findIndex((event, position) => position >= cursor && (!name || event.event === name));
            if (index === -1) return;
            cursor = index + 1;
            clearTimeout(timer);
            wake = () => {};
            resolveEvent(events[index]);
          };
          wake();
        }),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
