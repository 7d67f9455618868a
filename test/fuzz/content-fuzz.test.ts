/**
 * Gate 6, bad input fuzzed (in-process): 200+ seeded mutations of the real
 * content: truncated and malformed YAML, wrong types, missing and unknown
 * fields, empty files, binary garbage, huge values, duplicate location slugs,
 * YAML alias bombs, bytes that are not UTF-8, over-deep Markdown, dead links
 * and missing images in bodies, names and file names that need the slug rule,
 * and markup payloads in every text field. Each case builds, or fails with
 * CleansiteErrors naming the file while the previous output stays intact;
 * no payload ever becomes markup. Replay a run with FUZZ_SEED=<seed>.
 */
import matter from 'gray-matter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections as contentKinds } from '../support/site-config.ts';
import { resolveBuildDate } from '../../src/core/format.ts';
import { TEST_SOURCE_DATE_EPOCH } from '../support/site-build.ts';
import { stringPaths } from './support/injection.ts';
import { createFuzzRunner, type FuzzRunner } from './support/fuzz-runner.ts';
import { EXPECTED_ERROR, EXPECTED_OUTCOME, generateCase, generateInjectionCase, MUTATION_KINDS, type FuzzCase, type MutationKind } from './support/mutations.ts';
import { createRandom } from './support/random.ts';
import { createReducedSite, type ReducedSite } from './support/reduced-site.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed2026);
/** Cases per mutation kind; with the injection cases the total is over 200. */
const CASES_PER_KIND = 22;
/**
 * Fewer cases where each one costs much and more would take the same path: odd-name builds the
 * whole site every time and tries three names per build (a location, a page, a service);
 * alias-bomb cases each expand up to the bound (about half a second), and every one is refused
 * by the same count.
 */
const CASES: Partial<Record<MutationKind, number>> = { 'odd-name': 8, 'alias-bomb': 8 };

let site: ReducedSite;
let runner: FuzzRunner;
let caseCount = 0;

beforeAll(async () => {
  site = createReducedSite({ inMemory: true });
  runner = createFuzzRunner(site, resolveBuildDate(10, { SOURCE_DATE_EPOCH: String(TEST_SOURCE_DATE_EPOCH) }));
  await runner.buildBaseline();
}, 120_000);

afterAll(() => {
  site?.remove();
});

function report(problems: string[]): string {
  return `seed ${SEED}: ${problems.length} broken promises:\n${problems.join('\n')}`;
}

describe(`Bad content, fuzzed in-process (seed ${SEED})`, () => {
  const kinds = MUTATION_KINDS.filter((kind): kind is Exclude<MutationKind, 'inject'> => kind !== 'inject');
  kinds.forEach((kind, kindIndex) => {
    const cases = CASES[kind] ?? CASES_PER_KIND;
    it(`${kind}: ${cases} cases build or fail cleanly, leaving the previous output intact`, async () => {
      const random = createRandom(SEED + kindIndex * 1_000_003);
      const problems: string[] = [];
      let failed = 0;
      for (let index = 0; index < cases; index++) {
        const fuzzCase = generateCase(random, site.files, caseCount++, kind);
        const { outcome, problems: found } = await runner.run(fuzzCase);
        problems.push(...found);
        if (!outcome.built) failed++;
        const reason = EXPECTED_ERROR[kind];
        if (!outcome.built && reason && !outcome.errors.some((error) => reason.test(error.message) && error.location?.line !== undefined && fuzzCase.blame.includes(error.location.file))) {
          problems.push(`#${fuzzCase.index} ${fuzzCase.description}: no error matching ${reason} with a line in ${fuzzCase.blame.join(' or ')}: ${outcome.errors.map((error) => error.format()).join(' | ')}`);
        }
        if (kind === 'alias-bomb' && outcome.milliseconds > 5_000) problems.push(`#${fuzzCase.index} ${fuzzCase.description}: took ${outcome.milliseconds.toFixed(0)} ms to refuse`);
      }
      expect(problems, report(problems)).toEqual([]);
      // Kinds that always break the file must fail every time, kinds that are valid content must always build; the others fail at least sometimes.
      const expected = EXPECTED_OUTCOME[kind];
      if (expected === 'fails') expect(failed).toBe(cases);
      else if (expected === 'builds') expect(failed).toBe(0);
      else expect(failed).toBeGreaterThan(0);
    }, 180_000); // 22 in-process builds: a loaded shared machine needs more than a minute, and a timed-out loop would go on mutating the copy under the next test
  });

  /**
   * Injection: payloads go into every text field the schema lets take one;
   * a field the build then rejects by name (a location name becomes a slug)
   * keeps its value and the case runs again, so the rest is still checked.
   */
  async function runInjection(files: ReducedSite['files'], label: string, payloadIndex: number): Promise<{ problems: string[]; injected: number; case: FuzzCase }> {
    const skip = new Map<string, Set<string>>();
    const problems: string[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const fuzzCase = generateInjectionCase(files, caseCount++, payloadIndex, label, skip);
      const { outcome, problems: found } = await runner.run(fuzzCase);
      problems.push(...found);
      const injected = [...fuzzCase.injectedFields!.values()].reduce((sum, fields) => sum + fields.length, 0);
      if (outcome.built) {
        if (outcome.pagesShowingPayload === 0) problems.push(`${label}: no page shows any payload text, so the scan proved nothing`);
        return { problems, injected, case: fuzzCase };
      }
      let rejected = 0;
      for (const error of outcome.errors) {
        const field = /^([A-Za-z0-9_.]+): /.exec(error.message)?.[1];
        const file = files.find((candidate) => candidate.projectPath === error.location?.file);
        if (error.code !== 'CONTENT_INVALID' || !field || !file) continue;
        skip.set(file.relative, (skip.get(file.relative) ?? new Set()).add(field));
        rejected++;
      }
      if (rejected === 0) {
        problems.push(`${label}: schema-valid text with payloads failed to build: ${outcome.errors.map((error) => `${error.code} ${error.format()}`).join(' | ')}`);
        return { problems, injected, case: fuzzCase };
      }
    }
    problems.push(`${label}: still rejected after removing the payload from every field the errors named`);
    return { problems, injected: 0, case: generateInjectionCase(files, -1, payloadIndex, label, skip) };
  }

  it('injects markup payloads into every text field of every file at once: none becomes markup', async () => {
    const { problems, case: fuzzCase } = await runInjection(site.files, 'every file', 0);
    expect(problems, report(problems)).toEqual([]);
    // Fields the schema pins down (paths, e-mails, enums, image paths) cannot carry a payload; every other text field must.
    const pinned = site.files.flatMap((file) => {
      const injected = new Set(fuzzCase.injectedFields!.get(file.relative));
      return stringPaths(matter(file.text, { language: 'yaml' }).data).map((fieldPath) => fieldPath.join('.')).filter((field) => !injected.has(field)).map((field) => `${file.relative}: ${field}`);
    });
    const total = site.files.reduce((sum, file) => sum + stringPaths(matter(file.text, { language: 'yaml' }).data).length, 0);
    expect(total - pinned.length, `only ${total - pinned.length} of ${total} text fields took a payload; not injected:\n${pinned.join('\n')}`).toBeGreaterThan(total / 2);
  }, 60_000);

  // One case per collection's folder (and site.md), straight from the site's declaration.
  const folders = Object.values(contentKinds).map((kind) => kind.files.split('/')[0]!);
  folders.forEach((folder, index) => {
    it(`injects payload set #${(index + 1) % 6} into every ${folder} file: none becomes markup`, async () => {
      const files = site.files.filter((file) => (file.relative.includes('/') ? file.relative.split('/')[0] : file.relative) === folder);
      expect(files.length).toBeGreaterThan(0);
      const { problems, injected } = await runInjection(files, folder, index + 1);
      expect(problems, report(problems)).toEqual([]);
      expect(injected).toBeGreaterThan(0);
    }, 60_000);
  });

  // Counted from the plan, not from the cases run so far, so it holds in any order (--sequence.shuffle).
  it('makes at least 200 cases', () => {
    const planned = kinds.reduce((sum, kind) => sum + (CASES[kind] ?? CASES_PER_KIND), 0) + 1 + folders.length;
    expect(planned).toBeGreaterThanOrEqual(200);
  });
});
