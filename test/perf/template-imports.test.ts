/**
 * Every build loads the compiled templates, so what they import is paid on
 * every build: importing one value from a module that uses zod once made
 * each build load zod's ~50 ES modules. The templates may import React and
 * nothing else from node_modules.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as siteApi from '../../src/config/site-api.ts';
import { compileTemplates } from '../../src/render/compile-templates.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const cacheDir = makeTempDir('cleansite-template-imports-');
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('compiled templates', () => {
  it('import nothing from node_modules but React', async () => {
    const { modulePath } = await compileTemplates(path.join(PROJECT_ROOT, 'templates'), cacheDir);
    const code = readFileSync(modulePath, 'utf8');
    const imported = new Set([...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"|^import\s*"([^"]+)"/gm)].map((match) => match[1] ?? match[2]));
    expect(imported.size).toBeGreaterThan(0);
    for (const specifier of imported) expect(specifier).toMatch(/^react(-dom)?(\/|$)/);
  });

  it('build no zod schema as they load: every render worker loads them, and the site config holds the schemas', async () => {
    const { modulePath } = await compileTemplates(path.join(PROJECT_ROOT, 'templates'), cacheDir);
    // The engine API the compiled module reads as it loads, with zod and the date schema watched.
    const used: string[] = [];
    const z = new Proxy(siteApi.z, { get: (target, name, receiver) => (used.push(`z.${String(name)}`), Reflect.get(target, name, receiver)) });
    const isoDate = () => (used.push('isoDate()'), siteApi.isoDate());
    const key = Symbol.for('cleansite.engine-api');
    const global = globalThis as Record<symbol, unknown>;
    const before = global[key];
    global[key] = { ...siteApi, z, isoDate };
    try {
      const loaded = await import(`${pathToFileURL(modulePath).href}?watched`) as { templates?: Record<string, unknown> };
      expect(Object.keys(loaded.templates ?? {}).length).toBeGreaterThan(0);
    } finally {
      global[key] = before;
    }
    expect(used).toEqual([]);
  });
});
