/**
 * robots.txt and sitemap.xml are cleansite's to write (src/output/public-files.ts): a site's own
 * file of either name in public/ stops the build, naming it, and the previous output stays. Until
 * 2026-11-27 the build copied it and then wrote the generated file over it without a word (a
 * robots.txt's Disallow rules were gone from the site); watch's in-place writes are in
 * test/engine/watch-equals-build.test.ts (support/watch-edits.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFixture, hashTree, useThrowawaySites } from '../support/fixture-site.ts';

const site = useThrowawaySites();

describe('a public/ file that cleansite writes itself', () => {
  for (const [name, what] of [['robots.txt', 'allowing every page and naming sitemap.xml'], ['sitemap.xml', 'listing every page']] as const) {
    it(`public/${name} stops the build, naming the file, and the previous output stays`, () => {
      const dir = site();
      const first = buildFixture(dir);
      expect(first.status, first.stderr).toBe(0);
      const before = hashTree(path.join(dir, 'dist'));
      writeFileSync(path.join(dir, 'public', name), name === 'robots.txt' ? 'User-agent: *\nDisallow: /thank-you/\n' : '<urlset/>\n');
      const result = buildFixture(dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`error: public/${name}: cleansite writes ${name} itself (${what}), and it would replace this file`);
      expect(result.stderr).toContain(`hint: remove public/${name}; the ${name} written is in the output folder`);
      expect(hashTree(path.join(dir, 'dist'))).toBe(before);
    }, 120_000);
  }
});
