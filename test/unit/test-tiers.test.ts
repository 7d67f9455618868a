/**
 * `npm run test:unit` and the integration projects together run every test file
 * once: a test file no project includes never runs (not even in `npm test`),
 * and one in two runs twice and slows the fast tier. The projects' globs
 * (vitest.config.ts) are expanded over the repository as vitest does. A file
 * of `integration-shared` shares its worker's modules with the files before
 * it, so it must leave nothing behind that another could see.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { globby } from 'globby';
import { describe, expect, it } from 'vitest';
import { SHARED_INTEGRATION_TESTS, TEST_PROJECTS, UNIT_TESTS } from '../../vitest.config.ts';
import { LONG_FILE_SECONDS } from '../support/test-order.ts';
import { repoRoot } from '../support/fixture-site.ts';

/** Every file vitest would take for a test by its name, wherever it is in the repository. */
const TEST_FILE_PATTERN = '**/*.{test,spec}.{ts,mts,cts,tsx,js,mjs,cjs,jsx}';
const NEVER_TESTS = ['**/node_modules/**', '**/.cache/**', '**/dist/**', '**/.git/**'];

async function filesOf(project: { include: string[]; exclude: string[] }): Promise<string[]> {
  return globby(project.include, { cwd: repoRoot, ignore: [...project.exclude, ...NEVER_TESTS] });
}

describe('test tiers', () => {
  it('puts every test file in exactly one project: unit, integration or integration-shared', async () => {
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

  it('names only files that exist in the unit and the shared lists and the long files of test-order.ts', async () => {
    const stale: string[] = [];
    for (const pattern of [...UNIT_TESTS, ...SHARED_INTEGRATION_TESTS, ...Object.keys(LONG_FILE_SECONDS)]) {
      if ((await globby(pattern, { cwd: repoRoot })).length === 0) stale.push(pattern);
    }
    expect(stale).toEqual([]);
  });

  it('keeps the files that share a worker free of mocks, stubs and changes to the environment or the working folder', async () => {
    const shared = await filesOf(TEST_PROJECTS['integration-shared']);
    expect(shared.length).toBeGreaterThan(10);
    const problems = shared.flatMap((file) => [...testModulesOf(file)].flatMap((module) => sharingProblems(module)
      .map((problem) => `${file}${module === file ? '' : ` (through ${module})`}: ${problem}`)));
    expect(problems, 'move the file to the integration project (a process of its own), or leave the state as it was').toEqual([]);
  });

  it('finds each kind of state a shared file could leave behind', () => {
    const leaks = ["vi.mock('../x.ts')", "vi.spyOn(console, 'log')", 'vi.stubEnv("A", "1")', 'vi.useFakeTimers()', "process.chdir('/tmp')",
      'process.env.FOO = "1"', "process.env['FOO'] = '1'", 'Object.assign(process.env, creds)', 'delete process.env.FOO', 'process.env = saved'];
    for (const leak of leaks) expect(sharingProblems('test/x.test.ts', `it('a', () => { ${leak}; });`), leak).toHaveLength(1);
    expect(sharingProblems('test/x.test.ts', "const { NODE_ENV, ...rest } = process.env; if (process.env.CI === '1') run({ env: { ...process.env } });")).toEqual([]);
  });
});

/** What a module does that a later file in the same worker would inherit. */
const LEAKS: Array<[RegExp, string]> = [
  [/\bvi\.(mock|doMock|spyOn|stub\w*|useFakeTimers|resetModules)\b/, 'mocks or stubs'],
  [/process\.chdir\(/, 'changes the working folder'],
  [/process\.env(\.\w+|\[[^\]]+\])?\s*=(?!=)|Object\.assign\(process\.env\b|delete process\.env\b/, 'changes process.env'],
];

function sharingProblems(file: string, text = readFileSync(path.join(repoRoot, file), 'utf8')): string[] {
  return LEAKS.filter(([pattern]) => pattern.test(text)).map(([, what]) => what);
}

/** A test file and the modules under test/ it imports, directly or through another (the engine under src/ is the unit tier's rule). */
function testModulesOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  for (const [, specifier] of text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)) {
    const target = path.posix.join(path.posix.dirname(file), specifier!);
    // A module a test writes as text (a template's import in a fixture string) is no file here: nothing to scan.
    if (target.startsWith('test/') && existsSync(path.join(repoRoot, target))) testModulesOf(target, seen);
  }
  return seen;
}
