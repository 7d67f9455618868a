/**
 * `npm run test:unit` and the integration tier together run every test file
 * once: a test file no project includes never runs (not even in `npm test`),
 * and one in both runs twice and slows the fast tier. The projects' globs
 * (vitest.config.ts) are expanded over the repository as vitest does.
 */
import { globby } from 'globby';
import { describe, expect, it } from 'vitest';
import { TEST_PROJECTS, UNIT_TESTS } from '../../vitest.config.ts';
import { repoRoot } from '../support/fixture-site.ts';

/** Every file vitest would take for a test by its name, wherever it is in the repository. */
const TEST_FILE_PATTERN = '**/*.{test,spec}.{ts,mts,cts,tsx,js,mjs,cjs,jsx}';
const NEVER_TESTS = ['**/node_modules/**', '**/.cache/**', '**/dist/**', '**/.git/**'];

async function filesOf(project: { include: string[]; exclude: string[] }): Promise<string[]> {
  return globby(project.include, { cwd: repoRoot, ignore: [...project.exclude, ...NEVER_TESTS] });
}

describe('test tiers', () => {
  it('puts every test file in exactly one project, unit or integration', async () => {
    const all = await globby(TEST_FILE_PATTERN, { cwd: repoRoot, ignore: NEVER_TESTS });
    // The search itself works: it finds this very file among the suite's seventy-odd.
    expect(all).toContain('test/unit/test-tiers.test.ts');
    expect(all.length).toBeGreaterThan(50);
    const projectsOf = new Map<string, string[]>(all.map((file) => [file, []]));
    for (const [name, project] of Object.entries(TEST_PROJECTS)) {
      for (const file of await filesOf(project)) projectsOf.set(file, [...(projectsOf.get(file) ?? []), name]);
    }
    const wrong = [...projectsOf].filter(([, names]) => names.length !== 1).map(([file, names]) => `${file}: ${names.length === 0 ? 'in no project' : `in ${names.join(' and ')}`}`);
    expect(wrong).toEqual([]);
  });

  it('names only files that exist in the unit list', async () => {
    const stale: string[] = [];
    for (const pattern of UNIT_TESTS) {
      if ((await globby(pattern, { cwd: repoRoot })).length === 0) stale.push(pattern);
    }
    expect(stale).toEqual([]);
  });
});
