// `deploy --dir` on the folder `cleansite watch` writes is refused: it is a development site
// (live-reload client, unhashed /assets/site.css served as immutable, no redirect pages).
// The watch output here is real: the watch command run on a fixture site.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.ts';
import { makeFixtureSite, removeSite } from '../support/fixture-site.ts';
import { startWatchProcess } from '../support/watch-process.ts';

let site: string | undefined;

afterAll(() => removeSite(site));

describe('deploying the output of watch', () => {
  it('is refused with one line naming watch, exit 2, before any request', async () => {
    site = makeFixtureSite();
    const watch = await startWatchProcess(site);
    try {
      expect(watch.alive()).toBe(true);
    } finally {
      await watch.stop();
    }
    const err: string[] = [];
    // An endpoint nothing listens on: the refusal must come before any request.
    const code = await main(['node', 'cleansite', 'deploy', 's3://site-bucket', '--dir', path.join(site, 'out'), '--endpoint', 'http://127.0.0.1:9'], { out: () => true, err: (line) => err.push(line) > 0 });
    expect(code).toBe(2);
    expect(err[0]).toMatch(/^error: refusing --dir .*out: it was written by `cleansite watch`: a development site with the live-reload client and unhashed assets, not a production build$/);
    expect(err.filter((line) => line.startsWith('error:'))).toHaveLength(1);
  }, 60_000);
});
