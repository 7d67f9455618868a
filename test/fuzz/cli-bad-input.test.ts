/**
 * Gate 6, bad input through the real CLI (a child process, as users run it):
 * a handful of seeded cases exit 1 with one line per problem naming the file,
 * no stack trace, and the previous output intact; an injected-but-valid edit
 * exits 0 and no payload becomes markup.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, runCliBuild } from '../support/site-build.ts';
import { hashTree } from './support/fuzz-runner.ts';
import { scanForInjectedMarkup } from './support/injection.ts';
import { generateCase, generateInjectionCase, type FuzzCase, type MutationKind } from './support/mutations.ts';
import { createRandom } from './support/random.ts';
import { createReducedSite, type ReducedSite } from './support/reduced-site.ts';

/** Fixed (FUZZ_SEED does not apply here): these few cases must each be one that fails, and with this seed they are. */
const SEED = 0x5eed2026;
const FAILING_KINDS: MutationKind[] = ['malformed-yaml', 'binary', 'empty', 'wrong-type', 'unknown-field', 'duplicate-slug'];

let site: ReducedSite;

function buildArgs(): string[] {
  return ['--content', site.contentDir, '--templates', site.templatesDir, '--public', site.publicDir, '--out', site.outDir];
}

async function runCase(fuzzCase: FuzzCase) {
  for (const [relative, contents] of fuzzCase.writes) site.write(relative, contents);
  try {
    return await runCliBuild(buildArgs(), { cwd: site.root });
  } finally {
    site.restore();
  }
}

beforeAll(async () => {
  site = createReducedSite();
  const baseline = await runCliBuild(buildArgs(), { cwd: site.root });
  if (baseline.exitCode !== 0) throw new Error(`the reduced copy does not build:\n${baseline.stderr}`);
}, 120_000);

afterAll(() => {
  site?.remove();
});

describe(`Bad content through the CLI (seed ${SEED})`, () => {
  FAILING_KINDS.forEach((kind, index) => {
    it(`${kind}: exits 1 with one line per problem naming the file, and keeps the previous output`, async () => {
      const fuzzCase = generateCase(createRandom(SEED + 7_919 * (index + 1)), site.files, index, kind);
      // The output as this case finds it (another case may have built since the baseline, in whatever order they run).
      const previous = hashTree(site.outDir);
      const result = await runCase(fuzzCase);
      const context = `${fuzzCase.description}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
      expect(result.exitCode, context).toBe(1);
      const lines = result.stderr.trimEnd().split('\n').filter((line) => !line.startsWith('npm warn'));
      const problems = lines.filter((line) => line.startsWith('error: '));
      expect(problems.length, context).toBeGreaterThan(0);
      for (const line of problems) expect(line, context).toMatch(/^error: content\/[^\s:]+\.md(:\d+)?(:\d+)?: \S/);
      expect(problems.some((line) => fuzzCase.blame.some((file) => line.startsWith(`error: ${file}`))), context).toBe(true);
      for (const line of lines) {
        expect(line, context).toMatch(/^(error: |  hint: |\d+ problems found\.$|Build failed; the previous output was left untouched\.$)/);
        expect(line, context).not.toMatch(/Unexpected failure|^\s+at /);
      }
      expect(lines.at(-1), context).toBe('Build failed; the previous output was left untouched.');
      expect(hashTree(site.outDir), 'the failed build changed the previous output').toBe(previous);
      expect(readdirSync(path.dirname(site.outDir))).toEqual([path.basename(site.outDir)]);
      expect(site.differences(), 'the case did not get back exactly the content it changed').toEqual([]);
    }, 60_000);
  });

  it('exits 0 for payloads in every text field, and no payload becomes markup', async () => {
    // Location names become slugs and sitemapGroup must name a group: the in-process fuzz shows the build rejects markup there.
    const skip = new Map(site.files.map((file) => [file.relative, new Set(['name', 'sitemapGroup'])]));
    const fuzzCase = generateInjectionCase(site.files, 100, 2, 'every file', skip);
    const result = await runCase(fuzzCase);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Built \d+ pages/);
    const scan = scanForInjectedMarkup(site.outDir, listFiles(site.outDir).filter((file) => file.endsWith('.html')));
    expect(scan.problems).toEqual([]);
    expect(scan.pagesShowingPayload).toBeGreaterThan(0);
    expect(site.differences(), 'the case did not get back exactly the content it changed').toEqual([]);
  }, 60_000);
});
