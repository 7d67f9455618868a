/**
 * The parse queue (src/cache/content-cache.ts) splits a cold load between this thread and helper
 * threads in batches. Whoever parses a batch, and however late its answer comes, the loaded
 * content and the errors must come out in file order, exactly as a load on one thread.
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentCached, type ParseHelper, type ParseHelpers } from '../../src/content/content-loader.ts';
import { parseSources, type ContentSource } from '../../src/content/parse-sources.ts';
import { validatedFile } from '../../src/content/assemble-content.ts';
import { collections } from '../support/site-config.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'basic-site');
let root: string;

beforeAll(() => {
  root = makeTempDir('cleansite-parse-queue-');
  cpSync(path.join(FIXTURE, 'content'), path.join(root, 'content'), { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Helpers that parse in this thread after `delay` ms, recording the files each was given. */
function fakeHelpers(count: number, delay: (batch: number) => number): { helpers: ParseHelpers; given: string[][] } {
  const given: string[][] = [];
  let batch = 0;
  const helper = (): ParseHelper => ({
    async parse(sources: ContentSource[]) {
      given.push(sources.map((source) => source.relative));
      const wait = delay(batch++);
      await new Promise((resolve) => setTimeout(resolve, wait));
      return parseSources(sources, collections);
    },
    share() {},
  });
  return { given, helpers: { start: () => Array.from({ length: count }, helper), loaded: () => false } };
}

const load = (helpers?: ParseHelpers) => loadContentCached({ contentDir: path.join(root, 'content'), rootDir: root, collections, codeVersion: 'unit-test', helpers });
const errorsOf = async (helpers?: ParseHelpers) => {
  try {
    await load(helpers);
    return [];
  } catch (error) {
    return (error as { errors: Array<{ format(): string }> }).errors.map((item) => item.format());
  }
};

describe('the parse queue', () => {
  it('gives the same content in the same order with helpers as on one thread, whichever answers first', async () => {
    const alone = await load();
    // Later batches answer first: the merge must not follow arrival order.
    const { helpers, given } = fakeHelpers(2, (batch) => 40 - batch * 5);
    const shared = await load(helpers);
    expect(shared.parsedElsewhere).toBeGreaterThan(0);
    expect(shared.parsedElsewhere).toBe(given.flat().length);
    expect(shared.parsed).toBe(alone.parsed);
    expect(shared.items.map((entry) => validatedFile(entry.item))).toEqual(alone.items.map((entry) => validatedFile(entry.item)));
    expect(JSON.stringify(shared.content)).toBe(JSON.stringify(alone.content));
  });

  it('reports errors in file order whichever thread found them', async () => {
    for (const name of ['a-broken.md', 'm-broken.md', 'z-broken.md']) writeFileSync(path.join(root, 'content', 'faqs', name), '---\nquestion: [unclosed\n---\n');
    try {
      const alone = await errorsOf();
      expect(alone.length).toBeGreaterThanOrEqual(3);
      const { helpers } = fakeHelpers(1, (batch) => 30 - batch * 3);
      expect(await errorsOf(helpers)).toEqual(alone);
    } finally {
      for (const name of ['a-broken.md', 'm-broken.md', 'z-broken.md']) rmSync(path.join(root, 'content', 'faqs', name));
    }
  });
});
