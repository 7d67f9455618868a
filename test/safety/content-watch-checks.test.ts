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
      const open = await events.next();
      expect(open.event).toBe('build-error');
      expect(JSON.stringify(open.data)).toContain('/images/team.png');
      const from = watch.output.length;
      copyFileSync(path.join(site, 'public/images/pixel.png'), path.join(site, 'public/images/team.png'));
      // The copy changes the output, so pages get a reload whether or not the problem went: the pass's own line says which.
      const rebuilt = await watch.waitForLine(/public\/images\/team\.png|copied \d+ public file/, from);
      expect(rebuilt, 'the rebuild after adding the image still reports an open problem').not.toMatch(/problems? open/);
      expect((await events.next()).event).toBe('reload');
    } finally {
      events.close();
    }
    // A page that connects now is greeted with no problem: the first event after hello is not build-error.
    const fresh = await readEvents(watch.url);
    try {
      await fresh.next((event) => event.event === 'hello');
      expect(fresh.events.filter((event) => event.event === 'build-error'), 'a newly connected page is still shown the missing image').toEqual([]);
    } finally {
      fresh.close();
    }
  }, 60_000);
});
