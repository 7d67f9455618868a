/**
 * `cleansite watch` when the first build cannot finish, and with templates
 * that leave out the live-reload client: the watcher still starts, says what
 * is wrong, and builds the whole site once the problem is fixed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/fixture-site.ts';
import { readEvents, useWatchProcesses } from '../support/watch-process.ts';

const watching = useWatchProcesses();

describe('cleansite watch at start-up', () => {
  it('starts with broken content, serves a page that reloads itself, and builds everything once fixed', async () => {
    const site = watching.site('watch-overlay');
    const location = path.join(site, 'content', 'locations', 'west-end.md');
    const good = readFileSync(location, 'utf8');
    writeFileSync(location, good.replace('region: Brisbane Area', 'region: Brisbane Area: x'));

    const watch = await watching.start(site);
    expect(watch.output).toContain('The first build has 1 problem; fix and save, the watcher keeps going.');
    expect(watch.output.some((line) => line.startsWith('error: content/locations/west-end.md:3:'))).toBe(true);
    expect(existsSync(path.join(site, 'out', 'index.html'))).toBe(false);

    // Nothing is built yet: every path answers 404 with a page that loads the live-reload client.
    const waiting = await fetch(new URL('/locations/west-end/', watch.url));
    expect(waiting.status).toBe(404);
    expect(await waiting.text()).toContain('<script src="/__cleansite/live-reload.js" defer></script>');

    const events = await readEvents(watch.url);
    try {
      await events.next((event) => event.event === 'hello');
      expect((await events.next()).event).toBe('build-error');
      writeFileSync(location, good);
      expect((await events.next()).event).toBe('reload');
    } finally {
      events.close();
    }
    expect(await watch.waitForLine(/west-end\.md changed/)).toMatch(/^content\/locations\/west-end\.md changed: re-rendered 9 pages in \d+ ms\.$/);
    expect(readFileSync(path.join(site, 'out', 'locations', 'west-end', 'index.html'), 'utf8')).toContain('<h1>Commercial Cleaning in West End</h1>');
    expect(existsSync(path.join(site, 'out', 'sitemap.xml'))).toBe(true);
    expect(existsSync(path.join(site, 'out', 'assets', 'site.css'))).toBe(true);
  });

  it('warns when the templates leave out the live-reload client', async () => {
    const site = watching.site();
    const watch = await watching.start(site);
    expect(watch.output).toContain('warning: index.html has no <script src="/__cleansite/live-reload.js">: the templates do not render assets.devScripts, so open pages will not reload or show errors (see src/render/page-props.ts BuildAssets)');
  });

  it('refuses an output folder inside a watched folder (it would rebuild forever)', () => {
    const site = watching.site();
    const result = runCli(['watch', '--port', '0', '--out', 'public/preview'], site);
    expect(result.status).toBe(2);
    // The output check shared with `build` (src/output/output-guard.ts) refuses it before the watcher starts.
    expect(result.stderr).toContain('error: refusing --out public/preview: it lies inside the public folder public/');
  });
});
