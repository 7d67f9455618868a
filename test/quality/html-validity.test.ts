/**
 * Gate 1, HTML validity: every built page passes html-validate's recommended
 * preset, with only the React-spelling relaxations of .htmlvalidate.mjs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, type BuiltSite } from '../support/site-build.ts';
import { sharedSite } from '../support/shared-site.ts';

let site: BuiltSite;
let config: ConfigData;

beforeAll(async () => {
  // The same file `npx html-validate dist` picks up.
  config = ((await import(pathToFileURL(path.join(PROJECT_ROOT, '.htmlvalidate.mjs')).href)) as { default: ConfigData }).default;
  site = await sharedSite();
}, 120_000);

afterAll(async () => {
  await site?.remove();
});

describe('HTML validity (html-validate, recommended preset)', () => {
  it('relaxes only the rules whose preferred spelling React cannot produce', () => {
    const rules = config.rules ?? {};
    expect(config.extends).toEqual(['html-validate:recommended']);
    expect(Object.keys(rules).sort()).toEqual(['attr-case', 'attribute-boolean-style', 'attribute-empty-style', 'void-style']);
    for (const setting of Object.values(rules)) expect(Array.isArray(setting) ? setting[0] : setting).toBe('error');
  });

  it('finds zero errors on every built page', async () => {
    expect(site.htmlFiles.length).toBeGreaterThan(0);
    const validator = new HtmlValidate(config);
    // The same problem on many pages (a shared header) is reported once, with the pages it is on.
    const problems = new Map<string, Set<string>>();
    let count = 0;
    for (const file of site.htmlFiles) {
      const report = await validator.validateString(readFileSync(path.join(site.dir, file), 'utf8'), file);
      for (const result of report.results) {
        for (const message of result.messages) {
          const key = `${message.ruleId}: ${message.message}${message.selector ? ` at ${message.selector}` : ''}`;
          problems.set(key, (problems.get(key) ?? new Set()).add(file));
          count++;
        }
      }
    }
    const lines = [...problems].map(([key, files]) => {
      const pages = [...files];
      return `${key}\n    on ${pages.length} page${pages.length === 1 ? '' : 's'}: ${pages.slice(0, 4).join(', ')}${pages.length > 4 ? `, ... (+${pages.length - 4})` : ''}`;
    });
    expect(count, `${count} html-validate errors (${problems.size} distinct):\n${lines.join('\n')}`).toBe(0);
  }, 60_000);
});
