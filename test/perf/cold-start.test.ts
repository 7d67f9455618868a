/**
 * What keeps the cold build of the committed site fast without changing what
 * it checks or where its program lives:
 *
 * - a collection's first files are validated by zod without its generated
 *   code (validate-content.ts), the rest with it: both ways must accept and
 *   reject the same values with the same issues;
 * - the compiled CLI is the program, not a build cache: it lives in lib/cli/,
 *   so a run after `.cache/` was removed does not compile the CLI again;
 * - the render worker is compiled as one CommonJS file, as the CLI is: a
 *   small build's worker then spends less on Node's ES-module loader;
 * - on Node 20 (no module.enableCompileCache) both bundles keep V8's code
 *   cache in lib/cli/code-cache/, and damaged data is only compiled again;
 *   each cache covers what wrote it (a command, a worker's first render), is
 *   written once per purpose and per set of V8 flags, and never serves a
 *   changed bundle.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSources, type ContentSource } from '../../src/content/parse-sources.ts';
import { makeFixtureSite, removeSite } from '../support/fixture-site.ts';
import { cliEnv } from '../support/cli.ts';
import { copyRealSite, type RealSiteCopy } from '../support/real-site.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { collections } from '../support/site-config.ts';

/** Node 22.1+ keeps V8's compiled code itself (module.enableCompileCache); Node 20 has bin/load-bundle.mjs's cache. */
const NODE_KEEPS_COMPILED_CODE = 'enableCompileCache' in module;

function faq(index: number, frontMatter: string): ContentSource {
  const relative = `faqs/faq-${String(index).padStart(3, '0')}.md`;
  const text = `---\n${frontMatter}\n---\nAn answer to question ${index}, long enough to be an answer.\n`;
  return { relative, file: `content/${relative}`, absolute: path.join(PROJECT_ROOT, 'content', relative), read: { text, fingerprint: `fingerprint-${index}` } };
}

describe('validation before and after zod generates its code', () => {
  it('gives the same entries and the same issues for the first and the 120th file of a collection', () => {
    // Alternating valid and invalid files, well past the switch to generated code.
    const sources = Array.from({ length: 120 }, (_, index) => index % 2 === 0
      ? faq(index, `question: Question number ${index}?\norder: ${index}`)
      : faq(index, `question: 42\norder: not a number\nunknownField: true`));
    const parsed = parseSources(sources, collections);
    expect(parsed.readErrors).toEqual([]);
    expect(parsed.parseErrors).toEqual([]);
    expect(parsed.items).toHaveLength(60);
    const first = (parsed.items[0]!.item as { entry: Record<string, unknown> }).entry;
    const last = (parsed.items[59]!.item as { entry: Record<string, unknown> }).entry;
    expect(first.question).toBe('Question number 0?');
    expect(last.question).toBe('Question number 118?');
    expect(Object.keys(last).sort()).toEqual(Object.keys(first).sort());

    const issuesOf = (file: string) => parsed.validationErrors
      .filter((error) => error.location?.file === file)
      .map((error) => `${error.code} ${error.location?.line} ${error.message}`);
    const early = issuesOf('content/faqs/faq-001.md');
    const late = issuesOf('content/faqs/faq-119.md');
    expect(early.length).toBeGreaterThan(0);
    expect(late).toEqual(early);
    expect(parsed.validationErrors).toHaveLength(60 * early.length);
  });
});

describe('the compiled CLI', () => {
  let copy: RealSiteCopy | undefined;
  /** One copy of the program for the file's tests (made by the first that needs it), and its code cache folder. */
  const launcher = () => {
    copy ??= copyRealSite({ folders: [], program: true, prefix: 'cleansite-launcher-' });
    return { copy, codeCache: path.join(copy.root, 'lib', 'cli', 'code-cache') };
  };
  afterAll(() => copy?.remove());

  it('lives in lib/cli/ with a one-file CommonJS render worker, and removing .cache/ does not make the next run compile it again', () => {
    // Only the program: the build below is of a fixture site. The copy has its own .cache/ (real-site.ts says how).
    copy = copyRealSite({ folders: [], program: true, prefix: 'cleansite-launcher-' });
    const run = copy.cli;

    expect(run(['--version'])).toMatch(/^\d+\.\d+\.\d+$/);
    const bundle = path.join(copy!.root, 'lib', 'cli', 'cli-bundle.cjs');
    const compiledAt = statSync(bundle).mtimeMs;
    // The worker's entry point only requires its one-file CommonJS bundle: no ES-module chunks.
    const compiled = readdirSync(path.dirname(bundle));
    expect(compiled).toContain('render-worker.cjs');
    expect(compiled).not.toContain('chunks');
    expect(readFileSync(path.join(path.dirname(bundle), 'render-worker.mjs'), 'utf8')).toContain("new URL('./render-worker.cjs', import.meta.url)");
    // A build fills the copy's own .cache/ (compiled templates, content, images) ...
    const site = makeFixtureSite();
    try {
      expect(run(['build', '--out', path.join(site, 'dist')], site)).toMatch(/^Built 7 pages/);
    } finally {
      removeSite(site);
    }
    const cache = path.join(copy!.root, '.cache');
    expect(readdirSync(cache).length, 'the build wrote nothing to the copy\'s .cache/').toBeGreaterThan(0);
    expect(existsSync(path.join(cache, 'cli')), 'the compiled CLI is in .cache/').toBe(false);

    // ... which is removed, and the next run still uses the compiled CLI as it was.
    rmSync(cache, { recursive: true });
    expect(existsSync(cache)).toBe(false);
    expect(run(['--version'])).toMatch(/^\d+\.\d+\.\d+$/);
    expect(statSync(bundle).mtimeMs).toBe(compiledAt);
  }, 180_000);

  it('keeps V8\'s code cache for the CLI and the render worker where Node has no compile cache, a damaged cache is written again, one that cannot be written is done without', () => {
    const { copy, codeCache } = launcher();
    const site = makeFixtureSite();
    try {
      const first = buildQuietly(copy, site, 'first');
      if (NODE_KEEPS_COMPILED_CODE) {
        // Node keeps the compiled code itself (lib/cli/compile-cache/): no second cache.
        expect(existsSync(codeCache)).toBe(false);
        return;
      }
      const cacheFiles = () => readdirSync(codeCache).sort();
      expect(cacheFiles()).toEqual([expect.stringMatching(/^cli-bundle-[0-9a-f]{20}-[0-9a-f]{8}\.bin$/), expect.stringMatching(/^render-worker-[0-9a-f]{20}-[0-9a-f]{8}\.bin$/)]);
      // Damaged data (a disk error, another Node with the same version string): V8 rejects it.
      const damaged = Buffer.from('not V8 code cache data');
      for (const name of cacheFiles()) writeFileSync(path.join(codeCache, name), damaged);
      const second = buildQuietly(copy, site, 'second');
      expect(second).toEqual(first);
      for (const name of cacheFiles()) expect(readFileSync(path.join(codeCache, name)).equals(damaged), `${name} was not written again`).toBe(false);
      // A cache that cannot be written (here code-cache/ is a file): the CLI runs without it.
      rmSync(codeCache, { recursive: true });
      writeFileSync(codeCache, 'not a folder');
      expect(buildQuietly(copy, site, 'third')).toEqual(first);
    } finally {
      removeSite(site);
    }
  }, 180_000);

  // Where Node keeps the compiled code itself (22.1+, the test above) there is no code cache of ours: reported as skipped.
  it.skipIf(NODE_KEEPS_COMPILED_CODE)('writes the code cache once a command or a worker\'s first render has run, not again, and a file of its own for other V8 flags', () => {
    const { copy, codeCache } = launcher();
    // A fresh install: npm's `prepare` runs `--version` first.
    rmSync(codeCache, { recursive: true, force: true });
    expect(copy.cli(['--version']).trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(coverage(codeCache)).toEqual({ 'cli-bundle': ['options'] });
    // A failed build ran only part of a build's code, `build --help` none of it: neither covers a build.
    const broken = makeFixtureSite('missing-field');
    try {
      const failed = spawnSync(process.execPath, ['--preserve-symlinks', path.join(copy.root, 'bin', 'cleansite.mjs'), 'build', '--quiet', '--out', path.join(broken, 'dist')], { cwd: broken, encoding: 'utf8', env: cliEnv() });
      expect(failed.status, failed.stderr).toBe(1);
    } finally {
      removeSite(broken);
    }
    expect(copy.cli(['build', '--help'])).toContain('--out');
    expect(coverage(codeCache)).toEqual({ 'cli-bundle': ['options'] });
    const site = makeFixtureSite();
    try {
      const first = buildQuietly(copy, site, 'first');
      // Each file says what it covers: the CLI's `--version` and the build, the worker's its first render.
      expect(coverage(codeCache)).toEqual({ 'cli-bundle': ['options', 'build'], 'render-worker': ['render'] });
      const written = cacheState(codeCache);
      expect(buildQuietly(copy, site, 'second')).toEqual(first);
      expect(cacheState(codeCache), 'a build the cache covers wrote it again').toEqual(written);

      // Other V8 flags: V8 would reject the data above, so they get files of their own, and the
      // default flags' files stay as they were for the next default run.
      const otherFlags = ['--interrupt-budget=135168'];
      expect(buildQuietly(copy, site, 'third', otherFlags)).toEqual(first);
      const both = cacheState(codeCache);
      expect(Object.keys(both)).toHaveLength(4);
      for (const [name, state] of Object.entries(written)) expect(both[name], name).toEqual(state);
      expect(buildQuietly(copy, site, 'fourth')).toEqual(first);
      expect(buildQuietly(copy, site, 'fifth', otherFlags)).toEqual(first);
      expect(cacheState(codeCache), 'a run under either set of flags wrote the other\'s cache').toEqual(both);
    } finally {
      removeSite(site);
    }
  }, 180_000);

  it.skipIf(NODE_KEEPS_COMPILED_CODE)('never runs a cached compile of other code: a bundle changed in place (same length) runs as changed, and its cache is made anew', () => {
    const { copy, codeCache } = launcher();
    const bundle = path.join(copy.root, 'lib', 'cli', 'cli-bundle.cjs');
    const site = makeFixtureSite();
    try {
      expect(copy.cli(['build', '--out', path.join(site, 'first')], site)).toMatch(/^Built 7 pages/);
      expect(coverage(codeCache)['cli-bundle']).toContain('build');
      const before = Object.keys(cacheState(codeCache)).filter((name) => name.startsWith('cli-bundle-'));
      // V8 itself checks only the source's length against cached data: the cache must be another file.
      const source = readFileSync(bundle, 'latin1');
      expect(source.split('`Built ${').length - 1).toBeGreaterThan(0);
      writeFileSync(bundle, source.replaceAll('`Built ${', '`Baked ${'), 'latin1');
      expect(copy.cli(['build', '--out', path.join(site, 'second')], site)).toMatch(/^Baked 7 pages/);
      const after = Object.keys(cacheState(codeCache)).filter((name) => name.startsWith('cli-bundle-'));
      expect(after).toHaveLength(1);
      expect(before).not.toContain(after[0]);
    } finally {
      removeSite(site);
    }
  }, 180_000);
});

/** What each bundle's cache files cover (the first line of each), by bundle. */
function coverage(codeCache: string): Record<string, string[]> {
  const covers: Record<string, string[]> = {};
  for (const name of readdirSync(codeCache).filter((file) => file.endsWith('.bin'))) {
    const line = readFileSync(path.join(codeCache, name), 'latin1').split('\n', 1)[0]!;
    expect(line, name).toMatch(/^cleansite code cache, covers:/);
    covers[name.replace(/-[0-9a-f]{20}-[0-9a-f]{8}\.bin$/, '')] = line.replace(/^cleansite code cache, covers:/, '').split(',');
  }
  return covers;
}

/** Each cache file's size and modification time: what a run that writes nothing leaves as it was. */
function cacheState(codeCache: string): Record<string, string> {
  return Object.fromEntries(readdirSync(codeCache).sort().map((name) => {
    const stat = statSync(path.join(codeCache, name));
    return [name, `${stat.size} ${stat.mtimeMs}`];
  }));
}

/** Builds the site with the copy's CLI: nothing on stderr (no warning from vm or V8), the SHA-1 of every output file. */
function buildQuietly(copy: RealSiteCopy, site: string, out: string, nodeFlags: string[] = []): Record<string, string> {
  const outDir = path.join(site, out);
  const result = spawnSync(process.execPath, ['--preserve-symlinks', ...nodeFlags, path.join(copy.root, 'bin', 'cleansite.mjs'), 'build', '--quiet', '--out', outDir],
    { cwd: site, encoding: 'utf8', timeout: 120_000, env: cliEnv() });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const hashes: Record<string, string> = {};
  for (const name of readdirSync(outDir, { recursive: true }) as string[]) {
    const file = path.join(outDir, name);
    if (statSync(file).isFile()) hashes[name] = createHash('sha1').update(readFileSync(file)).digest('hex');
  }
  expect(Object.keys(hashes).length).toBeGreaterThan(7);
  return hashes;
}
