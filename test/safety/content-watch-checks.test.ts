/**
 * `watch` checks content as `build` does: a dead link or a missing image in a
 * Markdown body is reported with file and line, and the report clears when
 * public/ gains the missing file, without a content edit or a restart.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEvents, useWatchProcesses } from '../support/watch-process.ts';

const watching = useWatchProcesses();

describe('watch runs the content checks of build', () => {
  it('reports a missing body image with file and line, and clears it once the image is added to public/', async () => {
    const site = watching.site('watch-overlay');
    const about = path.join(site, 'content/pages/about.md');
    writeFileSync(about, `${readFileSync(about, 'utf8').trimEnd()}\n\n![The team](/images/team.png)\n`);
    const line = readFileSync(about, 'utf8').split('\n').findIndex((text) => text.includes('/images/team.png')) + 1;

    const watch = await watching.start(site);
    expect(watch.output).toContain(`error: content/pages/about.md:${line}: uses the image /images/team.png, which is not in public/`);

    const events = await readEvents(watch.url);
    try {
      await events.next((event) => event.event === 'hello');
      expect((await events.next()).event).toBe('build-error');
      copyFileSync(path.join(site, 'public/images/pixel.png'), path.join(site, 'public/images/team.png'));
      expect(['reload', 'clear']).toContain((await events.next((event) => event.event !== 'build-error')).event);
    } finally {
      events.close();
    }
  }, 60_000);
});
