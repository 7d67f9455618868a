/**
 * Site modules (site.config.ts, the templates) are ES modules, imported by
 * the real CLI the same way the tests import them from src/: top-level
 * `await` works in both (issue 21: the CLI once turned every import() into
 * require(), which refuses an ES module graph with top-level await).
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { buildFixture, repoRoot, useThrowawaySites } from '../support/fixture-site.ts';

const site = useThrowawaySites();

describe('site modules loaded by the CLI', () => {
  it('builds a site whose site.config.ts and templates use top-level await', () => {
    const dir = site();
    const config = path.join(dir, 'templates', 'site.config.ts');
    unlinkSync(config);
    writeFileSync(config, [
      "import { defineSite } from 'cleansite';",
      `import base from ${JSON.stringify(path.join(repoRoot, 'templates', 'site.config.ts'))};`,
      '// Awaited while the module loads, as a config reading a file with fs/promises would.',
      'const lang = await Promise.resolve(base.lang);',
      'export default defineSite({ ...base, lang });',
      '',
    ].join('\n'));
    const template = path.join(dir, 'templates', 'generic.tsx');
    const source = readFileSync(template, 'utf8');
    writeFileSync(template, source
      .replace("export function Generic", "const loadedWith = await Promise.resolve('top-level await');\n\nexport function Generic")
      .replace('<body data-template={route.template}>', '<body data-template={route.template} data-loaded={loadedWith}>'));

    const result = buildFixture(dir, ['--quiet'], path.join(dir, 'out'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const home = load(readFileSync(path.join(dir, 'out', 'index.html'), 'utf8'));
    expect(home('body').attr('data-loaded')).toBe('top-level await');
  }, 120_000);
});
